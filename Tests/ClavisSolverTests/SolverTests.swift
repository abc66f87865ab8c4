@testable import ClavisSolver
import Testing

/// The behaviours kiwi's own test-suite pins, written afresh, plus the rollback, iteration
/// cap and determinism guarantees kiwi lacks.
@Suite struct SolverTests {
    @Test func managingEditVariables() throws {
        let solver = Solver()
        let v1 = solver.makeVariable("v1")
        let v2 = solver.makeVariable("v2")
        #expect(!solver.hasEditVariable(v1))
        try solver.addEditVariable(v1, strength: .weak)
        #expect(solver.hasEditVariable(v1))
        #expect(throws: SolverError.duplicateEditVariable(v1)) { try solver.addEditVariable(v1, strength: .medium) }
        #expect(throws: SolverError.unknownEditVariable(v2)) { try solver.removeEditVariable(v2) }
        #expect(throws: SolverError.requiredEditVariable(v2)) { try solver.addEditVariable(v2, strength: .required) }
        #expect(throws: SolverError.unknownEditVariable(v2)) { try solver.suggestValue(1, for: v2) }
        try solver.removeEditVariable(v1)
        #expect(!solver.hasEditVariable(v1))
        try solver.addEditVariable(v2, strength: .strong)
        solver.reset()
        #expect(!solver.hasEditVariable(v2))
    }

    @Test func suggestedValuesWinOverWeakerConstraints() throws {
        let solver = Solver()
        let v1 = solver.makeVariable("v1")
        try solver.addEditVariable(v1, strength: .medium)
        try solver.add((v1 == 1) | .weak)
        try solver.suggestValue(2, for: v1)
        solver.updateVariables()
        #expect(solver.value(of: v1) == 2)
    }

    @Test func suggestedValuesYieldToRequiredConstraints() throws {
        let solver = Solver()
        let v1 = solver.makeVariable("v1")
        let v2 = solver.makeVariable("v2")
        try solver.addEditVariable(v1, strength: .weak)
        try solver.add(v1 + v2 == 0)
        try solver.add(v2 <= -1)
        try solver.add((v2 >= 0) | .weak)
        try solver.suggestValue(0, for: v1)
        solver.updateVariables()
        #expect(solver.value(of: v2) <= -1)
        #expect(solver.value(of: v1) + solver.value(of: v2) == 0)
    }

    @Test func managingConstraintsAndUnsatisfiability() throws {
        let solver = Solver()
        let v = solver.makeVariable("v")
        let atLeastOne = v >= 1
        let atMostZero = v <= 0
        try solver.add(atLeastOne)
        #expect(throws: SolverError.duplicateConstraint(atLeastOne)) { try solver.add(atLeastOne) }
        #expect(throws: SolverError.unknownConstraint(atMostZero)) { try solver.remove(atMostZero) }
        #expect(throws: SolverError.unsatisfiable(atMostZero)) { try solver.add(atMostZero) }
        #expect(!solver.contains(atMostZero))
        try solver.remove(atLeastOne)
        try solver.add(atMostZero)
        solver.updateVariables()
        #expect(solver.value(of: v) <= 0)
        solver.reset()
        #expect(!solver.contains(atMostZero))
        #expect(solver.constraintCount == 0)
    }

    @Test func underConstrainedSystemFollowsTheEdit() throws {
        let solver = Solver()
        let v = solver.makeVariable("v")
        let e = 2 * v + 1
        try solver.add(e >= 0)
        try solver.addEditVariable(v, strength: .weak)
        try solver.suggestValue(10, for: v)
        solver.updateVariables()
        #expect(solver.value(of: e) == 21)
        #expect(solver.value(of: v) == 10)
    }

    @Test func strongerConstraintsWin() throws {
        let solver = Solver()
        let v1 = solver.makeVariable("v1")
        let v2 = solver.makeVariable("v2")
        try solver.add(v1 + v2 == 0)
        try solver.add(v1 == 10)
        try solver.add((v2 >= 0) | .weak)
        solver.updateVariables()
        #expect(solver.value(of: v1) == 10)
        #expect(solver.value(of: v2) == -10)

        let other = Solver()
        let w1 = other.makeVariable("w1")
        let w2 = other.makeVariable("w2")
        try other.add(w1 + w2 == 0)
        try other.add((w1 >= 10) | .medium)
        try other.add((w2 == 2) | .strong)
        other.updateVariables()
        #expect(other.value(of: w1) == -2)
        #expect(other.value(of: w2) == 2)
    }

    @Test func infeasibleSuggestionsAreRepairedByTheDualSimplex() throws {
        // The Cassowary paper's example: a midpoint between two bounded ends.
        let solver = Solver()
        let xm = solver.makeVariable("xm")
        let xl = solver.makeVariable("xl")
        let xr = solver.makeVariable("xr")
        try solver.addEditVariable(xm, strength: .strong)
        try solver.addEditVariable(xl, strength: .weak)
        try solver.addEditVariable(xr, strength: .weak)
        try solver.add(2 * xm == xl + xr)
        try solver.add(xl + 20 <= xr)
        try solver.add(xl >= -10)
        try solver.add(xr <= 100)

        try solver.suggestValue(40, for: xm)
        try solver.suggestValue(50, for: xr)
        try solver.suggestValue(30, for: xl)
        solver.updateVariables()
        #expect(solver.value(of: xm) == 40)
        #expect(solver.value(of: xl) == 30)
        #expect(solver.value(of: xr) == 50)

        try solver.suggestValue(60, for: xm)
        solver.updateVariables()
        #expect(solver.value(of: xm) == 60)
        #expect(solver.value(of: xl) + solver.value(of: xr) == 120)

        try solver.suggestValue(90, for: xm)
        solver.updateVariables()
        #expect(solver.value(of: xl) + solver.value(of: xr) == 2 * solver.value(of: xm))
        #expect(solver.value(of: xl) == 80)
        #expect(solver.value(of: xr) == 100)
    }

    @Test func weakConstraintsGiveWayAndAreViolated() throws {
        let solver = Solver()
        let v = solver.makeVariable("v")
        let required = v >= 10
        let weak = (v <= -5) | .weak
        try solver.add(required)
        try solver.add(weak)
        solver.updateVariables()
        #expect(solver.value(of: v) >= 10)
        #expect(required.isSatisfied(solver.value(of:)))
        #expect(!weak.isSatisfied(solver.value(of:)))
    }

    @Test func simplexMaximisationThroughAWeakEdit() throws {
        let solver = Solver()
        let x1 = solver.makeVariable("x1")
        let x2 = solver.makeVariable("x2")
        let x3 = solver.makeVariable("x3")
        let z = solver.makeVariable("z")
        for x in [x1, x2, x3] { try solver.add(x >= 0) }
        try solver.add(2 * x1 - 5 * x2 <= 11)
        try solver.add(-1 * x1 + 3 * x2 + x3 == 7)
        try solver.add(x1 - 8 * x2 + 4 * x3 >= 33)
        try solver.add(z == -2 * x1 + 7 * x2 + 4 * x3)
        try solver.addEditVariable(z, strength: .weak)
        try solver.suggestValue(1e6, for: z)
        solver.updateVariables()
        #expect(abs(solver.value(of: x1) - 13) < 1e-4)
        #expect(abs(solver.value(of: x2) - 3) < 1e-4)
        #expect(abs(solver.value(of: x3) - 11) < 1e-4)
        #expect(abs(solver.value(of: z) - 39) < 1e-4)
    }

    @Test func removeThenReAddGivesTheSameSolution() throws {
        let solver = Solver()
        let left = solver.makeVariable("left")
        let width = solver.makeVariable("width")
        let right = solver.makeVariable("right")
        try solver.add(right == left + width)
        try solver.add(left >= 0)
        let wide = (width == 300) | .strong
        try solver.add(wide)
        try solver.add((width == 100) | .weak)
        solver.updateVariables()
        #expect(solver.value(of: right) == 300)
        try solver.remove(wide)
        solver.updateVariables()
        #expect(solver.value(of: width) == 100)
        try solver.add(wide)
        solver.updateVariables()
        #expect(solver.value(of: width) == 300)
    }

    @Test func anUnsatisfiableAddLeavesTheSolverExactlyAsBefore() throws {
        // One solver meets a contradiction along the way, a twin never does: afterwards both
        // must agree to the bit on everything, including the tableau's symbol numbering.
        func build(withContradiction: Bool) throws -> (Solver, [Variable]) {
            let solver = Solver()
            let x = solver.makeVariable("x")
            let y = solver.makeVariable("y")
            let z = solver.makeVariable("z")
            try solver.add(x + y == 10)
            try solver.add(x >= 2)
            try solver.add((y == 7) | .medium)
            if withContradiction {
                // Phase 1 path (no external subject after substitution) and the all-dummy path.
                #expect(throws: SolverError.self) { try solver.add(x + y >= 11) }
                #expect(throws: SolverError.self) { try solver.add(x + y == 12) }
                let fresh = solver.makeVariable("w")
                #expect(throws: SolverError.self) { try solver.add(0 * fresh + x + y == 13) }
            } else {
                _ = solver.makeVariable("w")
            }
            try solver.add(z == 2 * x)
            try solver.addEditVariable(x, strength: .strong)
            try solver.suggestValue(4, for: x)
            solver.updateVariables()
            return (solver, [x, y, z])
        }
        let (clean, cleanVariables) = try build(withContradiction: false)
        let (touched, touchedVariables) = try build(withContradiction: true)
        for (a, b) in zip(cleanVariables, touchedVariables) {
            #expect(clean.value(of: a).bitPattern == touched.value(of: b).bitPattern)
        }
        #expect(clean.debugDescription == touched.debugDescription)
    }

    @Test func theIterationCapBecomesAnErrorAndRollsBack() throws {
        let solver = Solver()
        let x = solver.makeVariable("x")
        let y = solver.makeVariable("y")
        try solver.add(x + y == 10)
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        try solver.add((x == 3) | .weak)
        solver.updateVariables()
        solver.maxIterations = 0
        let needsPivots = (y == 9) | .strong
        #expect(throws: SolverError.iterationLimit(0)) { try solver.add(needsPivots) }
        #expect(!solver.contains(needsPivots))
        solver.maxIterations = 100
        solver.updateVariables()
        #expect(solver.value(of: x) == 3)
        #expect(solver.debugDescription.contains("x"))
    }

    @Test func errorMessagesNameTheConstraint() {
        let solver = Solver()
        let v = solver.makeVariable("q.width")
        let c = (v <= -1).labelled("constraint 3")
        #expect(SolverError.unsatisfiable(c).description == "constraint 3: unsatisfiable required constraint")
        #expect(SolverError.unsatisfiable(v >= 2).description == "q.width - 2 >= 0: unsatisfiable required constraint")
        #expect(SolverError.requiredEditVariable(v).description
                == "'q.width' cannot be an edit variable of required strength")
    }

    @Test func removingEveryConstraintLeavesNothingBehind() throws {
        let solver = Solver()
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        let constraints = [a >= 0, b == a + 5, (a == 10) | .weak, (b <= 12) | .strong]
        for c in constraints { try solver.add(c) }
        try solver.addEditVariable(a, strength: .medium)
        try solver.suggestValue(3, for: a)
        try solver.removeEditVariable(a)
        for c in constraints.reversed() { try solver.remove(c) }
        #expect(solver.constraintCount == 0)
        #expect(solver.basicRowCount == 0)
        #expect(solver.objectiveIsEmpty)
    }
}
