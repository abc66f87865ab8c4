import ClavisFiles

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
public struct Autostart: Sendable {
    /// The entry's name in the autostart folder: the keyboard's desktop entry's own name, so a
    /// desktop that lists autostart entries by application shows Clavis Keyboard.
    public static let fileName = "clavis-keyboard.desktop"

    /// `$XDG_CONFIG_HOME/autostart/clavis-keyboard.desktop`.
    public let path: String
    /// The command the entry runs: the binary's full path, so the entry works whatever PATH
    /// the session starts with.
    public let command: String
    /// Why this desktop needs no entry, shown in place of the switch; nil where it does.
    public let startedByDesktop: String?

    public init(configHome: String, binary: String, environment: [String: String]) {
        path = Path.join(configHome, "autostart/\(Self.fileName)")
        command = "\(binary) keyboard --auto-show --hidden"
        startedByDesktop = Self.desktopStartingItsOwnKeyboard(environment: environment)
    }

    /// The entry for this user and session: the config home and desktop the environment gives.
    public static func user(binary: String, environment: [String: String] = Environment.variables) -> Autostart {
        Autostart(configHome: UserDirectories(environment: environment).configHome, binary: binary, environment: environment)
    }

    /// Whether the entry is there and is Clavis's (an entry of the same name the user wrote by
    /// hand, or one turned off with `Hidden=true`, does not count).
    public var isOn: Bool {
        guard let bytes = try? Files.read(path, limit: 64 * 1024) else { return false }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.contains(Self.marker[...]) && !lines.contains("Hidden=true")
    }

    /// Writes the entry (`on`) or removes it. Removing touches only Clavis's own entry.
    public func set(_ on: Bool) throws(FileError) {
        if on {
            try Files.write(Array(entry.utf8), to: path)
        } else if isOn {
            Files.remove(path)
        }
    }

    /// The desktop entry written: a keyboard that starts hidden and comes up with text fields.
    public var entry: String {
        """
        [Desktop Entry]
        Type=Application
        Name=Clavis Keyboard
        Comment=On-screen keyboard that comes up when a text field takes the focus
        Exec=\(command)
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
