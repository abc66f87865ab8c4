import Foundation

/// Finds the data Clavis ships (built-in layouts, key sounds) wherever the binary runs.
///
/// Looked for, in order: `$CLAVIS_DATA_DIR`; `../share/clavis` beside the executable (an
/// installed copy, `make install`); the SwiftPM resource bundles beside the executable (a
/// `swift build` or `swift test` tree). Bundles are located by path rather than through
/// `Bundle.module`, whose generated accessor traps when the bundle is missing.
///
///     ClavisData.directory?.appendingPathComponent("layouts/us.yaml")
///     ClavisData.directory(containing: "sounds")
public enum ClavisData {
    /// The first candidate directory that holds a `layouts` folder, or `nil`.
    public static var directory: URL? {
        directory(containing: "layouts")
    }

    /// The first candidate directory that holds a folder of this name, or `nil`.
    public static func directory(containing folder: String) -> URL? {
        candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(folder).path) }
    }

    /// Every place looked in, most specific first (for error messages).
    public static var candidates: [URL] {
        var result: [URL] = []
        if let custom = ProcessInfo.processInfo.environment["CLAVIS_DATA_DIR"], !custom.isEmpty {
            result.append(URL(fileURLWithPath: custom))
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let binDirectory = executable.deletingLastPathComponent()
        result.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/clavis"))
        result.append(binDirectory.appendingPathComponent("Clavis_ClavisData.resources"))
        result.append(binDirectory.appendingPathComponent("Clavis_ClavisResources.resources"))
        return result
    }
}

extension ClavisData {
    /// Where the lexicons (`LANG.clx`, built by `scripts/text-data.sh`) are looked for, in
    /// order: `$CLAVIS_TEXT_DIR`; `text` in each data candidate (an installed copy); the
    /// `.build-data/text` of a source tree the executable was built in.
    public static var textDirectories: [String] {
        var result: [String] = []
        if let custom = ProcessInfo.processInfo.environment["CLAVIS_TEXT_DIR"], !custom.isEmpty { result.append(custom) }
        result += candidates.map { $0.appendingPathComponent("text").path }
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            result.append(directory.appendingPathComponent(".build-data/text").path)
            directory.deleteLastPathComponent()
        }
        return result
    }
}
