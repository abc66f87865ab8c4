/// What a finger or the mouse did to a key, as the engine's table of effects sees it.
public enum Gesture: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The key went down.
    case press
    /// The key came up over itself (iOS's touchUpInside).
    case release
    /// The key has been held for the long-press delay.
    case longPress
    /// The key is still held: one auto-repeat tick.
    case repeatPress
    /// A second release soon after the first (shift: caps lock).
    case doubleTap
    /// The press ended without effect: slid off and released elsewhere, touch cancelled, the
    /// grab broke, the keyboard hid.
    case cancel
}

/// The shift key's three states.
public enum ShiftState: Equatable, Sendable {
    /// Lower case.
    case off
    /// The next character is a capital; `automatic` when auto-capitalisation set it.
    case latched(automatic: Bool)
    /// Caps lock: capitals until shift is pressed again.
    case locked
}
