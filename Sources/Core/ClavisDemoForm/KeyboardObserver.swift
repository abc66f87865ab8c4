/// Where the keyboard is about to be, announced before it moves: the height it takes from
/// the bottom of the host and how long the move lasts, so content can pad itself in step
/// with the animation.
public struct KeyboardFrameChange: Equatable, Sendable {
    /// Points the docked keyboard covers at the bottom of the host (0 when hidden or
    /// floating: a floating keyboard covers nothing the form should make room for).
    public var height: Double
    /// Seconds the change animates over (0 for an instant change).
    public var duration: Double
    /// Whether the keyboard is in its own floating window.
    public var isFloating: Bool

    public init(height: Double, duration: Double, isFloating: Bool) {
        self.height = height
        self.duration = duration
        self.isFloating = isFloating
    }
}

/// Publishes every keyboard frame change to its subscribers, the latest first to new ones.
///
///     observer.subscribe { change in spacer.height = change.height }
@MainActor
public final class KeyboardObserver {
    public private(set) var current = KeyboardFrameChange(height: 0, duration: 0, isFloating: false)
    private var subscribers: [(KeyboardFrameChange) -> Void] = []

    public init() {}

    /// Calls `handler` with the current frame now and with every change after.
    public func subscribe(_ handler: @escaping (KeyboardFrameChange) -> Void) {
        subscribers.append(handler)
        handler(current)
    }

    /// Announces a change; repeats of the same frame are not announced.
    public func publish(_ change: KeyboardFrameChange) {
        guard change != current else { return }
        current = change
        for subscriber in subscribers { subscriber(change) }
    }
}
