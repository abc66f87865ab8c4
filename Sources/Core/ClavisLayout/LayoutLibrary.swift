import ClavisData
import ClavisFiles
import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif

/// Finds and loads layouts: built-in ones, the user's, and files named on the command line.
///
/// A layout's id is its file name without `.yaml`. Directories are searched most specific
/// first: `$XDG_DATA_HOME/clavis/layouts` (default `~/.local/share`), then each
/// `$XDG_DATA_DIRS/clavis/layouts` (default `/usr/local/share:/usr/share`) in order, then the
/// built-ins Clavis ships; so a user's `us.yaml` overrides the built-in US layout.
///
///     let library = LayoutLibrary()
///     let us = try library.load("us")              // by id
///     let mine = try library.load("~/my.yaml")     // a file
public struct LayoutLibrary: Sendable {
    /// The directories searched for layouts by id, most specific first.
    public let directories: [String]
    /// The folder of the built-in layouts, or `nil` when Clavis's data was not found.
    public let builtInDirectory: String?
    /// The Unicode emoji list the `emoji` keyboard is generated from (`CLAVIS_EMOJI_DATA`, or
    /// Debian unicode-data's).
    public let emojiData: String

    public init(environment: [String: String] = Environment.variables,
                builtInDirectory: String? = ClavisData.directory.map { Path.join($0, "layouts") },
                generators: [String: Generator] = [:]) {
        self.generators = generators
        let folders = UserDirectories(environment: environment)
        var directories = ([folders.dataHome] + folders.dataDirectories).map { Path.join($0, "clavis/layouts") }
        if let builtInDirectory { directories.append(builtInDirectory) }
        self.directories = directories
        self.builtInDirectory = builtInDirectory
        emojiData = environment["CLAVIS_EMOJI_DATA"].flatMap { $0.isEmpty ? nil : $0 } ?? EmojiData.defaultPath
    }

    /// Makes a layout for an id with a prefix (`xkb:fr`).
    public typealias Generator = @Sendable (String) throws -> KeyboardLayout
    /// The generators by id prefix, handed in by the program (the XKB adapter lives above
    /// this pure layer). Their layouts are not listed in `available`.
    public let generators: [String: Generator]

    /// Every layout id found, each with the file that wins for it, sorted by id.
    public var available: [(id: String, file: String)] {
        var found: [String: String] = [:]
        for directory in directories.reversed() {
            let names = (try? Files.contents(ofDirectory: directory)) ?? []
            for name in names where name.hasSuffix(".yaml") {
                found[String(name.dropLast(5))] = Path.join(directory, name)
            }
        }
        // Generated from the Unicode list, unless a layout file of that name replaces it.
        if found[EmojiKeyboard.id] == nil, Files.exists(emojiData) {
            found[EmojiKeyboard.id] = emojiData
        }
        return found.sorted { $0.key < $1.key }.map { (id: $0.key, file: $0.value) }
    }

    /// Whether `reference` names a layout that is there: an existing file, or an installed id.
    public func contains(_ reference: String) -> Bool {
        if generator(for: reference) != nil { return true }
        if Self.isFile(reference) {
            return Files.exists(UserDirectories.expandingTilde(reference))
        }
        return available.contains { $0.id == reference }
    }

    /// The generator that makes `reference`: the one whose prefix it starts with (`xkb:fr`),
    /// or whose prefix it is without the colon (`scan` for `scan:`).
    func generator(for reference: String) -> Generator? {
        generators.first { reference.hasPrefix($0.key) || ($0.key.hasSuffix(":") && reference == String($0.key.dropLast())) }?.value
    }

    /// Whether `reference` is a file rather than an id: it contains "/" or ends in ".yaml"/".yml".
    static func isFile(_ reference: String) -> Bool {
        reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".yml")
    }

    /// Loads `reference`: a file when it contains "/" or ends in ".yaml"/".yml", else an id.
    /// With `generatingEmoji` false the emoji keyboard generated from Unicode's list comes as
    /// its stand-in (`EmojiKeyboard.standIn`), for the keyboard view to generate when shown.
    public func load(_ reference: String, generatingEmoji: Bool = true) throws(LayoutErrors) -> KeyboardLayout {
        if let generate = generator(for: reference) {
            do {
                return try generate(reference)
            } catch let errors as LayoutErrors {
                throw errors
            } catch {
                throw LayoutErrors(errors: [LayoutError(file: reference, message: "\(error)")])
            }
        }
        if Self.isFile(reference) {
            let path = UserDirectories.expandingTilde(reference)
            return try load(file: path, shownAs: reference)
        }
        guard let file = available.first(where: { $0.id == reference })?.file else {
            let known = available.map(\.id).joined(separator: ", ")
            let hint = builtInDirectory == nil
                ? "; Clavis's own data was not found (looked in \(ClavisData.candidates.joined(separator: ", ")); set CLAVIS_DATA_DIR)"
                : ""
            throw LayoutErrors(errors: [LayoutError(
                file: reference, message: "no layout '\(reference)' (available: \(known.isEmpty ? "none" : known))\(hint)")])
        }
        if !generatingEmoji, file == emojiData { return EmojiKeyboard.standIn(file: file) }
        return try load(file: file, shownAs: file)
    }

    /// Reads and parses one layout file; `shownAs` is how error messages name it.
    public func load(file: String, shownAs name: String) throws(LayoutErrors) -> KeyboardLayout {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(file, limit: file == emojiData ? nil : LayoutReader.maximumFileSize)
        } catch where error.code == EFBIG {
            throw LayoutErrors(errors: [LayoutError(file: name, message: "the file is over \(LayoutReader.maximumFileSize) bytes (layouts are a few kilobytes)")])
        } catch {
            throw LayoutErrors(errors: [LayoutError(file: name, message: "cannot read the file (\(error.reason))")])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LayoutErrors(errors: [LayoutError(file: name, at: Self.firstInvalidUTF8(bytes),
                                                    message: "the file is not UTF-8 text (an invalid byte here)")])
        }
        if file == emojiData {
            let layout = EmojiKeyboard.layout(from: EmojiData.parse(text), file: name)
            guard !layout.layers.isEmpty else {
                throw LayoutErrors(errors: [LayoutError(file: name, message: "no emoji in the file (is it Unicode's emoji-test.txt?)")])
            }
            return layout
        }
        return try LayoutReader(file: name).read(text)
    }

    /// The emoji groups of Unicode's list (for the emoji keyboard with a Recent page), or of
    /// another file in its format; `nil` when the list cannot be read.
    public func emojiGroups(file: String? = nil) -> [EmojiData.Group]? {
        guard let bytes = try? Files.read(file ?? emojiData), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return EmojiData.parse(text)
    }

    /// Where the first byte that is not part of valid UTF-8 sits.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> SourceLocation {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return SourceLocation(utf8Offset: offset, in: bytes)
            }
        }
    }
}
