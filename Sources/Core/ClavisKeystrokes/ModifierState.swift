/// The modifiers in force when Clavis starts typing, which it puts back when it is done.
///
/// Typing "a" while Caps Lock is on, or while someone holds Shift on a hardware keyboard,
/// would give "A": so Clavis releases the held modifier keys and turns Caps Lock off first,
/// and afterwards presses the same keys again and turns Caps Lock back on.
public struct ModifierState: Equatable, Sendable {
    /// Modifier keys (Shift, Control, Alt, …) that are down now, by keycode.
    public var heldKeycodes: [UInt8]
    /// Whether Caps Lock is on.
    public var capsLocked: Bool
    /// The active keyboard group (0 is the first layout of the keymap).
    public var group: Int

    public init(heldKeycodes: [UInt8] = [], capsLocked: Bool = false, group: Int = 0) {
        self.heldKeycodes = heldKeycodes
        self.capsLocked = capsLocked
        self.group = group
    }
}
