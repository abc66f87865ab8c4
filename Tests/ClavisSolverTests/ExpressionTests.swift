import ClavisSolver
import Testing

@Suite struct ExpressionTests {
    let solver = Solver()

    @Test func operatorsBuildReducedExpressions() {
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        let e = 2 * a + b - 10
        #expect(e.terms.map(\.variable) == [a, b])
        #expect(e.terms.map(\.coefficient) == [2, 1])
        #expect(e.constant == -10)
        #expect((b + a + a - a).terms.map(\.coefficient) == [1, 1])
        #expect((a - a).terms.isEmpty)
    }

    @Test func negationScalingAndDivisionDistribute() {
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        let e = -(a + b - 4)
        #expect(e.terms.map(\.coefficient) == [-1, -1])
        #expect(e.constant == 4)
        let f = 2 * (a + 3) / 4
        #expect(f.terms.map(\.coefficient) == [0.5])
        #expect(f.constant == 1.5)
        #expect((10 - a).constant == 10)
        #expect((10 - a).terms.map(\.coefficient) == [-1])
    }

    @Test func theOrderOfTermsFollowsVariableIDsNotSpelling() {
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        #expect(b + a == a + b)
        #expect((b + a).terms.first?.variable == a)
    }

    @Test func descriptionsReadLikeMath() {
        let a = solver.makeVariable("q.width")
        let b = solver.makeVariable("space.width")
        #expect((b - 5 * a).description == "-5 * q.width + space.width")
        #expect((a + 2.5).description == "q.width + 2.5")
        #expect(Expression(constant: -3).description == "-3")
    }

    @Test func valueEvaluatesEveryTerm() {
        let a = solver.makeVariable("a")
        let b = solver.makeVariable("b")
        #expect((3 * a - b + 1).value { $0 == a ? 2 : 5 } == 2)
    }
}
