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

    @Test func addingMergesTermsAndStaysReduced() {
        let variables = (0..<8).map { solver.makeVariable("v\($0)") }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            func random() -> Expression {
                let count = Int.random(in: 0...5, using: &generator)
                return Expression(terms: (0..<count).map { _ in
                    (variables.randomElement(using: &generator)!, Double(Int.random(in: -3...3, using: &generator)))
                }, constant: Double(Int.random(in: -5...5, using: &generator)))
            }
            let (x, y) = (random(), random())
            let factor = [0, 1, -1, 2, 0.5].randomElement(using: &generator)!
            let sum = x.adding(y, times: factor)
            let values = Dictionary(uniqueKeysWithValues: variables.map { ($0, Double.random(in: -10...10, using: &generator)) })
            #expect(abs(sum.value { values[$0]! } - (x.value { values[$0]! } + factor * y.value { values[$0]! })) < 1e-9)
            #expect(zip(sum.terms, sum.terms.dropFirst()).allSatisfy { $0.variable.id < $1.variable.id }, "one term per variable, in id order")
            #expect(sum.terms.allSatisfy { $0.coefficient != 0 })
        }
        let (a, b) = (variables[0], variables[1])
        #expect((a + b - 1).scaled(by: 0).terms.isEmpty)
        #expect((2 * a + b).adding(2 * a + b, times: -1).terms.isEmpty, "terms that cancel go")
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
