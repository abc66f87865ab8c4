import ClavisFiles
import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif

/// "Start with the desktop": the XDG autostart entry that starts the keyboard at login, hidden
/// until a text field takes the focus (`clavis keyboard --auto-show --hidden`). Off unless the
/// user turns it on; on GNOME and on KDE Plasma under Wayland it is not offered, since those
/// desktops start their keyboard themselves (GNOME through IBus, Plasma as its virtual
/// keyboard) and a second copy would fight the first.
///
///     let autostart = Autostart(configHome: "/home/ann/.config", binary: "/usr/bin/clavis",
///                               environment: ["XDG_CURRENT_DESKTOP": "XFCE"])
///     try autostart.set(true)   // writes /home/ann/.config/autostart/clavis-keyboard.desktop
///     autostart.isOn            // true
///
/// A file of the same name that Clavis did not write (no `X-Clavis-Autostart=true` line, or a
/// link) is the user's: never written over, never removed.
public struct Autostart: Sendable {
    /// The entry's name in the autostart folder: the keyboard's desktop entry's own name, so a
    /// desktop that lists autostart entries by application shows Clavis Keyboard.
    public static let fileName = "clavis-keyboard.desktop"

    /// `$XDG_CONFIG_HOME/autostart/clavis-keyboard.desktop`.
    public let path: String
    /// The command the entry runs, as arguments: the binary's full path, so the entry works
    /// whatever PATH the session starts with.
    public let arguments: [String]
    /// Why this desktop needs no entry, shown in place of the switch; nil where it does.
    public let startedByDesktop: String?

    public init(configHome: String, binary: String, environment: [String: String]) {
        path = Path.join(configHome, "autostart/\(Self.fileName)")
        arguments = [binary, "keyboard", "--auto-show", "--hidden"]
        startedByDesktop = Self.desktopStartingItsOwnKeyboard(environment: environment)
    }

    /// The entry for this user and session: the config home and desktop the environment gives.
    public static func user(binary: String, environment: [String: String] = Environment.variables) -> Autostart {
        Autostart(configHome: UserDirectories(environment: environment).configHome, binary: binary, environment: environment)
    }

    /// Who the file at `path` belongs to.
    public enum Owner: Equatable, Sendable {
        /// No file there.
        case nobody
        /// Clavis's own entry: a regular file with `marker`.
        case clavis
        /// The user's: a file Clavis did not write (hand-written, another program's), or a
        /// link (kept with the user's dotfiles). Clavis neither overwrites nor removes it.
        case user
    }

    /// Whose the file at `path` is.
    public var owner: Owner {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .nobody }
        guard status.st_mode & S_IFMT == S_IFREG, let bytes = try? Files.read(path, limit: 64 * 1024) else { return .user }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.contains(Self.marker[...]) ? .clavis : .user
    }

    /// Whether Clavis's own entry is there and on (one turned off with `Hidden=true`, or the
    /// user's own file of the same name, does not count).
    public var isOn: Bool {
        guard owner == .clavis, let bytes = try? Files.read(path, limit: 64 * 1024) else { return false }
        return !String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains("Hidden=true")
    }

    /// Why the entry cannot be switched: the user's own file stands where it would go.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case usersOwnEntry(String)
        case file(FileError)

        public var description: String {
            switch self {
            case .usersOwnEntry(let path):
                "\(MessageText.escaped(path)) is an entry Clavis did not write (or a link); it is left as it is: edit or remove it yourself"
            case .file(let error): "\(error)"
            }
        }
    }

    /// Writes Clavis's entry (`on`) or removes it. Only Clavis's own entry is written over or
    /// removed; the user's own file of the same name refuses the change.
    ///
    ///     try autostart.set(false)   // removes clavis-keyboard.desktop if Clavis wrote it
    public func set(_ on: Bool) throws(Refusal) {
        switch owner {
        case .user: throw .usersOwnEntry(path)
        case .nobody where !on: return
        case .clavis where !on: Files.remove(path)
        default:
            do { try Files.write(Array(entry.utf8), to: path) } catch { throw .file(error) }
        }
    }

    /// The desktop entry written: a keyboard that starts hidden and comes up with text fields.
    public var entry: String {
        """
        [Desktop Entry]
        Type=Application
        Name=Clavis Keyboard
        Comment=On-screen keyboard that comes up when a text field takes the focus
        Exec=\(DesktopEntry.exec(arguments))
        Icon=clavis
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=true
        \(Self.marker)

        """
    }

    /// The line that marks an entry as written by Clavis's settings.
    static let marker = "X-Clavis-Autostart=true"

    /// GNOME (any session: IBus starts Clavis as an input source) and KDE Plasma on Wayland
    /// (KWin starts its virtual keyboard) start the keyboard themselves; `nil` elsewhere.
    static func desktopStartingItsOwnKeyboard(environment: [String: String]) -> String? {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.uppercased() }
        let wayland = environment["XDG_SESSION_TYPE"] == "wayland" || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if desktops.contains("GNOME") {
            return "GNOME starts Clavis itself once it is an input source (Settings → Keyboard → Input Sources)."
        }
        if desktops.contains("KDE"), wayland {
            return "KDE Plasma starts Clavis itself as its virtual keyboard (System Settings → Keyboard → Virtual Keyboard)."
        }
        return nil
    }
}
