import ClavisSolver
import ClavisWorkloads

/// The solver workloads, timed on this solver with the operations the kiwisolver runner
/// performs (`scripts/bench/kiwi_solver.py`). Keyboards are built and toggled as the layout
/// engine does: batches (`add(contentsOf:)`), the shared constraints added permanent
/// (`removable: false`), and one solver per orientation, the second built on the first switch
/// (`LayerSolver`); kiwisolver has no batches or permanent constraints, so it adds one
/// removable constraint at a time, but keeps a solver per orientation the same way.
struct SolverBenchmarks {
    let addDel = AddDelWorkload()
    let keyboards = [KeyboardWorkload(style: .typical), KeyboardWorkload(style: .stress)]
    let toggles = 50
    let resizes = 2000

    /// Samples by measurement name, and each keyboard's values after its build (to check
    /// against kiwisolver's).
    func run(runs: Int) throws -> (samples: [String: Samples], keyboardValues: [[Double]]) {
        var samples: [String: [Double]] = [:]
        var keyboardValues: [[Double]] = []
        for _ in 0..<runs {
            for (name, seconds) in try runAddDel() { samples[name, default: []].append(seconds) }
            for keyboard in keyboards {
                let (timings, values) = try runKeyboard(keyboard)
                for (name, seconds) in timings { samples[name, default: []].append(seconds) }
                if keyboardValues.count < keyboards.count { keyboardValues.append(values) }
            }
        }
        return (samples.mapValues(Samples.init), keyboardValues)
    }

    private func runAddDel() throws -> [(String, Double)] {
        let solver = Solver()
        let variables = (0..<addDel.variableCount).map { solver.makeVariable("x\($0)") }
        let constraints = addDel.constraints.map { $0.make(variables) }
        let add = try time { for c in constraints { try solver.add(c) } }

        let edits = addDel.editVariables.map { variables[$0] }
        let resolve = try time {
            for v in edits { try solver.addEditVariable(v, strength: .strong) }
            for round in 0..<addDel.resolves {
                for (index, v) in zip(addDel.editVariables, edits) {
                    try solver.suggestValue(addDel.suggestion(round: round, variable: index), for: v)
                }
                solver.updateVariables()
            }
        } / Double(addDel.resolves)

        for v in edits { try solver.removeEditVariable(v) }
        let delete = try time { for c in constraints { try solver.remove(c) } }
        return [("addDel.add", add), ("addDel.resolve", resolve), ("addDel.delete", delete)]
    }

    private func runKeyboard(_ keyboard: KeyboardWorkload) throws -> ([(String, Double)], [Double]) {
        let prefix = "keyboard-\(keyboard.style.rawValue)"
        let width = KeyboardWorkload.width
        let height = KeyboardWorkload.height

        /// One orientation's solver, as `LayerSolver` builds it: the size suggested first (so
        /// constraints arrive in a system that already knows it), the shared constraints
        /// permanent, the orientation's own in one batch; and the seconds that took.
        func build(_ own: [WorkloadConstraint], size: (Double, Double)) throws -> (Solver, [Variable], Double) {
            let solver = Solver()
            let variables = keyboard.variableNames.map { solver.makeVariable($0) }
            let shared = keyboard.shared.map { $0.make(variables) }
            let constraints = own.map { $0.make(variables) }
            let seconds = try time {
                try solver.addEditVariable(variables[width], strength: .strong)
                try solver.addEditVariable(variables[height], strength: .strong)
                try solver.suggestValue(size.0, for: variables[width])
                try solver.suggestValue(size.1, for: variables[height])
                try solver.add(contentsOf: shared, removable: false)
                try solver.add(contentsOf: constraints)
                solver.updateVariables()
            }
            return (solver, variables, seconds)
        }
        let (portrait, portraitVariables, buildSeconds) = try build(keyboard.portrait, size: keyboard.portraitSize)
        let values = portraitVariables.map { portrait.value(of: $0) }

        // The first switch builds the other orientation's solver; later switches resize the
        // solver of the orientation turned to (LayerSolver keeps one per orientation).
        let (landscape, landscapeVariables, firstSwitch) = try build(keyboard.landscape, size: keyboard.landscapeSize)
        let sides = [(portrait, portraitVariables, keyboard.portraitSize), (landscape, landscapeVariables, keyboard.landscapeSize)]
        let toggle = try time {
            for i in 0..<toggles {
                let (solver, variables, size) = sides[i % 2]
                try solver.suggestValue(size.0, for: variables[width])
                try solver.suggestValue(size.1, for: variables[height])
                solver.updateVariables()
            }
        } / Double(toggles)

        let resize = try time {
            for i in 0..<resizes {
                try portrait.suggestValue(keyboard.portraitSize.0 + Double(i % 50), for: portraitVariables[width])
                try portrait.suggestValue(keyboard.portraitSize.1 + Double(i % 30), for: portraitVariables[height])
                portrait.updateVariables()
            }
        } / Double(resizes)
        return ([("\(prefix).build", buildSeconds), ("\(prefix).firstSwitch", firstSwitch), ("\(prefix).toggle", toggle),
                 ("\(prefix).resize", resize)], values)
    }
}
