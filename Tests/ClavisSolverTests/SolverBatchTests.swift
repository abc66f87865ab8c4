@testable import ClavisSolver
import ClavisWorkloads
import Testing

/// Checks that `solver`, given `system` some other way than `reference` was, satisfies every
/// required constraint and reaches the same optimum (to a relative 1e-6).
func expectSameOptimum(_ system: RandomSystem, in solver: Solver, as reference: Solver) {
    solver.updateVariables()
    for constraint in system.constraints where constraint.strength.isRequired {
        #expect(SolverPropertyTests.holds(constraint, in: solver))
    }
    #expect(abs(solver.objectiveValue - reference.objectiveValue) <= 1e-6 * max(1, abs(reference.objectiveValue)))
}

/// `add(contentsOf:)` and `remove(contentsOf:)`: one optimisation per batch, all or nothing.
@Suite struct SolverBatchTests {
    @Test(arguments: Array(UInt64(1)...20))
    func aBatchReachesAnOptimumAsGoodAsOneAtATime(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let single = Solver()
        let system = RandomSystem(solver: single, variables: 25, constraints: 60, using: &random)
        for constraint in system.constraints { try single.add(constraint) }

        var replay = SplitMix64(seed: seed)
        let batched = Solver()
        let twin = RandomSystem(solver: batched, variables: 25, constraints: 60, using: &replay)
        try batched.add(contentsOf: twin.constraints)
        expectSameOptimum(twin, in: batched, as: single)
    }

    @Test func aFailingBatchLeavesTheSolverAsItWas() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        try solver.add(x >= 0)
        try solver.add((x == 5) | .weak)
        solver.updateVariables()
        let before = solver.debugDescription
        let contradiction = x <= -1
        let batch = [y == 2 * x, (y <= 20) | .strong, contradiction, x + y == 9]
        #expect(throws: SolverError.unsatisfiable(contradiction)) { try solver.add(contentsOf: batch) }
        #expect(solver.debugDescription == before)
        #expect(batch.allSatisfy { !solver.contains($0) })
        try solver.add(contentsOf: [y == 2 * x])
        solver.updateVariables()
        #expect(solver.value(of: y) == 10)
    }

    @Test func removingABatchChecksEveryConstraintFirst() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        let kept = x >= 1
        let stranger = x <= 100
        try solver.add(kept)
        #expect(throws: SolverError.unknownConstraint(stranger)) { try solver.remove(contentsOf: [kept, stranger]) }
        #expect(solver.contains(kept))
        #expect(throws: SolverError.unknownConstraint(kept)) { try solver.remove(contentsOf: [kept, kept]) }
        try solver.remove(contentsOf: [kept])
        #expect(solver.constraintCount == 0)
    }

    @Test func orientationSetsSwapInBatchesAsTheLayoutEngineDoes() throws {
        let keyboard = KeyboardWorkload(style: .typical)
        let solver = Solver()
        let variables = keyboard.variableNames.map { solver.makeVariable($0) }
        let width = variables[KeyboardWorkload.width]
        let height = variables[KeyboardWorkload.height]
        try solver.addEditVariable(width, strength: .strong)
        try solver.addEditVariable(height, strength: .strong)
        try solver.suggestValue(400, for: width)
        try solver.suggestValue(700, for: height)
        let portrait = keyboard.portrait.map { $0.make(variables) }
        let landscape = keyboard.landscape.map { $0.make(variables) }
        try solver.add(contentsOf: keyboard.shared.map { $0.make(variables) } + portrait)
        solver.updateVariables()
        let portraitValues = variables.map { solver.value(of: $0) }
        for _ in 0..<3 {
            try solver.remove(contentsOf: portrait)
            try solver.add(contentsOf: landscape)
            try solver.suggestValue(1280, for: width)
            try solver.suggestValue(360, for: height)
            solver.updateVariables()
            #expect(abs(solver.value(of: width) - 1280) < 1e-9)
            try solver.remove(contentsOf: landscape)
            try solver.add(contentsOf: portrait)
            try solver.suggestValue(400, for: width)
            try solver.suggestValue(700, for: height)
            solver.updateVariables()
        }
        let back = variables.map { solver.value(of: $0) }
        #expect(zip(portraitValues, back).allSatisfy { abs($0 - $1) < 1e-9 })
    }
}

/// Permanent constraints (`removable: false`): no dummy markers, same solutions.
@Suite struct SolverPermanentConstraintTests {
    @Test(arguments: Array(UInt64(1)...20))
    func permanentConstraintsSolveLikeRemovableOnes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let removable = Solver()
        let system = RandomSystem(solver: removable, variables: 25, constraints: 60, using: &random)
        try removable.add(contentsOf: system.constraints)
        var replay = SplitMix64(seed: seed)
        let permanent = Solver()
        let twin = RandomSystem(solver: permanent, variables: 25, constraints: 60, using: &replay)
        try permanent.add(contentsOf: twin.constraints, removable: false)
        expectSameOptimum(twin, in: permanent, as: removable)
    }

    @Test func aPermanentConstraintCanStillBeRemoved() throws {
        let solver = Solver()
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        let link = b == a + 10
        try solver.add(contentsOf: [link, a >= 0], removable: false)
        try solver.add((a == 5) | .weak)
        try solver.add((b == 0) | .medium)
        solver.updateVariables()
        #expect(solver.value(of: b) == 10)
        try solver.remove(link)
        solver.updateVariables()
        #expect(!solver.contains(link))
        #expect(solver.value(of: a) == 5)
        #expect(solver.value(of: b) == 0)
    }

    @Test func aConstraintThatAlreadyHoldsNeedsNoPhaseOne() throws {
        // top(w) == top(q) once both already equal the same row top: a zero-constant row.
        let solver = Solver()
        let row = solver.makeVariable("row.top")
        let q = solver.makeVariable("q.top")
        let w = solver.makeVariable("w.top")
        try solver.add(contentsOf: [row >= 0, q >= row, w >= row, (q == 0) | .weak, (w == 0) | .weak], removable: false)
        try solver.add(contentsOf: [w == q], removable: false)
        try solver.add((row == 30) | .strong)
        solver.updateVariables()
        #expect(solver.value(of: q) == 30)
        #expect(solver.value(of: w) == 30)
        #expect(throws: SolverError.self) { try solver.add(w == q + 1) }
    }
}
