import ClavisSolver
import Testing

@Suite struct ConstraintTests {
    let solver = Solver()

    @Test func relationsSubtractTheRightSide() {
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        let c = 2 * a + 1 <= b
        #expect(c.relation == .lessOrEqual)
        #expect(c.expression == 2 * a - b + 1)
        #expect(c.strength == .required)
        #expect((a >= 3).relation == .greaterOrEqual)
        #expect((a == b).expression == a - b)
        #expect((5 == a).expression == 5 - a)
    }

    @Test func strengthAndLabelMakeNewConstraints() {
        let a = solver.makeVariable("a")
        let base = a >= 0
        let strong = base | .strong
        #expect(strong !== base)
        #expect(strong.strength == .strong)
        #expect(base.strength == .required)
        #expect(strong.labelled("line 4").label == "line 4")
        #expect(strong.labelled("line 4").strength == .strong)
    }

    @Test func satisfactionAllowsRoundingNoise() {
        let a = solver.makeVariable("a")
        #expect((a == 1).isSatisfied { _ in 1 + 1e-10 })
        #expect(!(a == 1).isSatisfied { _ in 1.001 })
        #expect((a <= 1).isSatisfied { _ in 1 })
        #expect(!(a >= 1).isSatisfied { _ in 0.5 })
    }

    @Test func descriptionsShowStrengthAndLabel() {
        let a = solver.makeVariable("x")
        #expect((a <= 4).description == "x - 4 <= 0")
        #expect(((a <= 4) | .weak).description == "x - 4 <= 0 @weak")
        #expect((a <= 4).labelled("constraint 0").description == "constraint 0 (x - 4 <= 0)")
    }
}
