import ClavisLayout

/// A key sent as a key event rather than text: a PC layout's Esc, F5 or arrows, or a
/// character key with Ctrl, Alt, Super or AltGr (a shortcut).
///
///     KeyPress(name: .character("c"), modifiers: [.control])    // Ctrl+C
///     KeyPress(name: .function(5))
public struct KeyPress: Equatable, Hashable, Sendable {
    /// The key: a named one (`.escape`, `.pageUp`) or a character key's (`.character("c")`).
    public var name: KeyName
    /// Ctrl, Alt, Super, AltGr.
    public var modifiers: Set<KeyModifier>
    /// Whether Shift goes with it (Ctrl+Shift+T).
    public var shift: Bool

    public init(name: KeyName, modifiers: Set<KeyModifier> = [], shift: Bool = false) {
        self.name = name
        self.modifiers = modifiers
        self.shift = shift
    }

    /// Readable, as shortcuts are written: "Ctrl+Shift+t", "F5".
    public var description: String {
        (modifiers.sorted().map(\.label) + (shift ? ["Shift"] : []) + [name.keysym]).joined(separator: "+")
    }
}
