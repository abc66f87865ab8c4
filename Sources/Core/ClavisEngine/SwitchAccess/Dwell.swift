/// Dwell (hover) clicking: the pointer resting on a target for `dwellTime` presses it, for
/// people who can point (a head mouse, an eye tracker) but not click.
///
/// The time runs from the moment the pointer lands on a target and restarts when it moves
/// to another one (not when it jitters inside one: eye trackers never hold still). After
/// a target fires, it cannot fire again until the pointer moves off it or more than
/// `rearmDistance` points from where it fired, so resting does not type "eeee". The
/// `.pause` target (in a corner) stops dwelling and, dwelt on again, resumes it.
///
///     let dwell = Dwell(scheduler: scheduler)
///     dwell.onFire = { target in session.dwellFired(target) }
///     dwell.moved(x: 40, y: 60, over: .key("q"))   // 0.8 s later: "q"
@MainActor
public final class Dwell {
    /// What the pointer can rest on.
    public enum Target: Hashable, Sendable {
        case key(String)
        case suggestion(Int)
        /// One of the long-press alternates open over a key.
        case alternate(Int)
        /// Pauses dwelling, and resumes it.
        case pause
        /// The next dwell on a key is a long press (its alternates, the keyboard list).
        case longPress
        /// The bar's ✎, which opens the editing panel.
        case panelButton
    }

    /// Seconds of rest that press a target.
    public var dwellTime = 0.8
    /// How far the pointer must move from where a target fired before it can fire again.
    public var rearmDistance = 8.0
    /// Seconds between progress updates while the time runs (the ring is redrawn).
    public var progressInterval = 1.0 / 30
    /// While paused, only the pause target dwells.
    public private(set) var isPaused = false
    /// A target fired (not `.pause`, which dwell handles itself).
    public var onFire: ((Target) -> Void)?
    /// The progress, the pause or the target changed: redraw.
    public var onChange: (() -> Void)?

    private let scheduler: any Scheduler
    private var resting: (target: Target, since: Double)?
    /// The target that fired last and where, until the pointer moves on.
    private var fired: (target: Target, x: Double, y: Double)?
    private var tick: (any ScheduledTask)?
    /// Where the pointer was last seen (where a firing target fired).
    private var lastX = 0.0, lastY = 0.0

    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// The target whose time runs and how much of it has passed (0…1), for the ring.
    public var progress: (target: Target, fraction: Double)? {
        guard let resting else { return nil }
        return (resting.target, min(1, max(0, (scheduler.now - resting.since) / dwellTime)))
    }

    /// The pointer is at a point over `target` (`nil`: over nothing that dwells).
    public func moved(x: Double, y: Double, over target: Target?) {
        lastX = x
        lastY = y
        if let last = fired {
            let dx = x - last.x, dy = y - last.y
            if target == last.target, dx * dx + dy * dy <= rearmDistance * rearmDistance { return }
            fired = nil
        }
        guard let target, !isPaused || target == .pause else { return cancel() }
        guard resting?.target != target else { return }
        resting = (target, scheduler.now)
        scheduleTick()
        onChange?()
    }

    /// The pointer left the keyboard.
    public func left() {
        fired = nil
        cancel()
    }

    /// Stops or resumes dwelling (the pause target, or the settings).
    public func setPaused(_ paused: Bool) {
        guard paused != isPaused else { return }
        isPaused = paused
        if paused, resting?.target != .pause { cancel() }
        onChange?()
    }

    private func cancel() {
        tick?.cancel()
        tick = nil
        guard resting != nil else { return }
        resting = nil
        onChange?()
    }

    private func scheduleTick() {
        tick?.cancel()
        tick = scheduler.schedule(after: progressInterval) { [weak self] in self?.elapse() }
    }

    private func elapse() {
        tick = nil
        guard let resting else { return }
        guard scheduler.now - resting.since >= dwellTime - 1e-9 else {
            // The last tick lands on the dwell time itself.
            let left = dwellTime - (scheduler.now - resting.since)
            tick = scheduler.schedule(after: min(progressInterval, left)) { [weak self] in self?.elapse() }
            onChange?()
            return
        }
        self.resting = nil
        fired = (resting.target, lastX, lastY)
        if resting.target == .pause {
            isPaused.toggle()
        } else {
            onFire?(resting.target)
        }
        onChange?()
    }
}
