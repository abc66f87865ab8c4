import ClavisEngine
import ClavisKeystrokes

extension KeyPress {
    /// The modifier keys a keyboard device holds down around this press, in the order they go
    /// down: Control, Alt, Super, AltGr (as `KeyModifier` sorts), then Shift when the press
    /// asks for it. What XTest presses on X11 and the GNOME Shell extension's device presses.
    ///
    ///     KeyPress(name: .character("a"), modifiers: [.control]).heldKeysyms    // [Control_L]
    ///     KeyPress(name: .left, modifiers: [.control], shift: true).heldKeysyms
    ///                                                                           // [Control_L, Shift_L]
    public var heldKeysyms: [Keysym] {
        var keys: [Keysym] = modifiers.sorted().map {
            switch $0 {
            case .control: .controlLeft
            case .alt: .altLeft
            case .super: .superLeft
            case .altGr: .isoLevel3Shift
            }
        }
        if shift { keys.append(.shiftLeft) }
        return keys
    }
}
