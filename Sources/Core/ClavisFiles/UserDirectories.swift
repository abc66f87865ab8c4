#if canImport(Glibc)
import Glibc
#endif

/// The user's folders, the one place Clavis works them out: the home folder, and the XDG
/// base directories with the specification's defaults (an unset or empty variable counts
/// as unset).
///
///     UserDirectories.expandingTilde("~/layouts/mine.yaml")   // "/home/ann/layouts/mine.yaml"
///     UserDirectories(environment: ["HOME": "/home/ann"]).dataHome   // "/home/ann/.local/share"
public struct UserDirectories: Sendable {
    /// `$HOME`, else the user's home from the password database.
    public let home: String
    /// `$XDG_DATA_HOME`, default `~/.local/share`: learned words, user layouts and themes.
    public let dataHome: String
    /// `$XDG_CONFIG_HOME`, default `~/.config`: the settings file.
    public let configHome: String
    /// `$XDG_DATA_DIRS`, default `/usr/local/share:/usr/share`: installed data, in order.
    public let dataDirectories: [String]
    /// `$XDG_RUNTIME_DIR`, default `/run/user/UID`: sockets (the sound server's).
    public let runtimeDirectory: String

    /// The folders `environment` gives; `user` is whose runtime folder is the default.
    public init(environment: [String: String] = Environment.variables, user: UInt32 = getuid()) {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        home = variable("HOME") ?? Self.passwordHome
        dataHome = variable("XDG_DATA_HOME") ?? Path.join(home, ".local/share")
        configHome = variable("XDG_CONFIG_HOME") ?? Path.join(home, ".config")
        dataDirectories = (variable("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        runtimeDirectory = variable("XDG_RUNTIME_DIR") ?? "/run/user/\(user)"
    }

    /// Clavis's own folder in the data home: `~/.local/share/clavis`.
    public var clavisData: String { Path.join(dataHome, "clavis") }

    /// Clavis's own folder in the config home: `~/.config/clavis`.
    public var clavisConfig: String { Path.join(configHome, "clavis") }

    /// `$HOME`, else the user's home from the password database.
    public static var home: String { UserDirectories().home }

    /// `~/x` as a path in the home folder (as a shell would have it); other paths unchanged.
    public static func expandingTilde(_ path: String) -> String {
        path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
    }

    private static var passwordHome: String {
        getpwuid(getuid()).flatMap { $0.pointee.pw_dir.map { String(cString: $0) } } ?? "/"
    }
}
