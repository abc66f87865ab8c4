import ArgumentParser
import ClavisLayout
import Foundation

/// `clavis-bench hands`: what choosing how the keys sit costs on the US keyboard's letters:
/// the first switch to split (its solver built), later switches between whole and split (a
/// solver picked and resized), and one-handed (a resize and the block placed).
struct HandsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hands",
        abstract: "Time switching the US keyboard between both hands, one-handed and split."
    )

    @OptionGroup var options: BenchmarkOptions
    var runs: Int { options.runs }

    func run() throws {
        options.warnIfDebug()
        let us = try LayoutLibrary().load("us")
        var firstSplit: [Double] = []
        var toggles: [Double] = []
        var oneHanded: [Double] = []
        let split = HandPlacement(mode: .split)
        let switches = 50
        for _ in 0..<runs {
            let arrangement = KeyboardArrangement(layout: us)
            arrangement.resize(width: 1280, height: 300, orientation: .landscape)
            firstSplit.append(time { arrangement.hands = split })
            toggles.append(time {
                for i in 0..<switches { arrangement.hands = i % 2 == 0 ? HandPlacement() : split }
            } / Double(switches))
            oneHanded.append(time {
                for i in 0..<switches { arrangement.hands = HandPlacement(mode: i % 2 == 0 ? .left : .right) }
            } / Double(switches))
            guard arrangement.lastError == nil, arrangement.geometry.frame(ofKey: "hands-both") != nil else {
                throw ValidationError("the US keyboard did not arrange for one hand: \(arrangement.lastError.map { "\($0)" } ?? "no strip")")
            }
        }
        let rows: [(String, Samples, Double)] = [
            ("first switch to split: its solver built and solved", Samples(values: firstSplit), 16.7e-3),
            ("later switches whole ↔ split (mean of \(switches))", Samples(values: toggles), 1e-3),
            ("one-handed, left ↔ right (mean of \(switches))", Samples(values: oneHanded), 1e-3),
        ]
        var table = "| switch | median (min–max) | target | verdict |\n|---|---|---|---|\n"
        for (what, samples, target) in rows {
            table += "| \(what) | \(samples.summary) | < \(formatDuration(target)) | \(samples.median < target ? "met" : "**missed**") |\n"
        }
        let body = """
            ## Choosing how the keys sit for the hands

            `scripts/bench-hands.sh` — \(machineDescription()). The US keyboard's letters at 1280×300 in landscape \
            (docs/hands.md). Split opens the rows marked `~|` by a 30 % gap: the first switch builds the split \
            solver, later ones pick a solver and resize it; one-handed solves the layer at 80 % of the width \
            and places the block and its strip. Targets: the first split within a frame (16.7 ms at 60 Hz), \
            the later switches well within one. \(runs) runs each.

            \(table)
            """
        try options.publish(body, section: "hands")
    }
}
