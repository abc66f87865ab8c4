import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisWorkloads
import TestSupport
import Testing

/// Which strokes are swipe gestures, property-tested on seeded random strokes over the US
/// layout: taps, wiggles, slides to a neighbour and long strokes, from letters and from other
/// keys, with swipe on and off. The rule the tracker must follow, stated independently here:
/// a stroke is a gesture once it began on a letter, has travelled `gestureDistance` key
/// widths (of the key it began on) and is outside that key, at a move or where it lifts; then
/// it types nothing and hands over every point. A stroke that began on Space moves the caret
/// instead once, still over Space, it has gone half a letter key's width sideways and at
/// least twice as far sideways as up or down; it types nothing. Anything else types what it
/// did before swipe existed.
@MainActor @Suite struct TouchTrackerGestureTests {
    /// One tracker on the US layout, with the gestures it reported.
    @MainActor final class Rig {
        let arrangement: KeyboardArrangement
        let proxy = RecordingProxy(text: "so ")
        let tracker: TouchTracker
        let scheduler = ManualScheduler()
        var gestures: [[GestureDecoder.Point]] = []
        var enabled = true

        init() throws {
            let layout = try LayoutLibrary().load("us")
            arrangement = KeyboardArrangement(layout: layout)
            arrangement.resize(width: 400, height: 260, orientation: .portrait)
            let controller = KeyboardController(layout: layout)
            controller.proxy = proxy
            let arrangement = arrangement
            tracker = TouchTracker(controller: controller, scheduler: scheduler) { arrangement.geometry }
            tracker.gesturesEnabled = { [unowned self] in enabled }
            tracker.onGesture = { [unowned self] points in gestures.append(points) }
        }
    }

    /// A stroke: where it goes down, the moves, where it lifts.
    struct Stroke {
        var points: [(x: Double, y: Double)]
    }

    /// A random stroke from a random key: a tap, a wiggle, a slide to somewhere near, or a
    /// path through a few random points, sampled every few pixels, inside the keyboard.
    static func stroke(from frame: KeyFrame, width: Double, height: Double, using random: inout SplitMix64) -> Stroke {
        func clamp(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (min(max(p.x, 1), width - 1), min(max(p.y, 1), height - 1))
        }
        let start = (x: Double.random(in: (frame.frame.x + 2)...(frame.frame.maxX - 2), using: &random),
                     y: Double.random(in: (frame.frame.y + 2)...(frame.frame.maxY - 2), using: &random))
        var corners = [start]
        let kind = Int.random(in: 0..<4, using: &random)
        let reach = [0.0, 0.3, 1.6, 6][kind] * frame.frame.width
        for _ in 0..<(kind == 3 ? Int.random(in: 1...4, using: &random) : 1) {
            let last = corners[corners.count - 1]
            let dx: Double = Double.random(in: -reach...reach, using: &random)
            let dy: Double = Double.random(in: -reach...reach, using: &random) / 2
            corners.append(clamp((last.x + dx, last.y + dy)))
        }
        var points = [start]
        for (a, b) in zip(corners, corners.dropFirst()) {
            let dx: Double = b.x - a.x, dy: Double = b.y - a.y
            let steps = max(1, Int((dx * dx + dy * dy).squareRoot() / 4))
            for step in 1...steps {
                let t = Double(step) / Double(steps)
                points.append((a.x + t * dx, a.y + t * dy))
            }
        }
        return Stroke(points: points)
    }

    /// What a stroke does by the rule above, and otherwise as slide-to-correct does: the key
    /// under the finger follows it (its first key anywhere inside that key's frame), and a
    /// slide that leaves Backspace after reaching it is done, typing nothing.
    enum Outcome: Equatable {
        case gesture
        case caret
        case slide(to: String)
        case nothing
    }

    static func outcome(of stroke: Stroke, from origin: KeyFrame, on geometry: KeyboardGeometry, swipe: Bool, distance: Double) -> Outcome {
        var swipeable = false
        if swipe, case .insert(let text) = origin.key.action, text.count == 1, text.first?.isLetter == true, origin.key.flicks == nil {
            swipeable = true
        }
        var travelled = 0.0
        var key = origin.key
        let start = stroke.points[0], letterWidth = geometry.letterKeys.keyWidth
        for (a, b) in zip(stroke.points, stroke.points.dropFirst()) {
            let dx: Double = b.x - a.x, dy: Double = b.y - a.y
            travelled += (dx * dx + dy * dy).squareRoot()
            if swipeable && travelled >= distance * origin.frame.width && !origin.frame.contains(x: b.x, y: b.y) { return .gesture }
            if origin.key.action == .space, key.id == origin.key.id, origin.frame.contains(x: b.x, y: b.y),
               abs(b.x - start.x) >= 0.5 * letterWidth, abs(b.x - start.x) >= 2 * abs(b.y - start.y) {
                return .caret
            }
            let hit = origin.frame.contains(x: b.x, y: b.y) ? origin.key : geometry.touchFrame(atX: b.x, y: b.y)?.key
            guard let hit else { return .nothing }
            if hit.id != key.id {
                if key.action == .backspace { return .nothing }
                key = hit
            }
        }
        return .slide(to: key.id)
    }

    /// The events' own times, where the platform gives them, not when they were handled: a
    /// main loop that got to a move late must not make the stroke look slowed down there.
    @Test func aGesturesPointsCarryTheEventsOwnTimes() throws {
        let rig = try Rig()
        let h = try #require(rig.arrangement.geometry.frame(ofKey: "h")), l = try #require(rig.arrangement.geometry.frame(ofKey: "l"))
        rig.tracker.began(1, x: h.midX, y: h.midY, time: 70.0)
        for step in 1...10 {
            rig.tracker.moved(1, x: h.midX + Double(step) / 10 * (l.midX - h.midX), y: h.midY, time: 70.0 + Double(step) * 0.01)
        }
        rig.scheduler.advance(by: 0.3)
        rig.tracker.ended(1, x: l.midX, y: l.midY, time: 70.11)
        let gesture = try #require(rig.gestures.last)
        let moves: [Double] = (1...10).map { 70.0 + Double($0) * 0.01 }
        let expected: [Double] = [70.0] + moves + [70.11]
        #expect(gesture.compactMap(\.time) == expected)
    }

    @Test func strokesAreGesturesExactlyWhenTheRuleSaysSo() throws {
        let rig = try Rig()
        var random = SplitMix64(seed: 33)
        var counts = (gestures: 0, others: 0, carets: 0)
        for round in 0..<3000 {
            rig.enabled = round % 5 != 0
            let frames = rig.arrangement.geometry.frames
            let frame = frames[Int.random(in: 0..<frames.count, using: &random)]
            let stroke = Self.stroke(from: frame, width: rig.arrangement.width, height: rig.arrangement.height, using: &random)
            let before = rig.proxy.text, layer = rig.tracker.controller.layer
            rig.proxy.clearCalls()
            let reported = rig.gestures.count
            let first = stroke.points[0], last = stroke.points[stroke.points.count - 1]
            let began = rig.scheduler.now
            rig.tracker.began(1, x: first.x, y: first.y)
            for point in stroke.points.dropFirst().dropLast() {
                rig.scheduler.advance(by: 0.001)
                rig.tracker.moved(1, x: point.x, y: point.y)
            }
            rig.scheduler.advance(by: 0.001)
            rig.tracker.ended(1, x: last.x, y: last.y)
            let outcome = Self.outcome(of: stroke, from: frame, on: rig.arrangement.geometry, swipe: rig.enabled,
                                       distance: rig.tracker.gestureDistance)
            let description = "round \(round): \(frame.key.id), \(stroke.points.count) points, swipe \(rig.enabled ? "on" : "off")"
            #expect((rig.gestures.count > reported) == (outcome == .gesture), "\(description)")
            switch outcome {
            case .gesture:
                counts.gestures += 1
                #expect(rig.proxy.text == before, "a gesture types nothing by itself: \(description)")
                #expect(rig.gestures.last?.count == stroke.points.count, "every point, down to lift: \(description)")
                // Each point stamped with the tracker's clock, 1 ms apart (the decoder reads
                // where the stroke slowed down).
                #expect(rig.gestures.last?.first == GestureDecoder.Point(x: first.x, y: first.y, time: began))
                let times = rig.gestures.last?.compactMap(\.time) ?? []
                #expect(times.count == stroke.points.count && zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 0.001) < 1e-9 },
                        "\(description)")
            case .slide(let id):
                counts.others += 1
                if case .insert(let text) = frame.key.action, text.first?.isLetter == true,
                   case .insert(let typed)? = rig.arrangement.geometry.frames.first(where: { $0.key.id == id })?.key.action,
                   typed.first?.isLetter == true {
                    #expect(rig.proxy.text.lowercased() == (before + typed).lowercased(),
                            "a tap or slide from a letter types the letter lifted on: \(description)")
                }
            case .nothing:
                counts.others += 1
                if case .insert = frame.key.action { #expect(rig.proxy.text == before, "\(description)") }
            case .caret:
                counts.carets += 1
                #expect(rig.proxy.text == before, "a caret drag types nothing: \(description)")
                // With Shift latched by an earlier round's tap, it selects instead (Shift+arrows).
                #expect(!rig.proxy.calls.isEmpty && rig.proxy.calls.allSatisfy { call in
                    switch call {
                    case .adjust: true
                    case .key(let press): press.shift && (press.name == .left || press.name == .right)
                    default: false
                    }
                }, "it moves the caret (or selects), at least one character: half a key width is more than a step: \(description)")
                #expect(rig.gestures.count == reported, "\(description)")
                // Back to the end, where the next round's letters are expected.
                rig.proxy.adjustTextPosition(byCharacterOffset: rig.proxy.text.count)
            }
            if rig.tracker.controller.layer != layer { rig.tracker.controller.showLayer(layer) }
        }
        #expect(counts.gestures > 300 && counts.others > 300 && counts.carets > 10, "every kind was drawn: \(counts)")
        #expect(rig.tracker.count == 0)
    }
}
