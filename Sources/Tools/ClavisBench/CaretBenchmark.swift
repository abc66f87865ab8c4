import ArgumentParser
import ClavisEngine
import ClavisLayout
import ClavisWorkloads
import Foundation
import TestSupport

/// `clavis-bench caret`: how many touches it takes to put the caret at a random place in a
/// 200-character text, by tapping into the text against sliding along the space bar (the
/// real `TouchTracker`, its rule and steps), on a simulated finger.
struct CaretCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "caret",
        abstract: "Touches to place the caret in a 200-character text: tapping into it, the space bar, both."
    )

    @Option(help: "Random targets per strategy.")
    var trials = 2000

    @OptionGroup var options: BenchmarkOptions

    func run() throws {
        options.warnIfDebug()
        let rows = try MainActor.assumeIsolated { try CaretBenchmark(trials: trials).run() }
        var body = """
            ## Placing the caret

            `clavis-bench caret` — a simulation, not people: \(trials) random targets (a place between two \
            characters of a 200-character text, the caret at its end where typing left it) per strategy; a \
            strategy's touches are counted until the caret is at the target. The finger: each touch lands \
            with a normal spread of a quarter key width each way (the synthetic strokes' figure for a \
            finger, docs/swipe.md), on 6 mm keys (1.5 mm). The text: 2 mm a character, 5 mm a line, 30 \
            characters a line (7 lines), a caret put at the character boundary nearest the touch on the \
            line touched, as text fields do. The space bar: the US layout at 360 × 240, Clavis's \
            `TouchTracker` with its caret rule and 0.4 key widths a character; a drag goes down at a \
            random point near Space's centre, slides a pixel an event with a little vertical wobble, and \
            lifts once the caret is there, or at the keyboard's edge to start again: a user who stops \
            exactly where the caret arrives (the eye follows the caret; overshoot and its correction \
            within the same drag are not counted). The finger's speed: either an even, slow slide (5 steps \
            a second, where the caret follows one to one), or fast while far and slowing as the caret \
            nears (\(Int(CaretBenchmark.nearSpeed)) steps a second plus \(Int(CaretBenchmark.speedPerCharacter)) for each character still to go, at most \
            \(Int(CaretBenchmark.topSpeed))), which `CaretDrag`'s acceleration turns into more characters a step. Tapping again \
            until it lands is what a field without caret control offers (its handle, dragged, lands with \
            the same spread).

            | strategy | touches, mean | p90 | right with the first touch | sliding, mean |
            |---|---|---|---|---|

            """
        for row in rows {
            body += "| \(row.name) | \(String(format: "%.2f", row.meanTouches)) | \(row.p90Touches) | "
                + "\(String(format: "%.1f", row.firstTouch * 100)) % | \(String(format: "%.1f", row.meanSlide)) key widths |\n"
        }
        body += """

            An even slide on the space bar alone is slow over long distances (a drag from the centre \
            reaches about twelve characters before the keyboard's edge); the acceleration takes a quick \
            slide across the text in a touch or two and still ends character by character.

            """
        try options.publish(body, section: "caret")
    }
}

/// The simulation behind `clavis-bench caret`.
@MainActor
struct CaretBenchmark {
    struct Row {
        var name: String
        var meanTouches: Double
        var p90Touches: Int
        var firstTouch: Double
        var meanSlide: Double
    }

    let trials: Int
    /// The US layout at phone size, solved once for every drag.
    let layout: KeyboardLayout
    let arrangement: KeyboardArrangement

    init(trials: Int) throws {
        self.trials = trials
        layout = try LayoutLibrary().load("us")
        arrangement = KeyboardArrangement(layout: layout)
        arrangement.resize(width: 360, height: 240, orientation: .portrait)
    }
    static let length = 200
    static let perLine = 30
    static let characterWidth = 2.0, lineHeight = 5.0, keyMillimetres = 6.0
    /// A finger's spread, in key widths (`SyntheticStrokes`' finger).
    static let spread = 0.25
    /// The finger's speed in caret steps a second: an even slide's, and a slide that slows as
    /// the caret nears its place (`nearSpeed` plus `speedPerCharacter` for each character
    /// still to go, at most `topSpeed`).
    nonisolated static let evenSpeed = 5.0, nearSpeed = 6.0, speedPerCharacter = 4.0, topSpeed = 60.0

    func run() -> [Row] {
        var random = SplitMix64(seed: 47)
        let targets = (0..<trials).map { _ in Int.random(in: 0...Self.length, using: &random) }
        let tapOnly = targets.map { target -> (Int, Double) in
            var touches = 1
            while tap(target, using: &random) != target && touches < 50 { touches += 1 }
            return (touches, 0)
        }
        let evenSlide = targets.map { target in drag(from: Self.length, to: target, accelerating: false, using: &random) }
        let spaceOnly = targets.map { target in drag(from: Self.length, to: target, accelerating: true, using: &random) }
        let both = targets.map { target -> (Int, Double) in
            let landed = tap(target, using: &random)
            guard landed != target else { return (1, 0) }
            let (drags, slide) = drag(from: landed, to: target, accelerating: true, using: &random)
            return (1 + drags, slide)
        }
        return [row("tap into the text until it lands", tapOnly),
                row("slide along the space bar, from the end, evenly and slowly", evenSlide),
                row("slide along the space bar, from the end, fast then slowing", spaceOnly),
                row("tap, then slide along the space bar if it missed", both)]
    }

    private func row(_ name: String, _ results: [(touches: Int, slide: Double)]) -> Row {
        let touches = results.map(\.touches).sorted()
        return Row(name: name, meanTouches: Double(touches.reduce(0, +)) / Double(touches.count),
                   p90Touches: touches[touches.count * 9 / 10], firstTouch: Double(touches.filter { $0 == 1 }.count) / Double(touches.count),
                   meanSlide: results.map(\.slide).reduce(0, +) / Double(results.count))
    }

    /// Where a tap aimed at the boundary before character `target` puts the caret.
    private func tap(_ target: Int, using random: inout SplitMix64) -> Int {
        let sigma = Self.spread * Self.keyMillimetres
        let line = min(target / Self.perLine, (Self.length - 1) / Self.perLine)
        let column = target - line * Self.perLine
        let x = Double(column) * Self.characterWidth + gaussian(&random) * sigma
        let y = (Double(line) + 0.5) * Self.lineHeight + gaussian(&random) * sigma
        let lines = (Self.length + Self.perLine - 1) / Self.perLine
        let touchedLine = min(max(Int((y / Self.lineHeight).rounded(.down)), 0), lines - 1)
        let lineLength = min(Self.perLine, Self.length - touchedLine * Self.perLine)
        let touchedColumn = min(max(Int((x / Self.characterWidth).rounded()), 0), lineLength)
        return touchedLine * Self.perLine + touchedColumn
    }

    /// Drags along Space through the real tracker until the caret moves from `start` to
    /// `target`: the drags it took and how far the finger slid, in key widths. Each event is
    /// timed by the finger's speed then (`accelerating`: fast while far, slowing near).
    private func drag(from start: Int, to target: Int, accelerating: Bool, using random: inout SplitMix64) -> (Int, Double) {
        guard start != target else { return (0, 0) }
        let proxy = RecordingProxy(text: String(repeating: "x", count: Self.length))
        proxy.adjustTextPosition(byCharacterOffset: start - Self.length)
        let controller = KeyboardController(layout: layout)
        controller.proxy = proxy
        let arrangement = arrangement
        let tracker = TouchTracker(controller: controller, scheduler: ManualScheduler()) { arrangement.geometry }
        let geometry = arrangement.geometry
        let key = geometry.letterKeys.keyWidth
        let space = geometry.frame(ofKey: "space")!
        var caret: Int { proxy.documentContextBeforeInput?.count ?? 0 }
        var drags = 0, slid = 0.0, time = 0.0
        let stepWidth = 0.4 * key
        while caret != target && drags < 100 {
            drags += 1
            let direction = target > caret ? 1.0 : -1.0
            // Aimed at the bar's middle; it is wide and tall enough that the spread stays on it.
            var x = min(max(space.midX + gaussian(&random) * Self.spread * key, space.x + 1), space.maxX - 1)
            let y = min(max(space.midY + gaussian(&random) * Self.spread * key, space.y + 1), space.maxY - 1)
            time += 0.3
            tracker.began(UInt(drags), x: x, y: y, time: time)
            while caret != target && x > 0 && x < geometry.width {
                x += direction
                slid += 1 / key
                let speed = accelerating ? min(Self.topSpeed, Self.nearSpeed + Self.speedPerCharacter * Double(abs(target - caret))) : Self.evenSpeed
                time += 1 / stepWidth / speed
                tracker.moved(UInt(drags), x: x, y: y + gaussian(&random) * 0.02 * key, time: time)
            }
            tracker.ended(UInt(drags), x: x, y: y, time: time)
        }
        return (drags, slid)
    }

    private func gaussian(_ random: inout SplitMix64) -> Double {
        let u = max(Double.random(in: 0..<1, using: &random), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * Double.random(in: 0..<1, using: &random))
    }
}
