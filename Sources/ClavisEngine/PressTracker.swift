import ClavisLayout

/// Turns a pointer's press and release into key activations, as iOS buttons do.
///
/// Most keys act on release inside the key (touchUpInside), so sliding off a key cancels it.
/// Backspace acts at once on press: deleting must feel immediate, and its auto-repeat starts
/// from the press.
///
///     var tracker = PressTracker()
///     tracker.press(q)            // nil: nothing yet; q lights up
///     tracker.release(over: q)    // q: type it
@MainActor
public struct PressTracker {
    /// The key held down, drawn highlighted; `nil` when none is.
    public private(set) var pressedKey: KeyDefinition?

    public init() {}

    /// A press began on `key`; returns the key to activate now, if it acts on press.
    public mutating func press(_ key: KeyDefinition) -> KeyDefinition? {
        pressedKey = key
        return Self.actsOnPress(key) ? key : nil
    }

    /// The press ended over `key` (`nil`: outside the keyboard); returns the key to activate.
    public mutating func release(over key: KeyDefinition?) -> KeyDefinition? {
        defer { pressedKey = nil }
        guard let pressed = pressedKey, !Self.actsOnPress(pressed), pressed.id == key?.id else { return nil }
        return pressed
    }

    /// The press was cancelled (grab broken, window hidden): nothing is activated.
    public mutating func cancel() {
        pressedKey = nil
    }

    private static func actsOnPress(_ key: KeyDefinition) -> Bool {
        key.action == .backspace
    }
}
