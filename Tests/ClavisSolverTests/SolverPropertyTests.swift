@testable import ClavisSolver
import ClavisWorkloads
import Testing

/// Properties that must hold for any satisfiable system, checked on many seeded random ones.
@Suite struct SolverPropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    /// Whether a required constraint holds at the solution, to 1e-8 relative to its terms.
    static func holds(_ constraint: Constraint, in solver: Solver) -> Bool {
        let value = solver.value(of: constraint.expression)
        let scale = constraint.expression.terms.reduce(abs(constraint.expression.constant)) {
            $0 + abs($1.coefficient * solver.value(of: $1.variable))
        }
        let tolerance = 1e-8 * max(1, scale)
        switch constraint.relation {
        case .equal: return abs(value) <= tolerance
        case .lessOrEqual: return value <= tolerance
        case .greaterOrEqual: return value >= -tolerance
        }
    }

    @Test(arguments: seeds)
    func everyRequiredConstraintHolds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let solver = Solver()
        let system = RandomSystem(solver: solver, variables: 30, constraints: 80, using: &random)
        for constraint in system.constraints { try solver.add(constraint) }
        solver.updateVariables()
        for constraint in system.constraints where constraint.strength.isRequired {
            #expect(Self.holds(constraint, in: solver), "\(constraint)")
        }
    }

    @Test(arguments: seeds)
    func requiredConstraintsSurviveEverySuggestion(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let solver = Solver()
        let system = RandomSystem(solver: solver, variables: 20, constraints: 40, using: &random)
        for constraint in system.constraints { try solver.add(constraint) }
        let edited = Array(system.variables.prefix(2))
        for variable in edited { try solver.addEditVariable(variable, strength: .strong) }
        for _ in 0..<30 {
            for variable in edited {
                try solver.suggestValue(Double.random(in: -500...500, using: &random), for: variable)
            }
            solver.updateVariables()
            for constraint in system.constraints where constraint.strength.isRequired {
                #expect(Self.holds(constraint, in: solver), "\(constraint)")
            }
        }
    }

    @Test(arguments: seeds)
    func removingEveryConstraintLeavesNothing(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let solver = Solver()
        let system = RandomSystem(solver: solver, variables: 25, constraints: 60, using: &random)
        for constraint in system.constraints { try solver.add(constraint) }
        try solver.addEditVariable(system.variables[0], strength: .medium)
        try solver.suggestValue(42, for: system.variables[0])
        try solver.removeEditVariable(system.variables[0])
        for constraint in system.constraints.shuffled(using: &random) { try solver.remove(constraint) }
        #expect(solver.constraintCount == 0)
        #expect(solver.basicRowCount == 0)
        #expect(solver.objectiveIsEmpty)
        solver.updateVariables()
        #expect(system.variables.allSatisfy { solver.value(of: $0) == 0 })
    }

    @Test(arguments: seeds.prefix(10))
    func theSameSystemSolvesToTheSameBits(seed: UInt64) throws {
        func solve() throws -> [UInt64] {
            var random = SplitMix64(seed: seed)
            let solver = Solver()
            let system = RandomSystem(solver: solver, variables: 30, constraints: 80, using: &random)
            for constraint in system.constraints { try solver.add(constraint) }
            try solver.addEditVariable(system.variables[3], strength: .strong)
            try solver.suggestValue(17.25, for: system.variables[3])
            solver.updateVariables()
            return system.variables.map { solver.value(of: $0).bitPattern }
        }
        #expect(try solve() == solve())
    }

    @Test(arguments: seeds.prefix(10))
    func aRebuiltSolverAgreesWithTheIncrementalOne(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let solver = Solver()
        let system = RandomSystem(solver: solver, variables: 20, constraints: 50, using: &random)
        for constraint in system.constraints { try solver.add(constraint) }
        let optimum = solver.objectiveValue
        solver.rebuild()
        solver.updateVariables()
        for constraint in system.constraints where constraint.strength.isRequired {
            #expect(Self.holds(constraint, in: solver))
        }
        #expect(solver.constraintCount == system.constraints.count)
        // Ties may pick another optimal point, but never a worse one.
        #expect(abs(solver.objectiveValue - optimum) <= 1e-6 * max(1, abs(optimum)))
    }
}
