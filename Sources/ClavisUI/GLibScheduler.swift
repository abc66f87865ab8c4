import ClavisEngine
import GtkKit

/// The engine's `Scheduler` on the GLib main loop: GLib timeouts on the monotonic clock.
@MainActor
public final class GLibScheduler: Scheduler {
    public init() {}

    public var now: Double { monotonicSeconds() }

    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask {
        let task = Task()
        let milliseconds = UInt32(max(0, (seconds * 1000).rounded()))
        task.sourceID = MainLoop.after(milliseconds: milliseconds) { [weak task] in
            task?.sourceID = nil
            action()
        }
        return task
    }

    final class Task: ScheduledTask {
        var sourceID: UInt32?

        func cancel() {
            if let sourceID { MainLoop.cancel(sourceID) }
            sourceID = nil
        }
    }
}
