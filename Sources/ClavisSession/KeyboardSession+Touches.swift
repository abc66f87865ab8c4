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
        handlingEvent {
            if panelButtonFrame?.contains(x: x, y: y) == true {
                // The bar's ✎, held like a slot: it acts where it is lifted.
                tracker.cancelAll()
                panelButtonTouch = id
                dependencies.feedback?.give(.panelButton)
                redraw()
                return true
            }
            return tracker.began(id, x: x, y: y, time: time)
        }
    }

    /// A touch moved (slides, flicks, choosing among alternates).
    public func touchMoved(_ id: TouchTracker.TouchID, x: Double, y: Double, time: Double? = nil) {
        guard id != panelButtonTouch else { return }
        handlingEvent { tracker.moved(id, x: x, y: y, time: time) }
    }

    /// A touch lifted: the key (or suggestion) under it acts.
    public func touchEnded(_ id: TouchTracker.TouchID, x: Double, y: Double, time: Double? = nil) {
        if id == panelButtonTouch {
            panelButtonTouch = nil
            handlingEvent {
                if panelButtonFrame?.contains(x: x, y: y) == true { showEditingPanel() }
                redraw()
            }
            return
        }
        handlingEvent { tracker.ended(id, x: x, y: y, time: time) }
    }

    /// A touch was taken away (another window grabbed it): nothing acts.
    public func touchCancelled(_ id: TouchTracker.TouchID) {
        if id == panelButtonTouch { panelButtonTouch = nil }
        handlingEvent { tracker.cancel(id) }
    }

    /// Every touch ends without acting (the keyboard hid, a grab broke).
    public func cancelAllTouches() {
        panelButtonTouch = nil
        handlingEvent { tracker.cancelAll() }
    }

    /// Performs a key's action once, as a tap does (assistive technologies, switches).
    public func activate(_ key: KeyDefinition) {
        handlingEvent { tracker.activate(key) }
    }
}
