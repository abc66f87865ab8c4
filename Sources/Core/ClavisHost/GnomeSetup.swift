import ClavisFiles

/// `clavis setup gnome`: what makes Clavis GNOME's keyboard, and what takes it back — Clavis
/// first among the input sources (GNOME starts it through IBus) and its Shell extension
/// enabled (GNOME's own keyboard closed while Clavis types, shortcuts through the Shell's
/// keyboard device). Pure: the command reads and writes the two GSettings lists around it.
///
///     GnomeSetup.sources([.init(type: "xkb", id: "de")], on: true)
///     // [ibus clavis, xkb de]: the German keyboard stays the one to switch back to
///     GnomeSetup.extensions(["other@x"], on: false)   // ["other@x"]
public enum GnomeSetup {
    /// One entry of `org.gnome.desktop.input-sources sources`: `('xkb', 'us')`, `('ibus', 'clavis')`.
    public struct InputSource: Equatable, Sendable, CustomStringConvertible {
        public var type: String
        public var id: String

        public init(type: String, id: String) {
            self.type = type
            self.id = id
        }

        public var description: String { "\(type) \(id)" }
    }

    /// Clavis as GNOME lists it: the engine of Resources/clavis-ibus.xml.
    public static let source = InputSource(type: "ibus", id: "clavis")
    /// The extension's UUID (data/gnome-shell/metadata.json).
    public static let extensionUUID = "clavis@clavis-keyboard.github.io"

    /// The sources with Clavis first (the one GNOME starts with), or without it. Every other
    /// source keeps its place: the hardware keyboard's layout stays one switch away.
    public static func sources(_ sources: [InputSource], on: Bool) -> [InputSource] {
        let others = sources.filter { $0 != source }
        return on ? [source] + others : others
    }

    /// `enabled-extensions` with the extension in it once (at the end), or without it.
    public static func extensions(_ enabled: [String], on: Bool) -> [String] {
        let others = enabled.filter { $0 != extensionUUID }
        return on ? others + [extensionUUID] : others
    }

    /// `disabled-extensions`, which wins over `enabled-extensions` (`gnome-extensions disable`
    /// writes it): without the extension when it is turned on, as it is otherwise.
    public static func disabledExtensions(_ disabled: [String], on: Bool) -> [String] {
        on ? disabled.filter { $0 != extensionUUID } : disabled
    }

    /// The extension's folder under the data folders GNOME Shell reads extensions from
    /// (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`), or `nil` when it is installed in none.
    public static func installedExtension(environment: [String: String] = Environment.variables,
                                          exists: (String) -> Bool = Files.exists) -> String? {
        let home = environment["HOME"] ?? ""
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Path.join(home, ".local/share")
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        return ([dataHome] + dataDirs)
            .map { Path.join($0, "gnome-shell/extensions/\(extensionUUID)") }
            .first { exists(Path.join($0, "metadata.json")) }
    }
}
