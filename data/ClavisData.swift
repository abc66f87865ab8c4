import ClavisFiles

/// Finds the data Clavis ships (built-in layouts, themes, key sounds) wherever the binary runs.
///
/// Looked for, in order: `$CLAVIS_DATA_DIR`; `../share/clavis` beside the executable (an
/// installed copy, `make install`); the `data` and `Resources` folders of the source tree the
/// executable was built in (a `swift build` or `swift test` tree). Files are read from there
/// in place rather than copied into SwiftPM resource bundles, whose generated accessor needs
/// Foundation (and with it ICU's data: megabytes of resident memory).
///
///     ClavisData.directory.map { Path.join($0, "layouts/us.yaml") }
///     ClavisData.directory(containing: "sounds")
public enum ClavisData {
    /// The first candidate directory that holds a `layouts` folder, or `nil`.
    public static var directory: String? {
        directory(containing: "layouts")
    }

    /// The first candidate directory that holds a folder of this name, or `nil`.
    public static func directory(containing folder: String) -> String? {
        candidates.first { Files.exists(Path.join($0, folder)) }
    }

    /// Every place looked in, most specific first (for error messages).
    public static var candidates: [String] {
        var result: [String] = []
        if let custom = Environment.variables["CLAVIS_DATA_DIR"], !custom.isEmpty {
            result.append(custom)
        }
        let binDirectory = executableDirectory
        result.append(Path.join(Path.parent(of: binDirectory), "share/clavis"))
        for tree in sourceTrees { result += [Path.join(tree, "data"), Path.join(tree, "Resources")] }
        return result
    }

    /// The folders above the executable that may be the source tree it was built in
    /// (`.build/debug/clavis` is three levels below it, `.build/x86_64-…/release/clavis` four).
    static var sourceTrees: [String] {
        var trees: [String] = []
        var directory = executableDirectory
        for _ in 0..<5 {
            directory = Path.parent(of: directory)
            if Files.exists(Path.join(directory, "Package.swift")) { trees.append(directory) }
        }
        return trees
    }

    /// The source tree the running program was built in, if it runs from one (its scripts,
    /// such as `scripts/text-data.sh`, can then be named to the user).
    public static var sourceTree: String? {
        sourceTrees.first { Files.exists(Path.join($0, "scripts/text-data.sh")) }
    }

    static var executableDirectory: String {
        Path.parent(of: Files.resolvingSymlinks("/proc/self/exe"))
    }
}

extension ClavisData {
    /// Where the lexicons (`LANG.clx`, built by `scripts/text-data.sh`) are looked for, in
    /// order: `$CLAVIS_TEXT_DIR`; `text` in each data candidate (an installed copy); the
    /// `.build-data/text` of the source tree the executable was built in.
    public static var textDirectories: [String] {
        var result: [String] = []
        if let custom = Environment.variables["CLAVIS_TEXT_DIR"], !custom.isEmpty { result.append(custom) }
        result += candidates.map { Path.join($0, "text") }
        result += sourceTrees.map { Path.join($0, ".build-data/text") }
        return result
    }
}
