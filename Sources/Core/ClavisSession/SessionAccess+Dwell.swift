import ClavisEngine
import ClavisLayout

extension SessionAccess {
    /// The pointer moved over the area with no button down (where dwell watches it).
    public func pointerHovered(x: Double, y: Double) {
        guard dwellEnabled else { return }
        let tracker = session.tracker
        if let touch = dwellTouch, let cells = tracker.openAlternates?.popup.cells, cells.contains(where: { $0.contains(x: x, y: y) }) {
            // A dwell long press holds its key: the pointer shows which alternate it is on.
            tracker.moved(touch, x: x, y: y)
        }
        dwell.moved(x: x, y: y, over: dwellTarget(atX: x, y: y))
    }

    /// The pointer left the area.
    public func pointerLeft() {
        dwell.left()
    }

    /// The width the dwell controls take at the bar's right end (0 without dwell).
    var dwellControlsWidth: Double { dwellEnabled ? 2 * Self.dwellControlAspect * session.bar.height : 0 }

    /// Each dwell control's width for the bar's height: room for its word ("Resume").
    static let dwellControlAspect = 1.6

    /// The dwell controls' frames: long press, then pause, at the bar's right end.
    var dwellControlFrames: (longPress: Rect, pause: Rect)? {
        let height = session.bar.height
        guard dwellEnabled, height > 0 else { return nil }
        let side = Self.dwellControlAspect * height
        let width = session.geometry.width
        return (Rect(x: width - 2 * side, y: 0, width: side, height: height), Rect(x: width - side, y: 0, width: side, height: height))
    }

    /// Dwell as drawn: the controls, and the ring where the time runs.
    var dwellState: KeyboardScene.DwellState? {
        guard let controls = dwellControlFrames else { return nil }
        let ring = dwell.progress.flatMap { progress in
            frame(of: progress.target).map { KeyboardScene.DwellState.Ring(frame: $0, fraction: progress.fraction) }
        }
        return KeyboardScene.DwellState(longPressControl: controls.longPress, pauseControl: controls.pause,
                                        isPaused: dwell.isPaused, isLongPressArmed: dwellLongPressArmed, ring: ring)
    }

    /// Where a dwell target is drawn.
    private func frame(of target: Dwell.Target) -> Rect? {
        let slots = session.bar.slotFrames
        switch target {
        case .key(let id): return session.geometry.frame(ofKey: id)
        case .suggestion(let slot): return slots.indices.contains(slot) ? slots[slot] : nil
        case .alternate(let index):
            return session.tracker.openAlternates.flatMap { $0.popup.cells.indices.contains(index) ? $0.popup.cells[index] : nil }
        case .pause: return dwellControlFrames?.pause
        case .longPress: return dwellControlFrames?.longPress
        case .panelButton: return session.panel.buttonFrame
        }
    }

    /// What dwelling at a point would press.
    func dwellTarget(atX x: Double, y: Double) -> Dwell.Target? {
        // Open alternates are drawn over everything, the dwell controls included; dwelling
        // anywhere else lets them go (`dwellFired` cancels the held key).
        if let cell = session.tracker.openAlternates?.popup.cells.firstIndex(where: { $0.contains(x: x, y: y) }) {
            return .alternate(cell)
        }
        if let controls = dwellControlFrames {
            if controls.pause.contains(x: x, y: y) { return .pause }
            if controls.longPress.contains(x: x, y: y) { return .longPress }
        }
        if session.panel.buttonFrame?.contains(x: x, y: y) == true { return .panelButton }
        if let slot = session.bar.slotFrames.firstIndex(where: { $0.contains(x: x, y: y) }) {
            let offered = session.controller.bar.slots
            return offered.indices.contains(slot) && offered[slot] != nil ? .suggestion(slot) : nil
        }
        return session.geometry.touchFrame(atX: x, y: y).map { .key($0.key.id) }
    }

    /// What a dwell pressed.
    func dwellFired(_ target: Dwell.Target) {
        let tracker = session.tracker
        switch target {
        case .longPress:
            dwellLongPressArmed.toggle()
            session.redraw()
        case .suggestion(let slot):
            endDwellTouch()
            session.bar.choose(slot: slot)
        case .alternate(let index):
            // Lifting on the alternate types it.
            guard let touch = dwellTouch, let cells = tracker.openAlternates?.popup.cells, cells.indices.contains(index) else { return }
            dwellTouch = nil
            tracker.moved(touch, x: cells[index].midX, y: cells[index].midY)
            session.onRequest?(.keyWillAct)
            tracker.ended(touch, x: cells[index].midX, y: cells[index].midY)
        case .key(let id):
            endDwellTouch()
            guard let key = session.controller.layout.key(id), let frame = session.geometry.frame(ofKey: id) else { return }
            if dwellLongPressArmed, key.action == .shift {
                // Caps lock, which two taps within half a second give and two dwells cannot.
                dwellLongPressArmed = false
                session.onRequest?(.keyWillAct)
                session.controller.handle(.doubleTap, on: key)
            } else if dwellLongPressArmed, !key.alternates.isEmpty || key.action == .nextKeyboard {
                // Held down: the tracker's long press opens the alternates (or the list).
                dwellLongPressArmed = false
                dwellTouch = Self.dwellTouchID
                tracker.began(Self.dwellTouchID, x: frame.midX, y: frame.midY)
                tracker.longPressNow(Self.dwellTouchID)
            } else {
                dwellLongPressArmed = false
                session.onRequest?(.keyWillAct)
                tracker.activate(key)
            }
        case .panelButton:
            endDwellTouch()
            session.panel.show()
        case .pause:
            break
        }
    }

    /// A dwell long press still holding its key lets go without typing.
    private func endDwellTouch() {
        guard let touch = dwellTouch else { return }
        dwellTouch = nil
        session.tracker.cancel(touch)
    }

    /// Dwell stops (turned off, another keyboard shows): nothing held, nothing armed.
    func endDwell() {
        endDwellTouch()
        dwellLongPressArmed = false
        dwell.left()
    }

    /// The touch id a dwell long press uses (never GDK's, never the mouse's).
    static let dwellTouchID: TouchTracker.TouchID = 1
}
