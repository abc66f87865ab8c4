import ArgumentParser
import Foundation

/// `clavis-bench`: the project's benchmarks (release builds; not tests).
@main
struct ClavisBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavis-bench",
        abstract: "Clavis's benchmarks, side by side with peers.",
        subcommands: [SolverCommand.self]
    )
}

/// `clavis-bench solver`: this solver against kiwisolver on the same systems, in one run.
struct SolverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solver",
        abstract: "Time the constraint solver against kiwisolver on the addDel and keyboard workloads."
    )

    @Option(help: "Repeated runs of every measurement.")
    var runs = 15

    @Option(help: "The Python that has kiwisolver installed.")
    var python = "python3"

    @Option(help: "The kiwisolver runner script.")
    var kiwiScript = "scripts/bench/kiwi_solver.py"

    @Option(help: "Rewrite this Markdown file's solver section with the results.")
    var markdown: String?

    func run() throws {
        #if DEBUG
        print("warning: a debug build; benchmark figures need `swift build -c release`")
        #endif
        let benchmarks = SolverBenchmarks()
        print("Solver: Clavis, \(runs) runs…")
        let (ours, ourValues) = try benchmarks.run(runs: runs)
        print("Solver: kiwisolver, \(runs) runs…")
        let kiwi = try KiwiRunner(python: python, script: URL(fileURLWithPath: kiwiScript)).run(benchmarks, runs: runs)

        func row(_ name: String, _ what: String, target: Double? = nil) -> ReportRow {
            ReportRow(name: name, what: what, clavis: ours[name]!, peer: Samples(values: kiwi.samples[name]!), target: target)
        }
        let typical = benchmarks.keyboards[0]
        let stress = benchmarks.keyboards[1]
        let rows = [
            row("addDel.add", "add 500 constraints over 500 variables (12 % inequalities)"),
            row("addDel.resolve", "one re-solve: 2 suggestions + update (mean of 500)"),
            row("addDel.delete", "remove the 500 constraints"),
            row("keyboard-typical.build", "60 keys, \(typical.constraintCount) constraints, solved at 400×700", target: 1e-3),
            row("keyboard-typical.toggle", "portrait↔landscape: remove 10, add 15, 2 suggestions, update", target: 0.2e-3),
            row("keyboard-typical.resize", "suggest width and height, update", target: 5e-6),
            row("keyboard-stress.build", "60 keys, \(stress.constraintCount) constraints, 60 conflicting weak widths"),
            row("keyboard-stress.toggle", "as above, degenerate: hundreds of pivots each"),
            row("keyboard-stress.resize", "as above"),
        ]
        let disagreement = zip(ourValues, kiwi.keyboardValues).flatMap { zip($0, $1).map { abs($0 - $1) } }.max() ?? .infinity
        let table = markdownTable(rows, peerName: "kiwisolver \(kiwi.version)")
        let agreement = disagreement <= 1e-6
            ? "Both keyboards' values (\(ourValues.map(\.count).reduce(0, +)) in all) agree with kiwisolver's to \(String(format: "%.1e", disagreement)) (largest difference)."
            : "**The keyboard's values differ from kiwisolver's by up to \(disagreement).**"
        let body = """
            ## Solver

            `scripts/bench-solver.sh` — \(dateString()), \(machineDescription()). \(runs) runs each; \
            constraint objects are built before timing on both sides, so the figures compare the \
            solvers. kiwisolver is its C++ core called from Python, so each of its calls also \
            pays a little interpreter overhead. Ratio = Clavis ÷ kiwisolver (medians; below 1 is faster).

            \(table)
            \(agreement)

            """
        print(body)
        if let markdown {
            try replaceSection(named: "solver", in: URL(fileURLWithPath: markdown), with: body)
            print("wrote \(markdown)")
        }
    }

    private func dateString() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
