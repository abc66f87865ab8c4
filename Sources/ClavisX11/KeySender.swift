import ClavisKeystrokes

/// Sends key presses to the focused window of another application: XTest in the app, a
/// recorder in tests of the proxy above it.
@MainActor
public protocol KeySender: AnyObject {
    /// Types `keysyms` in order (characters, Return, BackSpace, the arrows).
    @discardableResult
    func type(_ keysyms: [Keysym]) -> KeySendOutcome
}

/// What became of a batch of keys.
public enum KeySendOutcome: Equatable, Sendable {
    case typed
    /// Dropped: Clavis's own window has the focus.
    case ownWindowFocused
    /// Typed, except these (no key for them and no empty keycode to borrow).
    case untyped([Keysym])
}
