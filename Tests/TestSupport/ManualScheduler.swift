import ClavisEngine

/// A `Scheduler` on virtual time: nothing runs until the test advances the clock, and then
/// everything due runs in time order, as it would have in real time.
///
///     let scheduler = ManualScheduler()
///     session.press(backspace)
///     scheduler.advance(by: 0.45)   // the first repeat has fired
@MainActor
public final class ManualScheduler: Scheduler {
    public private(set) var now: Double = 0
    private var tasks: [Task] = []
    private var sequence = 0

    public final class Task: ScheduledTask {
        let due: Double
        let order: Int
        let action: @MainActor () -> Void
        var isCancelled = false

        init(due: Double, order: Int, action: @escaping @MainActor () -> Void) {
            self.due = due
            self.order = order
            self.action = action
        }

        public func cancel() { isCancelled = true }
    }

    public init() {}

    /// Tasks scheduled and not yet run or cancelled.
    public var pendingCount: Int { tasks.filter { !$0.isCancelled }.count }

    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask {
        sequence += 1
        let task = Task(due: now + seconds, order: sequence, action: action)
        tasks.append(task)
        return task
    }

    /// Moves time forward, running every task that falls due on the way.
    public func advance(by seconds: Double) {
        let end = now + seconds
        while let next = tasks.filter({ !$0.isCancelled && $0.due <= end + 1e-9 })
            .min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            tasks.removeAll { $0 === next }
            now = max(now, next.due)
            next.action()
        }
        tasks.removeAll { $0.isCancelled }
        now = end
    }
}
