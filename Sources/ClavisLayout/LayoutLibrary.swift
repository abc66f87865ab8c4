import ClavisData
import Foundation

/// Loads layouts by built-in id or from a file the user names.
///
///     let us = try LayoutLibrary().load("us")              // built-in
///     let mine = try LayoutLibrary().load("~/my.rows")     // a file
public struct LayoutLibrary: Sendable {
    /// The folder holding the built-in layouts, or `nil` when Clavis's data was not found.
    public var builtInDirectory: URL?

    public init(builtInDirectory: URL? = ClavisData.directory?.appendingPathComponent("layouts")) {
        self.builtInDirectory = builtInDirectory
    }

    /// The ids of the built-in layouts, sorted.
    public var builtInIDs: [String] {
        guard let directory = builtInDirectory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".rows") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Loads `reference`: a path when it contains "/" or ends in ".rows", else a built-in id.
    public func load(_ reference: String) throws(LayoutErrors) -> KeyboardLayout {
        if reference.contains("/") || reference.hasSuffix(".rows") {
            let path = (reference as NSString).expandingTildeInPath
            return try load(file: URL(fileURLWithPath: path), shownAs: reference)
        }
        guard let directory = builtInDirectory else {
            let places = ClavisData.candidates.map(\.path).joined(separator: ", ")
            throw LayoutErrors(errors: [LayoutError(
                file: reference, line: 0,
                message: "Clavis's data files were not found (looked in \(places)); set CLAVIS_DATA_DIR")])
        }
        let file = directory.appendingPathComponent("\(reference).rows")
        guard FileManager.default.fileExists(atPath: file.path) else {
            let known = builtInIDs.joined(separator: ", ")
            throw LayoutErrors(errors: [LayoutError(
                file: reference, line: 0, message: "no built-in layout '\(reference)' (built-in: \(known))")])
        }
        return try load(file: file, shownAs: file.lastPathComponent)
    }

    /// Parses one layout file; `shownAs` is how error messages name it.
    public func load(file: URL, shownAs name: String) throws(LayoutErrors) -> KeyboardLayout {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw LayoutErrors(errors: [LayoutError(
                file: name, line: 0, message: "cannot read the file (\(Self.reason(error)))")])
        }
        return try RowsLayoutParser(fileName: name).parse(text)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadInapplicableStringEncodingError {
            return "not UTF-8 text"
        }
        return nsError.localizedDescription
    }
}
