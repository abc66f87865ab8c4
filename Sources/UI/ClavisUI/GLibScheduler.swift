import ClavisEngine
import GtkKit

/// The engine's `Scheduler` on the GLib main loop: GLib timeouts on the monotonic clock (no
/// delay: an idle source, which runs after pending events and redraws).
@MainActor
public final class GLibScheduler: Scheduler {
    public init() {}

    public var now: Double { monotonicSeconds() }

    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask {
        let task = Task()
        let milliseconds = UInt32(max(0, (seconds * 1000).rounded()))
        let run: @MainActor () -> Void = { [weak task] in
            task?.sourceID = nil
            action()
        }
        // No delay means "once what is pending is done": after the events and the redraw.
        task.sourceID = milliseconds == 0 ? MainLoop.idle(run) : MainLoop.after(milliseconds: milliseconds, run)
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
