import Foundation

/// Where each timed press went, from the benchmark's press and change times and the
/// keyboard's own stamps (`clavis keyboard --trace-stages`), all on CLOCK_MONOTONIC:
/// the compositor bringing the press to the keyboard (`delivered`), the press handled until
/// the release reached the keyboard (`to release`: the release's own delivery, and whatever
/// the keyboard did in between, such as a repaint), the release handled until the key acts
/// (`handled`), and the text's way out through the compositor to the client (`out`).
struct StageBreakdown {
    struct Press {
        var delivered: Double
        var toRelease: Double
        var handled: Double
        var out: Double
        /// Time spent repainting between the press and the release reaching the keyboard.
        var repaint: Double
        /// How much of `out` the keyboard itself was still busy: handling the rest of the
        /// release (the suggestions, the sound) and repainting, before the client's change.
        /// On two cores shared with the compositor and the client, that is a core they wait for.
        var busyOut: Double
        var total: Double { delivered + toRelease + handled + out }
    }

    var presses: [Press] = []
    /// Presses whose stamps were not all found (the trace missed them).
    var unmatched = 0

    /// Reads the trace's `SECONDS STAGE` lines.
    static func stages(at path: String) -> [(time: Double, stage: String)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, let time = Double(fields[0]) else { return nil }
            return (time, String(fields[1]))
        }
    }

    init(presses timed: [(pressed: Double, changed: Double)], stages: [(time: Double, stage: String)]) {
        for (pressed, changed) in timed {
            func first(_ stage: String, after time: Double) -> Double? {
                stages.first { $0.stage == stage && $0.time >= time && $0.time <= changed }?.time
            }
            guard let press = first("press", after: pressed), let release = first("release", after: press),
                  let act = first("act", after: release) else {
                unmatched += 1
                continue
            }
            var repaint = 0.0
            var began: Double?
            for stamp in stages where stamp.time >= press && stamp.time <= release {
                if stamp.stage == "draw" { began = stamp.time }
                if stamp.stage == "drawn", let start = began {
                    repaint += stamp.time - start
                    began = nil
                }
            }
            var busyOut = 0.0
            // The release may be settled after the change: only the part before it counts.
            if let settled = stages.first(where: { $0.stage == "settled" && $0.time >= act })?.time {
                busyOut += min(settled, changed) - act
            }
            began = nil
            for stamp in stages where stamp.time >= act && stamp.time <= changed {
                if stamp.stage == "draw" { began = stamp.time }
                if stamp.stage == "drawn", let start = began {
                    busyOut += stamp.time - start
                    began = nil
                }
            }
            if let start = began { busyOut += changed - start }
            presses.append(Press(delivered: press - pressed, toRelease: release - press, handled: act - release, out: changed - act,
                                 repaint: repaint, busyOut: busyOut))
        }
    }

    /// A markdown table: each stage's median, p99 and largest, and the slowest presses split.
    func table(for name: String) -> String {
        guard !presses.isEmpty else { return "No press of \(name)'s could be matched with its trace (\(unmatched) unmatched).\n" }
        func row(_ label: String, _ values: [Double]) -> String {
            "| \(label) | \(formatDuration(KeyboardFigures.percentile(values, 50))) | \(formatDuration(KeyboardFigures.percentile(values, 99))) | "
                + "\(formatDuration(values.max() ?? 0)) |\n"
        }
        var text = "| \(name), stage | p50 | p99 | largest |\n|---|---|---|---|\n"
        text += row("press → the keyboard has it (compositor, GDK)", presses.map(\.delivered))
        text += row("→ the release reached it (its delivery, and what the keyboard did meanwhile)", presses.map(\.toRelease))
        text += row("… of which repainting", presses.map(\.repaint))
        text += row("→ the key acts (the release handled)", presses.map(\.handled))
        text += row("→ the client's text changed (commit through the compositor)", presses.map(\.out))
        text += row("… of which the keyboard was still busy (the release's rest, repaints)", presses.map(\.busyOut))
        text += row("press → text", presses.map(\.total))
        let repainted = presses.filter { $0.repaint > 0 }.count
        text += "\n\(presses.count) presses matched (\(unmatched) not), \(repainted) with a repaint between press and release. "
        let slowest = presses.sorted { $0.total > $1.total }.prefix(3)
        text += "The slowest: " + slowest.map { press in
            "\(formatDuration(press.total)) (delivered \(formatDuration(press.delivered)), to release \(formatDuration(press.toRelease)), "
                + "handled \(formatDuration(press.handled)), out \(formatDuration(press.out)), busy meanwhile \(formatDuration(press.busyOut)))"
        }.joined(separator: "; ") + ".\n"
        return text
    }
}
