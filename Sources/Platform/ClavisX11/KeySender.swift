import ClavisKeystrokes

/// Sends key presses to the focused window of another application: XTest in the app, a
/// recorder in tests of the proxy above it.
@MainActor
public protocol KeySender: AnyObject {
    /// Types `keysyms` in order (characters, Return, BackSpace, the arrows).
    @discardableResult
    func type(_ keysyms: [Keysym]) -> KeySendOutcome
    /// Presses `keysym` with `modifiers` (Control_L, Alt_L, …) held around it: a shortcut or
    /// a key such as Escape or F5, on the keymap's own keycodes.
    @discardableResult
    func press(_ keysym: Keysym, modifiers: [Keysym]) -> KeySendOutcome
}

/// What became of a batch of keys.
public enum KeySendOutcome: Equatable, Sendable {
    case typed
    /// Dropped: Clavis's own window has the focus.
    case ownWindowFocused
    /// Typed, except these (no key for them and no empty keycode to borrow).
    case untyped([Keysym])
}
