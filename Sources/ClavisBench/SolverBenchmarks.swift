import ClavisSolver
import ClavisWorkloads

/// The solver workloads, timed on this solver with the operations the kiwisolver runner
/// performs (`scripts/bench/kiwi_solver.py`). Keyboards are built and toggled as the layout
/// engine does: batches (`add(contentsOf:)`, `remove(contentsOf:)`), the shared constraints
/// added permanent (`removable: false`); kiwisolver has neither, so it adds and removes one
/// removable constraint at a time.
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
        let solver = Solver()
        let variables = keyboard.variableNames.map { solver.makeVariable($0) }
        let shared = keyboard.shared.map { $0.make(variables) }
        let portrait = keyboard.portrait.map { $0.make(variables) }
        let landscape = keyboard.landscape.map { $0.make(variables) }
        let width = variables[KeyboardWorkload.width]
        let height = variables[KeyboardWorkload.height]
        let (pw, ph) = keyboard.portraitSize
        let (lw, lh) = keyboard.landscapeSize

        // The size is suggested first, as the layout engine does: constraints then arrive
        // in a system that already knows its size, instead of all being re-solved when it does.
        let build = try time {
            try solver.addEditVariable(width, strength: .strong)
            try solver.addEditVariable(height, strength: .strong)
            try solver.suggestValue(pw, for: width)
            try solver.suggestValue(ph, for: height)
            try solver.add(contentsOf: shared, removable: false)
            try solver.add(contentsOf: portrait)
            solver.updateVariables()
        }
        let values = variables.map { solver.value(of: $0) }

        let toggle = try time {
            for i in 0..<toggles {
                let (remove, add, size) = i % 2 == 0 ? (portrait, landscape, (lw, lh)) : (landscape, portrait, (pw, ph))
                try solver.remove(contentsOf: remove)
                try solver.add(contentsOf: add)
                try solver.suggestValue(size.0, for: width)
                try solver.suggestValue(size.1, for: height)
                solver.updateVariables()
            }
        } / Double(toggles)

        let resize = try time {
            for i in 0..<resizes {
                try solver.suggestValue(pw + Double(i % 50), for: width)
                try solver.suggestValue(ph + Double(i % 30), for: height)
                solver.updateVariables()
            }
        } / Double(resizes)
        return ([("\(prefix).build", build), ("\(prefix).toggle", toggle), ("\(prefix).resize", resize)], values)
    }
}
