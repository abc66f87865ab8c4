import ClavisLayout

/// A key sent as a key event rather than text: a PC layout's Esc, F5 or arrows, or a
/// character key with Ctrl, Alt, Super or AltGr (a shortcut).
///
///     KeyPress(name: "c", modifiers: [.control])    // Ctrl+C
///     KeyPress(name: "F5")
public struct KeyPress: Equatable, Hashable, Sendable {
    /// An X keysym name (`Escape`, `Page_Up`) or the character of a character key ("c").
    public var name: String
    /// Ctrl, Alt, Super, AltGr.
    public var modifiers: Set<KeyModifier>
    /// Whether Shift goes with it (Ctrl+Shift+T).
    public var shift: Bool

    public init(name: String, modifiers: Set<KeyModifier> = [], shift: Bool = false) {
        self.name = name
        self.modifiers = modifiers
        self.shift = shift
    }

    /// Readable, as shortcuts are written: "Ctrl+Shift+t", "F5".
    public var description: String {
        (modifiers.sorted().map(\.label) + (shift ? ["Shift"] : []) + [name]).joined(separator: "+")
    }
}
