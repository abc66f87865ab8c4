import ArgumentParser
import ClavisSolver
import ClavisWorkloads
import Foundation

/// `clavis-bench`: the project's benchmarks (release builds; not tests).
@main
struct ClavisBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavis-bench",
        abstract: "Clavis's benchmarks, side by side with peers.",
        subcommands: [SolverCommand.self, LayoutsCommand.self, EngineCommand.self, ViewCommand.self, AppsCommand.self, XTestCommand.self, SuggestCommand.self, JapaneseCommand.self, WaylandCommand.self, KWinCommand.self, GnomeCommand.self, LeaksCommand.self, CompareCommand.self, AccessCommand.self, SwipeCommand.self, CaretCommand.self, HandsCommand.self, AutocorrectCommand.self]
    )
}

/// The options every benchmark takes.
struct BenchmarkOptions: ParsableArguments {
    @Option(help: "Repeated runs of every measurement.")
    var runs = 15

    @Option(help: "Rewrite this Markdown file's section with the results.")
    var markdown: String?

    /// Warns when the figures would come from a debug build.
    func warnIfDebug() {
        #if DEBUG
        print("warning: a debug build; benchmark figures need `swift build -c release`")
        #endif
    }

    /// Prints the section and, with --markdown, writes it into the file.
    func publish(_ body: String, section: String) throws {
        print(body)
        if let markdown {
            try replaceSection(named: section, in: URL(fileURLWithPath: markdown), with: body)
            print("wrote \(markdown)")
        }
    }
}

/// `clavis-bench solver`: this solver against kiwisolver on the same systems, in one run.
struct SolverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solver",
        abstract: "Time the constraint solver against kiwisolver on the addDel and keyboard workloads."
    )

    @OptionGroup var options: BenchmarkOptions
    var runs: Int { options.runs }

    @Option(help: "The Python that has kiwisolver installed.")
    var python = "python3"

    @Option(help: "The kiwisolver runner script.")
    var kiwiScript = "scripts/bench/kiwi_solver.py"

    func run() throws {
        options.warnIfDebug()
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
            row("keyboard-typical.firstSwitch", "first turn: the landscape solver built (shared + its 15), solved at 1280×360"),
            row("keyboard-typical.toggle", "later turns portrait↔landscape: that orientation's solver resized (mean of 50)", target: 0.2e-3),
            row("keyboard-typical.resize", "suggest width and height, update", target: 5e-6),
            row("keyboard-stress.build", "60 keys, \(stress.constraintCount) constraints, 60 conflicting weak widths"),
            row("keyboard-stress.firstSwitch", "first turn on the degenerate system"),
            row("keyboard-stress.toggle", "later turns on the degenerate system"),
            row("keyboard-stress.resize", "as above"),
        ]
        let agreement = zip(benchmarks.keyboards, zip(ourValues, kiwi.keyboardValues)).map { keyboard, pair in
            compare(keyboard, ours: pair.0, kiwi: pair.1)
        }.joined(separator: " ")
        let table = markdownTable(rows, peerName: "kiwisolver \(kiwi.version)")
        let body = """
            ## Solver

            `scripts/bench-solver.sh` — \(dateString()), \(machineDescription()). \(runs) runs each; \
            constraint objects are built before timing on both sides, so the figures compare the \
            solvers. kiwisolver is its C++ core called from Python, so each of its calls also \
            pays a little interpreter overhead. Keyboards are built and turned as Clavis's layout \
            engine does it: one solver per orientation, the second built on the first turn, later \
            turns only resizing the solver turned to (both sides do this); in batches (one \
            optimisation per batch), with the shared constraints added permanent (no removal \
            markers), which kiwisolver lacks: it optimises after every constraint. Ratio = \
            Clavis ÷ kiwisolver (medians; below 1 is faster).

            \(table)
            Checked against kiwisolver after each build: \(agreement)

            """
        try options.publish(body, section: "solver")
    }

    /// Whether two solutions of a keyboard agree: the same values, or (where the weak
    /// preferences tie) different values that satisfy every required constraint at the same
    /// total weighted violation, i.e. another optimum.
    private func compare(_ keyboard: KeyboardWorkload, ours: [Double], kiwi: [Double]) -> String {
        let name = "The \(keyboard.style.rawValue) keyboard"
        let difference = zip(ours, kiwi).map { abs($0 - $1) }.max() ?? .infinity
        if difference <= 1e-6 { return "\(name)'s \(ours.count) values are the same (largest difference \(String(format: "%.1e", difference)))." }
        let constraints = keyboard.shared + keyboard.portrait
        func violation(_ c: WorkloadConstraint, _ values: [Double]) -> Double {
            let value = c.terms.reduce(c.constant) { $0 + $1.1 * values[$1.0] }
            switch c.relation {
            case .equal: return abs(value)
            case .lessOrEqual: return max(0, value)
            case .greaterOrEqual: return max(0, -value)
            }
        }
        func cost(_ values: [Double]) -> (required: Double, weighted: Double) {
            var required = 0.0
            var weighted = 0.0
            for c in constraints {
                if Strength(c.strength).isRequired { required = max(required, violation(c, values)) }
                else { weighted += c.strength * violation(c, values) }
            }
            // The edit variables pull the size with strong strength.
            weighted += Strength.strong.value * (abs(values[KeyboardWorkload.width] - keyboard.portraitSize.0)
                + abs(values[KeyboardWorkload.height] - keyboard.portraitSize.1))
            return (required, weighted)
        }
        let (ourRequired, ourCost) = cost(ours)
        let (kiwiRequired, kiwiCost) = cost(kiwi)
        let sameCost = abs(ourCost - kiwiCost) <= 1e-6 * max(1, abs(kiwiCost))
        if ourRequired <= 1e-6 && sameCost {
            return "\(name)'s values differ (by up to \(String(format: "%.3g", difference))) but both are optima: every required constraint holds and the weighted violation is the same (\(String(format: "%.6g", ourCost)))."
        }
        return "**\(name) differs: largest required violation \(ourRequired) (kiwisolver \(kiwiRequired)), weighted violation \(ourCost) against kiwisolver's \(kiwiCost).**"
    }
}
