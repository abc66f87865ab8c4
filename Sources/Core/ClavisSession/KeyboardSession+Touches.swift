import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// A finger (or the pointer, `TouchTracker.pointer`) went down at a point of the area
    /// (a key or a suggestion slot); `false` when there is nothing there to press.
    @discardableResult
    ///
    /// `time` is the event's own (seconds, any origin the platform's events share; `nil`:
    /// now): a swipe reads where the stroke slowed down from it, and an event handled late
    /// (the main loop busy) must not look like a hand that paused.
    public func touchBegan(_ id: TouchTracker.TouchID, x: Double, y: Double, time: Double? = nil) -> Bool {
        handlingEvent { panel.touchBegan(id, x: x, y: y) || tracker.began(id, x: x, y: y, time: time) }
    }

    /// A touch moved (slides, flicks, choosing among alternates).
    public func touchMoved(_ id: TouchTracker.TouchID, x: Double, y: Double, time: Double? = nil) {
        guard id != panel.buttonTouch else { return }
        handlingEvent { tracker.moved(id, x: x, y: y, time: time) }
    }

    /// A touch lifted: the key (or suggestion) under it acts.
    public func touchEnded(_ id: TouchTracker.TouchID, x: Double, y: Double, time: Double? = nil) {
        handlingEvent {
            guard !panel.touchEnded(id, x: x, y: y) else { return }
            tracker.ended(id, x: x, y: y, time: time)
        }
    }

    /// A touch was taken away (another window grabbed it): nothing acts.
    public func touchCancelled(_ id: TouchTracker.TouchID) {
        panel.touchCancelled(id)
        handlingEvent { tracker.cancel(id) }
    }

    /// Every touch ends without acting (the keyboard hid, a grab broke).
    public func cancelAllTouches() {
        panel.touchCancelled()
        handlingEvent { tracker.cancelAll() }
    }

    /// Performs a key's action once, as a tap does (assistive technologies, switches).
    public func activate(_ key: KeyDefinition) {
        handlingEvent { tracker.activate(key) }
    }
}
