import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// The pointer moved over the area with no button down (where dwell watches it).
    public func pointerHovered(x: Double, y: Double) {
        guard dwellEnabled else { return }
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
    var dwellControlsWidth: Double { dwellEnabled ? 2 * Self.dwellControlAspect * shownBarHeight : 0 }

    /// Each dwell control's width for the bar's height: room for its word ("Resume").
    static let dwellControlAspect = 1.6

    /// The dwell controls' frames: long press, then pause, at the bar's right end.
    var dwellControlFrames: (longPress: Rect, pause: Rect)? {
        guard dwellEnabled, shownBarHeight > 0 else { return nil }
        let height = shownBarHeight
        let side = Self.dwellControlAspect * height
        let width = geometry.width
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
        switch target {
        case .key(let id): geometry.frame(ofKey: id)
        case .suggestion(let slot): suggestionSlotFrames.indices.contains(slot) ? suggestionSlotFrames[slot] : nil
        case .alternate(let index): tracker.openAlternates.flatMap { $0.popup.cells.indices.contains(index) ? $0.popup.cells[index] : nil }
        case .pause: dwellControlFrames?.pause
        case .longPress: dwellControlFrames?.longPress
        case .panelButton: panelButtonFrame
        }
    }

    /// What dwelling at a point would press.
    func dwellTarget(atX x: Double, y: Double) -> Dwell.Target? {
        // Open alternates are drawn over everything, the dwell controls included; dwelling
        // anywhere else lets them go (`dwellFired` cancels the held key).
        if let cell = tracker.openAlternates?.popup.cells.firstIndex(where: { $0.contains(x: x, y: y) }) {
            return .alternate(cell)
        }
        if let controls = dwellControlFrames {
            if controls.pause.contains(x: x, y: y) { return .pause }
            if controls.longPress.contains(x: x, y: y) { return .longPress }
        }
        if panelButtonFrame?.contains(x: x, y: y) == true { return .panelButton }
        if let slot = suggestionSlotFrames.firstIndex(where: { $0.contains(x: x, y: y) }) {
            return controller.bar.slots.indices.contains(slot) && controller.bar.slots[slot] != nil ? .suggestion(slot) : nil
        }
        return geometry.touchFrame(atX: x, y: y).map { .key($0.key.id) }
    }

    /// What a dwell pressed.
    func dwellFired(_ target: Dwell.Target) {
        switch target {
        case .longPress:
            dwellLongPressArmed.toggle()
            redraw()
        case .suggestion(let slot):
            endDwellTouch()
            chooseSuggestion(slot: slot)
        case .alternate(let index):
            // Lifting on the alternate types it.
            guard let touch = dwellTouch, let cells = tracker.openAlternates?.popup.cells, cells.indices.contains(index) else { return }
            dwellTouch = nil
            tracker.moved(touch, x: cells[index].midX, y: cells[index].midY)
            onRequest?(.keyWillAct)
            tracker.ended(touch, x: cells[index].midX, y: cells[index].midY)
        case .key(let id):
            endDwellTouch()
            guard let key = controller.layout.key(id), let frame = geometry.frame(ofKey: id) else { return }
            if dwellLongPressArmed, key.action == .shift {
                // Caps lock, which two taps within half a second give and two dwells cannot.
                dwellLongPressArmed = false
                onRequest?(.keyWillAct)
                controller.handle(.doubleTap, on: key)
            } else if dwellLongPressArmed, !key.alternates.isEmpty || key.action == .nextKeyboard {
                // Held down: the tracker's long press opens the alternates (or the list).
                dwellLongPressArmed = false
                dwellTouch = Self.dwellTouchID
                tracker.began(Self.dwellTouchID, x: frame.midX, y: frame.midY)
                tracker.longPressNow(Self.dwellTouchID)
            } else {
                dwellLongPressArmed = false
                onRequest?(.keyWillAct)
                tracker.activate(key)
            }
        case .panelButton:
            endDwellTouch()
            showEditingPanel()
        case .pause:
            break
        }
    }

    /// A dwell long press still holding its key lets go without typing.
    private func endDwellTouch() {
        guard let touch = dwellTouch else { return }
        dwellTouch = nil
        tracker.cancel(touch)
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
