import ClavisEngine

extension KeyPress {
    /// The press's modifiers as X11's core state bits, which Wayland keymaps and IBus's key
    /// events number the same way: Shift 0x1, Control 0x4, Alt (Mod1) 0x8, Super (Mod4) 0x40,
    /// AltGr (Mod5) 0x80.
    ///
    ///     KeyPress(name: .character("t"), modifiers: [.control], shift: true).modifierMask()   // 0x5
    public func modifierMask(shifted: Bool = false) -> UInt32 {
        var mask: UInt32 = shift || shifted ? 0x1 : 0
        for modifier in modifiers {
            switch modifier {
            case .control: mask |= 0x4
            case .alt: mask |= 0x8
            case .super: mask |= 0x40
            case .altGr: mask |= 0x80
            }
        }
        return mask
    }
}
