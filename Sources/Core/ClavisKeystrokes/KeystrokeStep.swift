/// One thing the X server is asked to do while Clavis types.
public enum KeystrokeStep: Equatable, Sendable {
    /// A key goes down (XTestFakeKeyEvent, press).
    case press(UInt8)
    /// A key comes up.
    case release(UInt8)
    /// The keycode's keysyms are replaced (XChangeKeyboardMapping): binding a spare keycode
    /// to a character the keymap lacks, or giving it back.
    case remap(UInt8, [Keysym])
}
