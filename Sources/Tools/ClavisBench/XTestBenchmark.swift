import ArgumentParser
import ClavisEngine
import ClavisKeystrokes
import ClavisX11
import Foundation

/// `clavis-bench xtest`: what typing into another application costs per key, beside the
/// same key events sent bare.
struct XTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xtest",
        abstract: "Time typing through XTest (clavis keyboard) beside bare XTest key events (needs an X display)."
    )

    @Option(help: "Keys typed per measurement.")
    var keys = 2_000

    @OptionGroup var options: BenchmarkOptions

    func run() throws {
        options.warnIfDebug()
        let rows = try MainActor.assumeIsolated { try measure() }
        let target = 1e-3
        var table = "| typed | Clavis p50 | p99 | bare XTest p50 | ratio (p50) | target | verdict |\n|---|---|---|---|---|---|---|\n"
        for row in rows {
            let verdict = row.clavis.p99 < target ? "met" : "**missed**"
            table += "| \(row.name) | \(formatDuration(row.clavis.p50)) | \(formatDuration(row.clavis.p99)) | "
                + "\(formatDuration(row.bare.p50)) | \(String(format: "%.1f", row.clavis.p50 / row.bare.p50)) | p99 < 1 ms | \(verdict) |\n"
        }
        let body = """
            ## Typing into other applications

            `clavis-bench xtest` (run by `scripts/bench.sh` under Xvfb) — \(machineDescription()). \
            \(keys) calls each of `XTestKeyboard.type`, as `clavis keyboard` makes them for a key: the \
            check that the focus is not Clavis's own window, the keymap and modifier state read with \
            the server grabbed, the planned presses sent, then a round trip until the server has \
            handled them. Beside it, the same key events sent bare on the same connection and waited \
            for (no checks, no keymap reads): the floor any XTest keyboard pays. A key the keymap \
            lacks (ö, €) reuses its borrowed keycode here, as typing does while the binding lasts.

            \(table)
            """
        try options.publish(body, section: "xtest")
    }

    struct Row {
        var name: String
        var clavis: (p50: Double, p99: Double)
        var bare: (p50: Double, p99: Double)
    }

    @MainActor
    private func measure() throws -> [Row] {
        let connection = try XConnection()
        let keyboard = XTestKeyboard(connection: connection, scheduler: IdleScheduler())
        // A window id that is not focused: the own-window check runs in full every time.
        keyboard.ownWindows = { [1] }
        defer { keyboard.releaseSpares() }
        let cases: [(String, [Keysym])] = [
            ("a (on the keymap)", [Keysym("a")]),
            ("A (Shift + a)", [Keysym("A")]),
            ("ö (borrowed keycode)", [Keysym("ö")]),
            ("\"Hello, wörld! ß€⏎\" (one call, 17 keys)", "Hello, wörld! ß€\n".unicodeScalars.map(Keysym.init)),
        ]
        return cases.map { name, keysyms in
            keyboard.type(keysyms)
            var planner = KeystrokePlanner(mapping: connection.keyboardMapping(), modifiers: connection.modifierState())
            var spares = SpareKeycodes()
            let steps = planner.plan(keysyms, spares: &spares, now: 0).filter {
                if case .remap = $0 { return false } else { return true }
            }
            let clavis = percentiles((0..<keys).map { _ in
                time {
                    keyboard.type(keysyms)
                    connection.sync()
                }
            })
            let bare = percentiles((0..<keys).map { _ in
                time {
                    connection.perform(steps)
                    connection.sync()
                }
            })
            return Row(name: name, clavis: clavis, bare: bare)
        }
    }

    private func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
        let sorted = samples.sorted()
        return (sorted[sorted.count / 2], sorted[sorted.count * 99 / 100])
    }
}
