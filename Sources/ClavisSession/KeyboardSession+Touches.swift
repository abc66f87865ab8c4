import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// A finger (or the pointer, `TouchTracker.pointer`) went down at a point of the area
    /// (a key or a suggestion slot); `false` when there is nothing there to press.
    @discardableResult
    public func touchBegan(_ id: TouchTracker.TouchID, x: Double, y: Double) -> Bool {
        handlingEvent { tracker.began(id, x: x, y: y) }
    }

    /// A touch moved (slides, flicks, choosing among alternates).
    public func touchMoved(_ id: TouchTracker.TouchID, x: Double, y: Double) {
        handlingEvent { tracker.moved(id, x: x, y: y) }
    }

    /// A touch lifted: the key (or suggestion) under it acts.
    public func touchEnded(_ id: TouchTracker.TouchID, x: Double, y: Double) {
        handlingEvent { tracker.ended(id, x: x, y: y) }
    }

    /// A touch was taken away (another window grabbed it): nothing acts.
    public func touchCancelled(_ id: TouchTracker.TouchID) {
        handlingEvent { tracker.cancel(id) }
    }

    /// Every touch ends without acting (the keyboard hid, a grab broke).
    public func cancelAllTouches() {
        handlingEvent { tracker.cancelAll() }
    }

    /// Performs a key's action once, as a tap does (assistive technologies, switches).
    public func activate(_ key: KeyDefinition) {
        handlingEvent { tracker.activate(key) }
    }
}
