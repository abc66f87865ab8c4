#if canImport(Glibc)
import Glibc
#endif

/// The user's home folder, as the XDG folders and `~/` paths need it, without Foundation.
///
///     UserDirectories.expandingTilde("~/layouts/mine.yaml")   // "/home/ann/layouts/mine.yaml"
public enum UserDirectories {
    /// `$HOME`, else the user's home from the password database.
    public static var home: String {
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
        return getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } } ?? "/"
    }

    /// `~/x` as a path in the home folder (as a shell would have it); other paths unchanged.
    public static func expandingTilde(_ path: String) -> String {
        path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
    }
}
