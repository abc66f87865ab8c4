import ClavisLayout
import ClavisPrediction

/// Turns every finger's (and the mouse's) down, move and up into key presses, as phone
/// keyboards do; docs/touch.md has the rules as a table.
///
/// - **Roll-over**: characters are typed in touch-down order. A touch that begins while an
///   earlier one is still down commits the earlier key at that moment (its preview closes;
///   lifting that finger later does nothing more).
/// - **Slide-to-correct**: a touch types the key under it when it lifts, not the key it
///   began on; the preview follows the finger. Sliding out of the keyboard, or into the
///   middle of a gap wider than half a key (`KeyboardGeometry.touchFrame`), cancels it.
/// - **Held modifiers**: shift, Ctrl, Alt, Super, AltGr and the layer keys act while held. Shift held by one finger
///   capitalises what others type; a layer key shows its layer as it goes down, and goes back
///   when it lifts if anything was pressed meanwhile. Tapped alone, shift latches (twice
///   quickly: caps lock) and a layer key stays switched.
/// - **Flick keys** (the ケータイ kana keys): moving from where the touch began by more than
///   `flickDistance` of the key's shorter side flicks it that way (left, up, right, down,
///   whichever axis moved most); lifting types the flick's kana, or the key's own on a tap.
///   There is no slide-to-correct on them: leaving the key is the flick. `openFlick` is the
///   guide drawn while the finger is down.
/// - Backspace deletes on press and repeats after 0.4 s, every 0.1 s, until its finger lifts
///   or moves off it; a key with alternates held 0.5 s opens them (drag to choose); the
///   globe key held lists the keyboards.
///
/// - **Space moves the caret**: a touch on Space that slides sideways (`CaretDrag` has the
///   rule) types no space; the caret follows it, a character per `caretStep` key widths
///   (more when the slide is fast: the events' times give its speed), and up and down a
///   line per row where the field has lines. A second finger down
///   meanwhile, or Shift held or latched by hand, extends the selection instead.
/// - **The suggestion bar** (`slotFrames`): a touch landing on a slot clicks and cancels the
///   other touches; lifting on the same slot chooses it, and a swipe along the bar (an
///   eighth of its width or more) while converting Japanese moves to the next phrase.
///
/// Each touch commits at most once, and every timer ends with its touch.
///
///     let tracker = TouchTracker(controller: controller, scheduler: scheduler) { arrangement.geometry }
///     tracker.began(1, x: w.midX, y: w.midY)
///     tracker.began(2, x: q.midX, y: q.midY)   // types "w"
///     tracker.ended(1, x: w.midX, y: w.midY)   // nothing more
///     tracker.ended(2, x: q.midX, y: q.midY)   // types "q"
@MainActor
public final class TouchTracker {
    /// One finger, or the mouse (`TouchTracker.pointer`).
    public typealias TouchID = UInt
    /// The id the mouse's presses use (GDK's touch sequences are never 0).
    public static let pointer: TouchID = 0

    public let controller: KeyboardController
    public let scheduler: any Scheduler
    public var timing: KeyTiming
    /// Called when what is drawn changes: a key pressed or released, the preview moved,
    /// alternates opened or a different one selected.
    public var onChange: (() -> Void)?
    /// Called just before a touch's key acts on release (or on roll-over), with that key:
    /// what the latency trace times.
    public var onCommit: ((TouchID, KeyDefinition) -> Void)?

    /// How far a touch must move on a flick key to flick it, as a fraction of the key's
    /// shorter side.
    public var flickDistance = 0.35
    /// Whether a stroke across the letters is a gesture (swipe typing) now: the setting, a
    /// field that is not secure, a lexicon (asked when a stroke could become one).
    public var gesturesEnabled: @MainActor () -> Bool = { false }
    /// A gesture ended: its points, from where it went down to where it lifted.
    public var onGesture: (([GestureDecoder.Point]) -> Void)?
    /// A gesture grew (it began, or moved): its points so far, for a preview of its words.
    public var onGestureMove: (([GestureDecoder.Point]) -> Void)?
    /// How far a stroke must travel (in widths of the key it began on), leaving that key,
    /// to be a gesture rather than a tap or a slide to a neighbour.
    public var gestureDistance = 1.5
    /// Key widths the finger slides along Space per character the caret moves (the
    /// `caretStep` setting); `nil`: Space does not move the caret.
    public var caretStep: Double? = 0.4

    /// The points of the gesture being drawn, for its trail.
    public var gestureTrail: [GestureDecoder.Point]? {
        touches.values.lazy.compactMap(\.gesture).first
    }

    /// The suggestion bar's slots now, in the same coordinates as the keys (none: no bar).
    public var slotFrames: @MainActor () -> [Rect] = { [] }
    /// The slot a touch holds down now (drawn pressed).
    public var pressedSlot: Int? { barTouch?.slot }
    private var barTouch: (id: TouchID, slot: Int, x: Double)?

    private let geometry: @MainActor () -> KeyboardGeometry
    private var touches: [TouchID: Touch] = [:]
    private var beginCount = 0
    private var lastShiftTap: Double?

    /// Tracks touches on the keys `geometry` returns at the moment of each event (it
    /// follows the controller's layer).
    public init(controller: KeyboardController, scheduler: any Scheduler, timing: KeyTiming = KeyTiming(),
                geometry: @escaping @MainActor () -> KeyboardGeometry) {
        self.controller = controller
        self.scheduler = scheduler
        self.timing = timing
        self.geometry = geometry
    }

    /// The ids of the keys drawn pressed: each live touch's key, and every held modifier.
    public var pressedKeyIDs: Set<String> {
        Set(touches.values.compactMap { touch in
            switch touch.phase {
            case .pending where touch.alternates == nil, .holding: touch.key.id
            // Space stays down while it drags the caret.
            case .done where touch.caret != nil: touch.key.id
            default: nil
            }
        })
    }

    /// The key under the touch that will type when it lifts (the one to show a preview for),
    /// unless its alternates are open.
    public var pendingKey: KeyDefinition? {
        touches.values.first { $0.phase == .pending && $0.alternates == nil }?.key
    }

    /// The alternates open now (at most one touch has them), with the one selected.
    public var openAlternates: OpenAlternates? {
        touches.values.lazy.compactMap(\.alternates).first
    }

    /// The flick key held down now, with the direction it is flicked (`nil`: a tap so far).
    public var openFlick: OpenFlick? {
        touches.values.lazy.compactMap { touch -> OpenFlick? in
            guard touch.phase == .pending, let flicks = touch.key.flicks else { return nil }
            return OpenFlick(key: touch.key, frame: touch.frame, flicks: flicks, direction: touch.flick)
        }.first
    }

    /// How many touches are down (done or not).
    public var count: Int { touches.count }

    /// A touch began at the point. Returns whether it landed on a key (otherwise it is
    /// ignored, and so are its later events). `time` is the event's own, in seconds (`nil`:
    /// the scheduler's now); a gesture's points carry it.
    @discardableResult
    public func began(_ id: TouchID, x: Double, y: Double, time: Double? = nil) -> Bool {
        cancel(id)
        if let slot = slot(atX: x, y: y) {
            cancelAll()
            barTouch = (id, slot, x)
            controller.feedback?.give(.slot)
            onChange?()
            return true
        }
        // The key is found in the keys the finger landed on, before any roll-over commit
        // changes the layer.
        guard let hit = geometry().touchFrame(atX: x, y: y) else { return false }
        if touches.values.contains(where: { $0.caret != nil }) {
            // A second finger while the caret is dragged: it types nothing, it selects.
            beginCount += 1
            var selector = Touch(id: id, order: beginCount, origin: hit, start: GestureDecoder.Point(x: x, y: y, time: time ?? scheduler.now),
                                 key: hit.key, frame: hit.frame)
            selector.phase = .done
            selector.selects = true
            touches[id] = selector
            return true
        }
        commitPending()
        for other in touches.keys where touches[other]?.phase == .holding { touches[other]?.used = true }
        beginCount += 1
        var touch = Touch(id: id, order: beginCount, origin: hit, start: GestureDecoder.Point(x: x, y: y, time: time ?? scheduler.now), key: hit.key, frame: hit.frame)
        touch.last = (x, y)
        switch hit.key.action {
        case .shift:
            touch.phase = .holding
            touches[id] = touch
            controller.handle(.press, on: hit.key)
            controller.holdShift()
        case .switchLayer:
            touch.phase = .holding
            touch.layerBefore = controller.layer
            touches[id] = touch
            controller.handle(.press, on: hit.key)
        case .modifier(let modifier):
            touch.phase = .holding
            touches[id] = touch
            controller.handle(.press, on: hit.key)
            controller.holdModifier(modifier)
        default:
            touches[id] = touch
            controller.handle(.press, on: hit.key)
            startTimers(id)
        }
        onChange?()
        return true
    }

    /// A touch moved to the point.
    public func moved(_ id: TouchID, x: Double, y: Double, time: Double? = nil) {
        if touches[id]?.caret != nil { return dragCaret(id, x: x, y: y, time: time ?? scheduler.now) }
        if touches[id]?.gesture != nil {
            touches[id]?.gesture?.append(GestureDecoder.Point(x: x, y: y, time: time ?? scheduler.now))
            if let gesture = touches[id]?.gesture { onGestureMove?(gesture) }
            onChange?()
            return
        }
        guard var touch = touches[id], touch.phase != .done else { return }
        if becomesGesture(&touch, x: x, y: y, time: time ?? scheduler.now) {
            touches[id] = touch
            stopTimers(id)
            controller.handle(.cancel, on: touch.key)
            if let gesture = touch.gesture { onGestureMove?(gesture) }
            onChange?()
            return
        }
        touches[id]?.travelled = touch.travelled
        touches[id]?.last = touch.last
        touches[id]?.points = touch.points
        if var open = touch.alternates {
            // Drag-to-choose: the row under the finger, clamped to its ends; none once it
            // slides well away.
            let index = open.popup.index(atX: x, y: y)
            guard index != open.selected else { return }
            open.selected = index
            touches[id]?.alternates = open
            onChange?()
            return
        }
        if touch.key.flicks != nil, touch.phase == .pending {
            let direction = flickDirection(of: touch, x: x, y: y)
            guard direction != touch.flick else { return }
            touches[id]?.flick = direction
            onChange?()
            return
        }
        if beginsCaretDrag(touch, x: x, y: y) {
            stopTimers(id)
            controller.handle(.cancel, on: touch.key)
            touches[id]?.phase = .done
            touches[id]?.caret = CaretDrag(startX: touch.start.x, startY: touch.start.y, stepWidth: (caretStep ?? 0) * keyWidth(),
                                           lineHeight: touch.origin.frame.height, startTime: touch.start.time)
            touches[id]?.selects = controller.caretDragSelects
            dragCaret(id, x: x, y: y, time: time ?? scheduler.now)
            onChange?()
            return
        }
        guard let hit = target(of: touch, x: x, y: y) else {
            cancel(id)
            return
        }
        guard hit.key.id != touch.key.id, touch.phase == .pending else { return }
        if touch.key.action == .backspace {
            // Backspace acted on press; moving off it ends its repeat and the touch.
            stopTimers(id)
            touches[id]?.phase = .done
        } else {
            touch.key = hit.key
            touch.frame = hit.frame
            touches[id] = touch
            stopTimers(id)
            startTimers(id, repeating: false)
        }
        onChange?()
    }

    /// A touch lifted at the point.
    public func ended(_ id: TouchID, x: Double, y: Double, time: Double? = nil) {
        if let bar = barTouch, bar.id == id {
            barTouch = nil
            let swipe = x - bar.x
            // A swipe the mode does not use (no conversion to move in) is a tap where it began.
            let swiped = abs(swipe) >= geometry().width / 8 && controller.swipeBar(by: swipe > 0 ? 1 : -1)
            if !swiped, slot(atX: x, y: y) == bar.slot { controller.chooseSuggestion(slot: bar.slot) }
            onChange?()
            return
        }
        // The lift's own point ends a gesture, or a slide where it lifts (and may be the one
        // that makes the stroke a gesture).
        if touches[id]?.gesture != nil {
            touches[id]?.gesture?.append(GestureDecoder.Point(x: x, y: y, time: time ?? scheduler.now))
        } else {
            moved(id, x: x, y: y, time: time)
        }
        if let gesture = touches[id]?.gesture {
            touches[id] = nil
            onGesture?(gesture)
            onChange?()
            return
        }
        guard let touch = touches[id] else { return }
        switch touch.phase {
        case .pending:
            commit(id)
        case .holding:
            release(touch, tapped: !touch.used)
        case .done:
            break
        }
        touches[id] = nil
        onChange?()
    }

    /// A touch ends with no effect (touch cancelled, grab broken): nothing is typed, a held
    /// modifier is let go, a layer it showed goes back.
    public func cancel(_ id: TouchID) {
        if barTouch?.id == id {
            barTouch = nil
            onChange?()
        }
        guard let touch = touches.removeValue(forKey: id) else { return }
        stopTimers(touch)
        switch touch.phase {
        case .pending: controller.handle(.cancel, on: touch.key)
        case .holding: release(touch, tapped: false)
        case .done: break
        }
        onChange?()
    }

    /// Cancels every touch (the keyboard hid, its layout changed), newest first, so no
    /// modifier lets go onto a key still waiting: nothing is typed.
    public func cancelAll() {
        if let bar = barTouch { cancel(bar.id) }
        for id in touches.values.sorted(by: { $0.order > $1.order }).map(\.id) { cancel(id) }
    }

    /// Presses and lifts `key` at once, as a click on it would: what an assistive
    /// technology's action does. Two on shift within 0.5 s lock capitals, as two taps do.
    public func activate(_ key: KeyDefinition) {
        controller.handle(.press, on: key)
        if key.action != .backspace { tap(key) }
    }

    /// Acts as if the touch had been held for the long-press delay now (a dwell long
    /// press, which has waited already): opens its key's alternates, or lists the keyboards.
    public func longPressNow(_ id: TouchID) {
        guard let touch = touches[id], touch.phase == .pending, touch.longPressTask != nil else { return }
        touch.longPressTask?.cancel()
        longPress(id)
    }

    // MARK: Rules

    /// Whether the touch's stroke has become a gesture with this move: it began on a letter
    /// (no alternates open, not a flick key), has travelled `gestureDistance` key widths and
    /// left its first key. Updates the distance travelled either way.
    private func becomesGesture(_ touch: inout Touch, x: Double, y: Double, time: Double) -> Bool {
        let step = ((x - touch.last.x) * (x - touch.last.x) + (y - touch.last.y) * (y - touch.last.y)).squareRoot()
        touch.travelled += step
        touch.points.append(GestureDecoder.Point(x: x, y: y, time: time))
        touch.last = (x, y)
        guard touch.phase == .pending, touch.alternates == nil, touch.origin.key.flicks == nil,
              case .insert(let text) = touch.origin.key.action, text.count == 1, text.first?.isLetter == true,
              touch.travelled >= gestureDistance * touch.origin.frame.width, !touch.origin.frame.contains(x: x, y: y),
              gesturesEnabled() else { return false }
        touch.phase = .done
        touch.gesture = [touch.start] + touch.points
        return true
    }

    /// Whether the touch, still pending on the Space it went down on, has slid far enough
    /// sideways to move the caret (`CaretDrag.begins`).
    private func beginsCaretDrag(_ touch: Touch, x: Double, y: Double) -> Bool {
        guard caretStep != nil, touch.phase == .pending, touch.alternates == nil,
              Self.isSpace(touch.origin.key), touch.key.id == touch.origin.key.id, touch.origin.frame.contains(x: x, y: y) else { return false }
        return CaretDrag.begins(fromX: touch.start.x, y: touch.start.y, toX: x, y: y, keyWidth: keyWidth())
    }

    private static func isSpace(_ key: KeyDefinition) -> Bool {
        key.action == .space || key.action == .insert(" ")
    }

    /// A letter key's width on the keys shown (a keyboard without letters: its keys' median
    /// width), the unit of the caret's steps.
    private func keyWidth() -> Double {
        let keys = geometry()
        let letters = keys.letterKeys.keyWidth
        if letters > 0 { return letters }
        let widths = keys.frames.map(\.frame.width).sorted()
        return widths.isEmpty ? 0 : widths[widths.count / 2]
    }

    /// The caret follows a dragging touch: the steps it has gone since the last move, as
    /// arrows, selecting while another finger is down or Shift is held.
    private func dragCaret(_ id: TouchID, x: Double, y: Double, time: Double) {
        guard var drag = touches[id]?.caret, let touch = touches[id] else { return }
        let lines = controller.proxy?.traits.isMultiline ?? false
        let steps = drag.steps(toX: x, y: y, time: time, countsLines: lines)
        touches[id]?.caret = drag
        guard steps != (0, 0) else { return }
        let selecting = touch.selects || controller.caretDragSelects || touches.values.contains { $0.selects }
        controller.moveCaret(by: steps.characters, selecting: selecting)
        controller.moveCaret(lines: steps.lines, selecting: selecting)
    }

    /// The key the touch is over at the point: its own key anywhere inside the frame it
    /// began on (which stays right after a layer key changed the keys around it), else the
    /// key under the point now; `nil` outside the keys.
    private func target(of touch: Touch, x: Double, y: Double) -> KeyFrame? {
        if touch.origin.frame.contains(x: x, y: y) { return touch.origin }
        return geometry().touchFrame(atX: x, y: y)
    }

    /// Commits every touch still waiting to type, in touch-down order (at most one: each
    /// new touch commits the one before).
    private func commitPending() {
        let pending = touches.values.filter { $0.phase == .pending }.sorted { $0.order < $1.order }
        for touch in pending { commit(touch.id) }
    }

    /// The touch's key acts now (its alternate, if it chose one); the touch is done.
    private func commit(_ id: TouchID) {
        guard let touch = touches[id], touch.phase == .pending else { return }
        stopTimers(touch)
        touches[id]?.phase = .done
        touches[id]?.alternates = nil
        if let open = touch.alternates {
            guard let index = open.selected else { return }
            onCommit?(id, touch.key)
            controller.typeAlternate(open.alternates[index], of: touch.key)
        } else if let direction = touch.flick {
            onCommit?(id, touch.key)
            lastShiftTap = nil
            controller.typeFlick(touch.key, direction)
        } else if touch.key.action != .backspace {
            // Backspace acts only where it is pressed: a slide that ends on it deletes nothing.
            onCommit?(id, touch.key)
            tap(touch.key)
        }
    }

    /// What lifting on `key` does: a slide that ends on shift or a layer key taps it.
    private func tap(_ key: KeyDefinition) {
        switch key.action {
        case .shift:
            let now = scheduler.now
            if let last = lastShiftTap, now - last <= timing.doubleTapInterval {
                controller.handle(.doubleTap, on: key)
                lastShiftTap = nil
            } else {
                controller.handle(.release, on: key)
                lastShiftTap = now
            }
        case .switchLayer(let name):
            controller.showLayer(name)
        default:
            lastShiftTap = nil
            controller.handle(.release, on: key)
        }
    }

    /// A held modifier comes up: tapped alone it toggles (shift) or stays (a layer); after
    /// other keys, or cancelled, it is let go (a layer it showed goes back). Keys pressed
    /// while it was held are committed first, so they get it.
    private func release(_ touch: Touch, tapped: Bool) {
        commitPending()
        switch touch.key.action {
        case .shift:
            controller.releaseHeldShift()
            if tapped { tap(touch.key) }
        case .switchLayer(let shown):
            if !tapped, let before = touch.layerBefore, controller.layer == shown { controller.showLayer(before) }
        case .modifier(let modifier):
            controller.releaseHeldModifier(modifier)
            if tapped { tap(touch.key) }
        default:
            break
        }
    }

    /// The way a touch on a flick key is flicked at the point, if it moved far enough.
    private func flickDirection(of touch: Touch, x: Double, y: Double) -> FlickDirection? {
        let dx = x - touch.start.x
        let dy = y - touch.start.y
        let threshold = flickDistance * min(touch.frame.width, touch.frame.height)
        guard dx * dx + dy * dy >= threshold * threshold else { return nil }
        let direction: FlickDirection = abs(dx) >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down)
        // A direction the key does not type is no flick: lifting there is a tap.
        return touch.key.flicks?[direction] == nil ? nil : direction
    }

    /// The suggestion slot under a point, if the bar is there.
    private func slot(atX x: Double, y: Double) -> Int? {
        slotFrames().firstIndex { $0.contains(x: x, y: y) }
    }

    // MARK: Timers

    private func startTimers(_ id: TouchID, repeating: Bool = true) {
        guard let key = touches[id]?.key else { return }
        if repeating, key.action == .backspace {
            touches[id]?.repeatTask = scheduler.schedule(after: timing.repeatDelay) { [weak self] in self?.repeatTick(id) }
        }
        if !key.alternates.isEmpty || key.action == .nextKeyboard {
            touches[id]?.longPressTask = scheduler.schedule(after: timing.longPressDelay) { [weak self] in self?.longPress(id) }
        }
    }

    private func stopTimers(_ id: TouchID) {
        guard let touch = touches[id] else { return }
        stopTimers(touch)
        touches[id]?.repeatTask = nil
        touches[id]?.longPressTask = nil
    }

    private func stopTimers(_ touch: Touch) {
        touch.repeatTask?.cancel()
        touch.longPressTask?.cancel()
    }

    private func repeatTick(_ id: TouchID) {
        guard let touch = touches[id], touch.phase == .pending else { return }
        controller.handle(.repeatPress, on: touch.key)
        touches[id]?.repeatTask = scheduler.schedule(after: timing.repeatInterval) { [weak self] in self?.repeatTick(id) }
    }

    private func longPress(_ id: TouchID) {
        guard let touch = touches[id], touch.phase == .pending else { return }
        touches[id]?.longPressTask = nil
        if touch.key.alternates.isEmpty {
            // The globe: the long press was the gesture; lifting does nothing more.
            touches[id]?.phase = .done
            controller.handle(.longPress, on: touch.key)
        } else {
            let keys = geometry()
            let popup = AlternatesPopup(key: touch.frame, count: touch.key.alternates.count,
                                        bounds: Rect(x: 0, y: 0, width: keys.width, height: keys.height))
            touches[id]?.alternates = OpenAlternates(alternates: touch.key.alternates, popup: popup, selected: 0)
        }
        onChange?()
    }
}

/// The long-press alternates one touch has open.
public struct OpenAlternates: Equatable, Sendable {
    /// What they type, left to right.
    public let alternates: [String]
    /// Where they are drawn.
    public let popup: AlternatesPopup
    /// The one under the finger, typed when it lifts.
    public var selected: Int?
}

/// The flick key a finger holds, for the guide drawn around it.
public struct OpenFlick: Equatable, Sendable {
    public let key: KeyDefinition
    /// The key's frame; the guide's cells sit beside it each way.
    public let frame: Rect
    public let flicks: Flicks
    /// The way it is flicked now; `nil` while it would be a tap.
    public let direction: FlickDirection?
}

/// One finger (or the mouse) on the keyboard.
private struct Touch {
    enum Phase { case pending, holding, done }

    let id: TouchTracker.TouchID
    /// Begin order: roll-over commits in it.
    let order: Int
    /// The key and frame it went down on.
    let origin: KeyFrame
    /// Where and when it went down.
    let start: GestureDecoder.Point
    /// The way it is flicked, on a flick key.
    var flick: FlickDirection?
    /// The key under it now (what it types), and that key's frame.
    var key: KeyDefinition
    var frame: Rect
    /// `pending`: will type `key`; `holding`: a modifier held down; `done`: committed or
    /// cancelled, waiting for its finger to lift.
    var phase = Phase.pending
    /// A held modifier with which another key was pressed: let go rather than tapped.
    var used = false
    /// The layer a held layer key switched from.
    var layerBefore: String?
    var alternates: OpenAlternates?
    var repeatTask: (any ScheduledTask)?
    var longPressTask: (any ScheduledTask)?
    /// Where it was last, how far it has travelled and the points it went through (timed:
    /// the swipe decoder reads where the stroke slowed down).
    var last: (x: Double, y: Double) = (0, 0)
    var travelled = 0.0
    var points: [GestureDecoder.Point] = []
    /// The stroke's points once it is a gesture (swipe typing).
    var gesture: [GestureDecoder.Point]?
    /// The caret drag it became, on Space.
    var caret: CaretDrag?
    /// A caret drag that selects (begun with Shift latched), or a second finger that makes
    /// the drag select while it is down.
    var selects = false
}
