import ClavisEngine
import ClavisLayout
import ClavisWorkloads
import Foundation
import TestSupport
import Testing

/// Seeded random touch sequences on the US layout against `TouchModel`: up to four fingers
/// landing anywhere (gaps, edges, outside), wiggling, sliding, leaving the keyboard, holding
/// long enough for repeats and alternates, lifting in any order, on virtual time; every
/// other sequence with swipe typing on, so long slides from letters are gestures; slides
/// along Space move the caret (and with a second finger or Shift, select).
///
/// `CLAVIS_TOUCH_SEED=N` runs that one sequence; `CLAVIS_TOUCH_SEQUENCES=N` runs N.
@MainActor @Suite struct TouchTrackerPropertyTests {
    static let startText = "xxxxxxxxxxxx"

    @Test func randomTouchSequencesTypeWhatTheModelTypes() throws {
        let layout = try LayoutLibrary().load("us")
        let arrangement = KeyboardArrangement(layout: layout)
        arrangement.resize(width: 400, height: 260, orientation: .portrait)
        var layers: [String: KeyboardGeometry] = [:]
        for layer in layout.layers {
            arrangement.show(layer: layer.name)
            layers[layer.name] = arrangement.geometry
        }
        let seeds: [UInt64]
        if let seed = environment("CLAVIS_TOUCH_SEED").flatMap(UInt64.init) {
            seeds = [seed]
        } else {
            seeds = Array(1...UInt64(environment("CLAVIS_TOUCH_SEQUENCES").flatMap(Int.init) ?? 3000))
        }
        var events = 0
        var failures = 0
        var carets = (drags: 0, steps: 0, selections: 0)
        for seed in seeds {
            let result = run(seed: seed, layout: layout, arrangement: arrangement, layers: layers)
            events += result.events
            carets.drags += result.model.caretDrags
            carets.steps += result.model.caretSteps
            carets.selections += result.model.selectionKeys
            if let problem = result.problem {
                failures += 1
                Issue.record("seed \(seed): \(problem) (rerun with CLAVIS_TOUCH_SEED=\(seed))")
                if failures >= 5 { break }
            }
        }
        print("touch property test: \(seeds.count) sequences, \(events) events, \(failures) failing; "
              + "\(carets.drags) caret drags, \(carets.steps) caret steps, \(carets.selections) of them selecting")
        if seeds.count >= 1000 {
            #expect(carets.drags > 50 && carets.steps > carets.drags && carets.selections > 0, "the sequences drag the caret: \(carets)")
        }
    }

    /// Plays one seeded sequence through the tracker and the model; the first disagreement.
    private func run(seed: UInt64, layout: KeyboardLayout, arrangement: KeyboardArrangement,
                     layers: [String: KeyboardGeometry]) -> (events: Int, problem: String?, model: TouchModel) {
        var random = SplitMix64(seed: seed)
        arrangement.show(layer: layout.layers[0].name)
        let scheduler = ManualScheduler()
        let proxy = RecordingProxy(text: Self.startText)
        let controller = KeyboardController(layout: layout)
        controller.proxy = proxy
        controller.onAppearanceChange = { [controller] in arrangement.show(layer: controller.layer) }
        let tracker = TouchTracker(controller: controller, scheduler: scheduler) { arrangement.geometry }
        var commits: [UInt: Int] = [:]
        tracker.onCommit = { id, _ in commits[id, default: 0] += 1 }
        var model = TouchModel(layers: layers, firstLayer: layout.layers[0].name, text: Self.startText)
        // Every other sequence with swipe typing on: strokes across the letters are gestures.
        let swipe = seed % 2 == 0
        model.gesturesEnabled = swipe
        tracker.gesturesEnabled = { swipe }
        var gestures = 0
        tracker.onGesture = { _ in gestures += 1 }

        let width = arrangement.width, height = arrangement.height
        var down: [UInt: (x: Double, y: Double)] = [:]
        var nextID: UInt = 1
        var time = 0.0
        var log: [String] = []
        let steps = Int.random(in: 8...40, using: &random)

        func point(near last: (x: Double, y: Double)?) -> (x: Double, y: Double) {
            let roll = Double.random(in: 0..<1, using: &random)
            if let last, roll < 0.15 {   // a slide along the row (Space drags the caret)
                return (last.x + Double.random(in: -60...60, using: &random), last.y + Double.random(in: -4...4, using: &random))
            }
            if let last, roll < 0.55 {
                return (last.x + Double.random(in: -12...12, using: &random), last.y + Double.random(in: -10...10, using: &random))
            }
            if roll > 0.93 {   // outside the keyboard
                return (Double.random(in: -40...(width + 40), using: &random), Bool.random(using: &random) ? -15 : height + 15)
            }
            return (Double.random(in: -5...(width + 5), using: &random), Double.random(in: -5...(height + 5), using: &random))
        }

        func play(_ event: TouchModel.Event, _ description: String) -> String? {
            time += Double.random(in: 0..<1, using: &random) < 0.2
                ? Double.random(in: 0.3...1.3, using: &random) : Double.random(in: 0.004...0.15, using: &random)
            log.append(String(format6(time)) + " " + description)
            scheduler.advance(by: time - scheduler.now)
            model.runTimers(until: time)
            switch event {
            case let .began(id, x, y): tracker.began(id, x: x, y: y)
            case let .moved(id, x, y): tracker.moved(id, x: x, y: y)
            case let .ended(id, x, y): tracker.ended(id, x: x, y: y)
            case let .cancelled(id): tracker.cancel(id)
            }
            model.apply(event, at: time)
            if proxy.text != String(model.text) {
                return "text \(debug(proxy.text)) but the model has \(debug(String(model.text)))"
            }
            if let before = proxy.documentContextBeforeInput, before.count != model.caret {
                return "caret after \(before.count) characters but the model has \(model.caret)"
            }
            let keys = proxy.calls.filter { if case .key = $0 { true } else { false } }.count
            if keys != model.selectionKeys { return "\(keys) key event(s) sent but the model sent \(model.selectionKeys) Shift+arrows" }
            if tracker.pressedKeyIDs != model.pressed {
                return "keys drawn pressed \(tracker.pressedKeyIDs.sorted()) but the model has \(model.pressed.sorted())"
            }
            if controller.layer != model.layer { return "layer \(controller.layer) but the model has \(model.layer)" }
            if gestures != model.gestures { return "\(gestures) gesture(s) ended but the model has \(model.gestures)" }
            if let (id, count) = commits.first(where: { $0.value > 1 }) { return "touch \(id) committed \(count) times" }
            if !model.hasTypingFinger && scheduler.pendingCount > 0 {
                return "\(scheduler.pendingCount) timer(s) pending with no key waiting (a repeat outlived its touch)"
            }
            return nil
        }

        var problem: String?
        for _ in 0..<steps where problem == nil {
            let roll = Double.random(in: 0..<1, using: &random)
            if down.count < 4 && (down.isEmpty || roll < 0.35) {
                let p = point(near: nil)
                let id = nextID
                nextID += 1
                down[id] = p
                problem = play(.began(id, x: p.x, y: p.y), "down \(id) \(format6(p.x)),\(format6(p.y))")
            } else if let id = down.keys.randomElement(using: &random) {
                if roll < 0.65 {
                    let p = point(near: down[id])
                    down[id] = p
                    problem = play(.moved(id, x: p.x, y: p.y), "move \(id) \(format6(p.x)),\(format6(p.y))")
                } else if roll < 0.97 {
                    let p = down.removeValue(forKey: id)!
                    problem = play(.ended(id, x: p.x, y: p.y), "up \(id)")
                } else {
                    down[id] = nil
                    problem = play(.cancelled(id), "cancel \(id)")
                }
            }
        }
        // Every finger lifts, in random order.
        while problem == nil, let id = down.keys.randomElement(using: &random) {
            let p = down.removeValue(forKey: id)!
            problem = play(.ended(id, x: p.x, y: p.y), "up \(id)")
        }
        if problem == nil {
            scheduler.advance(by: 10)
            if tracker.count != 0 { problem = "\(tracker.count) touch(es) never ended" }
            else if !tracker.pressedKeyIDs.isEmpty { problem = "keys left pressed: \(tracker.pressedKeyIDs.sorted())" }
            else if controller.heldShifts != 0 { problem = "shift left held" }
            else if scheduler.pendingCount != 0 { problem = "timers left pending" }
            else if proxy.text != String(model.text) { problem = "text changed after the last touch" }
        }
        return (log.count, problem.map { "\($0)\n  events:\n    " + log.joined(separator: "\n    ") }, model)
    }

    private func debug(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

private func format6(_ value: Double) -> String {
    String(format: "%.3f", value)
}

private func environment(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name]
}
