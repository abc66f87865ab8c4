/// File paths as strings: joined, and split into folder and name, the way a shell reads them.
///
///     Path.join("/usr/share", "clavis/layouts")   // "/usr/share/clavis/layouts"
///     Path.parent(of: "/a/b/c.yaml")              // "/a/b"
///     Path.lastComponent(of: "/a/b/c.yaml")       // "c.yaml"
public enum Path {
    /// `folder` and `name` with one "/" between them.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.hasPrefix("/") { return folder.hasSuffix("/") ? folder + name.dropFirst() : folder + name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder holding `path`: "." for a bare name, "/" for a name at the root.
    public static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last name in `path` ("c.yaml" of "/a/b/c.yaml", "b" of "/a/b/").
    public static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let name = String(trimmed[trimmed.index(after: slash)...])
        return name.isEmpty ? "/" : name
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
