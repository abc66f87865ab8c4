/// Runs work later on the main actor: GLib timeouts in the app, virtual time in tests.
///
/// Injected wherever timing matters (delete repeat, long press, double tap), so tests step
/// through seconds of holding a key in microseconds and the timings are exact.
@MainActor
public protocol Scheduler: AnyObject {
    /// Seconds on a monotonic clock.
    var now: Double { get }
    /// Runs `action` once, `seconds` from now, unless the returned task is cancelled first.
    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask
}

/// Work scheduled on a `Scheduler`.
@MainActor
public protocol ScheduledTask: AnyObject {
    /// Stops the work if it has not run; does nothing after.
    func cancel()
}

/// How long holds and taps take (the values phone keyboards use).
public struct KeyTiming: Equatable, Sendable {
    /// Backspace held this long starts repeating.
    public var repeatDelay = 0.4
    /// Then it deletes again every this often.
    public var repeatInterval = 0.1
    /// A key with alternates (or the globe) held this long opens them.
    public var longPressDelay = 0.5
    /// Two shift taps this close together lock capitals.
    public var doubleTapInterval = 0.5

    public init() {}
}
