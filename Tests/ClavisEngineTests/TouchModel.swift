import ClavisEngine
import ClavisLayout

/// A small reference model of the touch rules in docs/touch.md, for the property test: plain
/// values, its own text, shift and layer, and timers computed from event times instead of a
/// scheduler. It shares only the hit test (`KeyboardGeometry.touchFrame`, tested on its own)
/// and the alternates row's geometry (`AlternatesPopup`) with the engine, and the space bar's
/// caret rule and steps (`CaretDrag`, tested on its own): when the caret moves, and the
/// selection keys, are the model's own.
struct TouchModel {
    enum Event {
        case began(UInt, x: Double, y: Double)
        case moved(UInt, x: Double, y: Double)
        case ended(UInt, x: Double, y: Double)
        case cancelled(UInt)
    }

    private enum Mode { case typing, modifier, done }
    private enum Shift { case off, latched, locked }

    private struct Finger {
        let order: Int
        let origin: KeyFrame
        var key: KeyDefinition
        var frame: Rect
        var mode: Mode
        var used = false
        var layerBefore: String?
        /// When the key under it became that key: the long press is due 0.5 s later.
        var since: Double
        var nextRepeat: Double?
        var alternates: (popup: AlternatesPopup, texts: [String], selected: Int?)?
        /// How far it has moved, and where it was last.
        var travelled = 0.0
        var last = (x: 0.0, y: 0.0)
        /// Where and when it went down.
        var start = (x: 0.0, y: 0.0)
        var startTime = 0.0
        /// It became a swipe gesture: it types nothing, and reports its stroke on lifting.
        var gesture = false
        /// It slid along Space: it moves the caret.
        var caret: CaretDrag?
        /// A drag begun with Shift latched, or a second finger during one: the drag selects.
        var selects = false
    }

    /// Key widths per character of a caret drag (the engine's `caretStep`).
    var caretStep = 0.4
    /// The caret, in characters of `text`.
    private(set) var caret: Int
    /// The Shift+← and Shift+→ sent (a selecting drag), as key events.
    private(set) var selectionKeys = 0
    /// How many touches became caret drags, and how many caret steps were taken.
    private(set) var caretDrags = 0
    private(set) var caretSteps = 0

    /// Whether strokes across the letters are swipe gestures (the engine's `gesturesEnabled`).
    var gesturesEnabled = false
    /// How many gestures ended (lifted, not cancelled).
    private(set) var gestures = 0

    let layers: [String: KeyboardGeometry]
    let firstLayer: String
    private(set) var text: [Character]
    private(set) var layer: String
    private var shift = Shift.off
    private var heldShifts = 0
    private var lastShiftTap: Double?
    private var fingers: [UInt: Finger] = [:]
    private var begun = 0
    private var now = 0.0

    init(layers: [String: KeyboardGeometry], firstLayer: String, text: String) {
        self.layers = layers
        self.firstLayer = firstLayer
        self.text = Array(text)
        caret = self.text.count
        layer = firstLayer
    }

    /// The keys the model expects drawn pressed.
    var pressed: Set<String> {
        Set(fingers.values.compactMap { finger in
            switch finger.mode {
            case .typing where finger.alternates == nil, .modifier: finger.key.id
            case .done where finger.caret != nil: finger.key.id
            default: nil
            }
        })
    }

    /// Whether a held key still waits to type (only then may a timer be pending).
    var hasTypingFinger: Bool { fingers.values.contains { $0.mode == .typing } }

    mutating func apply(_ event: Event, at time: Double) {
        runTimers(until: time)
        now = time
        switch event {
        case let .began(id, x, y): begin(id, x, y)
        case let .moved(id, x, y): move(id, x, y)
        case let .ended(id, x, y):
            move(id, x, y)
            guard let finger = fingers[id] else { return }
            if finger.gesture { gestures += 1 }
            switch finger.mode {
            case .typing: commit(id)
            case .modifier: release(finger, tapped: !finger.used)
            case .done: break
            }
            fingers[id] = nil
        case let .cancelled(id): cancel(id)
        }
    }

    mutating func runTimers(until time: Double) {
        while let (id, due, isRepeat) = nextTimer(), due <= time + 1e-9 {
            now = due
            if isRepeat {
                deleteBackward()
                fingers[id]?.nextRepeat = due + 0.1
            } else if let finger = fingers[id] {
                if finger.key.alternates.isEmpty {
                    fingers[id]?.mode = .done
                } else {
                    let keys = layers[layer]!
                    fingers[id]?.alternates = (AlternatesPopup(key: finger.frame, count: finger.key.alternates.count,
                                                               bounds: Rect(x: 0, y: 0, width: keys.width, height: keys.height)),
                                               finger.key.alternates, 0)
                }
            }
        }
    }

    private func nextTimer() -> (UInt, Double, Bool)? {
        var best: (UInt, Double, Bool)?
        for (id, finger) in fingers where finger.mode == .typing && finger.alternates == nil {
            if let due = finger.nextRepeat, due < (best?.1 ?? .infinity) { best = (id, due, true) }
            if !finger.key.alternates.isEmpty || finger.key.action == .nextKeyboard {
                let due = finger.since + 0.5
                if due < (best?.1 ?? .infinity) { best = (id, due, false) }
            }
        }
        return best
    }

    private mutating func begin(_ id: UInt, _ x: Double, _ y: Double) {
        cancel(id)
        guard let hit = layers[layer]!.touchFrame(atX: x, y: y) else { return }
        if fingers.values.contains(where: { $0.caret != nil }) {
            begun += 1
            fingers[id] = Finger(order: begun, origin: hit, key: hit.key, frame: hit.frame, mode: .done, since: now, selects: true)
            return
        }
        commitTyping()
        for other in fingers.keys where fingers[other]!.mode == .modifier { fingers[other]!.used = true }
        begun += 1
        var finger = Finger(order: begun, origin: hit, key: hit.key, frame: hit.frame, mode: .typing, since: now)
        finger.start = (x, y)
        finger.startTime = now
        finger.last = (x, y)
        switch hit.key.action {
        case .shift:
            finger.mode = .modifier
            heldShifts += 1
        case .switchLayer(let name):
            finger.mode = .modifier
            finger.layerBefore = layer
            if layers[name] != nil { layer = name }
        case .backspace:
            deleteBackward()
            finger.nextRepeat = now + 0.4
        default:
            break
        }
        fingers[id] = finger
    }

    private mutating func move(_ id: UInt, _ x: Double, _ y: Double) {
        if var drag = fingers[id]?.caret {
            let steps = drag.steps(toX: x, y: y, time: now, countsLines: false).characters
            fingers[id]!.caret = drag
            let selecting = fingers.values.contains { $0.selects } || heldShifts > 0 || shift != .off
            caretSteps += abs(steps)
            for _ in 0..<abs(steps) {
                if selecting {
                    selectionKeys += 1
                    if shift == .latched { shift = .off }
                } else {
                    caret = min(max(caret + (steps < 0 ? -1 : 1), 0), text.count)
                }
            }
            return
        }
        guard var finger = fingers[id], finger.mode != .done else { return }
        // A swipe: a touch still waiting to type that began on a letter, has travelled one and
        // a half widths of that key and is outside it (docs/swipe.md).
        finger.travelled += ((x - finger.last.x) * (x - finger.last.x) + (y - finger.last.y) * (y - finger.last.y)).squareRoot()
        finger.last = (x, y)
        fingers[id] = finger
        if gesturesEnabled, finger.mode == .typing, finger.alternates == nil, finger.origin.key.flicks == nil,
           case .insert(let text) = finger.origin.key.action, text.count == 1, text.first?.isLetter == true,
           finger.travelled >= 1.5 * finger.origin.frame.width, !finger.origin.frame.contains(x: x, y: y) {
            fingers[id]!.mode = .done
            fingers[id]!.gesture = true
            return
        }
        if var open = finger.alternates {
            open.selected = open.popup.index(atX: x, y: y)
            fingers[id]!.alternates = open
            return
        }
        // Space slid sideways, still on it: the caret follows (docs/touch.md).
        let keys = layers[layer]!
        if finger.mode == .typing, finger.origin.key.action == .space, finger.key.id == finger.origin.key.id,
           finger.origin.frame.contains(x: x, y: y),
           CaretDrag.begins(fromX: finger.start.x, y: finger.start.y, toX: x, y: y, keyWidth: keys.letterKeys.keyWidth) {
            fingers[id]!.mode = .done
            fingers[id]!.caret = CaretDrag(startX: finger.start.x, startY: finger.start.y, stepWidth: caretStep * keys.letterKeys.keyWidth,
                                           lineHeight: finger.origin.frame.height, startTime: finger.startTime)
            fingers[id]!.selects = heldShifts > 0 || shift != .off
            caretDrags += 1
            return move(id, x, y)
        }
        let hit = finger.origin.frame.contains(x: x, y: y) ? finger.origin : layers[layer]!.touchFrame(atX: x, y: y)
        guard let hit else { return cancel(id) }
        guard hit.key.id != finger.key.id, finger.mode == .typing else { return }
        if finger.key.action == .backspace {
            finger.mode = .done
        } else {
            finger.key = hit.key
            finger.frame = hit.frame
            finger.since = now
        }
        fingers[id] = finger
    }

    private mutating func cancel(_ id: UInt) {
        guard let finger = fingers.removeValue(forKey: id) else { return }
        if finger.mode == .modifier { release(finger, tapped: false) }
    }

    private mutating func commitTyping() {
        for (id, _) in fingers.filter({ $0.value.mode == .typing }).sorted(by: { $0.value.order < $1.value.order }) {
            commit(id)
        }
    }

    private mutating func commit(_ id: UInt) {
        guard let finger = fingers[id], finger.mode == .typing else { return }
        fingers[id]!.mode = .done
        fingers[id]!.alternates = nil
        if let open = finger.alternates {
            if let index = open.selected { type(open.texts[index]) }
        } else if finger.key.action != .backspace {
            tap(finger.key)
        }
    }

    private mutating func release(_ finger: Finger, tapped: Bool) {
        commitTyping()
        switch finger.key.action {
        case .shift:
            heldShifts -= 1
            if tapped { tap(finger.key) }
        case .switchLayer(let name):
            if !tapped, let before = finger.layerBefore, layer == name { layer = before }
        default:
            break
        }
    }

    private mutating func tap(_ key: KeyDefinition) {
        switch key.action {
        case .shift:
            if let last = lastShiftTap, now - last <= 0.5 {
                shift = .locked
                lastShiftTap = nil
            } else {
                shift = shift == .off ? .latched : .off
                lastShiftTap = now
            }
            return
        case .switchLayer(let name):
            if layers[name] != nil { layer = name }
            return
        default:
            lastShiftTap = nil
        }
        switch key.action {
        case .insert(let string): type(string)
        case .space: type(" ")
        case .tab: type("\t")
        case .return: type("\n")
        default: break
        }
    }

    private mutating func type(_ string: String) {
        let typed = Array(shift != .off || heldShifts > 0 ? string.uppercased() : string)
        text.insert(contentsOf: typed, at: caret)
        caret += typed.count
        if shift == .latched { shift = .off }
        if string == " " || string == "\n" { layer = firstLayer }
    }

    private mutating func deleteBackward() {
        guard caret > 0 else { return }
        text.remove(at: caret - 1)
        caret -= 1
    }
}
