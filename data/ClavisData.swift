import FoundationEssentials

/// Finds the data Clavis ships (built-in layouts, themes, key sounds) wherever the binary runs.
///
/// Looked for, in order: `$CLAVIS_DATA_DIR`; `../share/clavis` beside the executable (an
/// installed copy, `make install`); the `data` and `Resources` folders of the source tree the
/// executable was built in (a `swift build` or `swift test` tree). Files are read from there
/// in place rather than copied into SwiftPM resource bundles, whose generated accessor needs
/// Foundation (and with it ICU's data: megabytes of resident memory).
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
        let binDirectory = executableDirectory
        result.append(binDirectory.deletingLastPathComponent().appendingPathComponent("share/clavis"))
        for tree in sourceTrees { result += [tree.appendingPathComponent("data"), tree.appendingPathComponent("Resources")] }
        return result
    }

    /// The folders above the executable that may be the source tree it was built in
    /// (`.build/debug/clavis` is three levels below it, `.build/x86_64-…/release/clavis` four).
    static var sourceTrees: [URL] {
        var trees: [URL] = []
        var directory = executableDirectory
        for _ in 0..<5 {
            directory.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { trees.append(directory) }
        }
        return trees
    }

    static var executableDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }
}

extension ClavisData {
    /// Where the lexicons (`LANG.clx`, built by `scripts/text-data.sh`) are looked for, in
    /// order: `$CLAVIS_TEXT_DIR`; `text` in each data candidate (an installed copy); the
    /// `.build-data/text` of the source tree the executable was built in.
    public static var textDirectories: [String] {
        var result: [String] = []
        if let custom = ProcessInfo.processInfo.environment["CLAVIS_TEXT_DIR"], !custom.isEmpty { result.append(custom) }
        result += candidates.map { $0.appendingPathComponent("text").path }
        result += sourceTrees.map { $0.appendingPathComponent(".build-data/text").path }
        return result
    }
}
