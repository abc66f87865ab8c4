import ClavisSolver

/// A random constraint system that is satisfiable by construction: the constants of the
/// required constraints are derived from a hidden assignment, so those constraints all hold
/// there; non-required constraints pull towards random targets and may conflict, as real
/// layouts' preferences do.
///
///     var random = SplitMix64(seed: 7)
///     let system = RandomSystem(solver: Solver(), variables: 30, constraints: 60, using: &random)
public struct RandomSystem {
    public let variables: [Variable]
    public let hidden: [Double]
    public let constraints: [Constraint]

    public init(solver: Solver, variables count: Int, constraints constraintCount: Int,
                using random: inout SplitMix64) {
        variables = (0..<count).map { solver.makeVariable("x\($0)") }
        hidden = (0..<count).map { _ in Double.random(in: -100...100, using: &random).integral }
        var made: [Constraint] = []
        for index in 0..<constraintCount {
            let termCount = Int.random(in: 1...3, using: &random)
            var terms: [(Variable, Double)] = []
            var valueAtHidden = 0.0
            for _ in 0..<termCount {
                let variable = Int.random(in: 0..<count, using: &random)
                var coefficient = Double.random(in: -5...5, using: &random).integral
                if coefficient == 0 { coefficient = 1 }
                terms.append((variables[variable], coefficient))
                valueAtHidden += coefficient * hidden[variable]
            }
            let kind = Double.random(in: 0..<1, using: &random)
            let constraint: Constraint
            if kind < 0.2 {
                constraint = Constraint(Expression(terms: terms, constant: -valueAtHidden), .equal)
            } else if kind < 0.6 {
                let slack = Double.random(in: 0...20, using: &random).integral
                let lessOrEqual = Bool.random(using: &random)
                let constant = lessOrEqual ? -valueAtHidden - slack : -valueAtHidden + slack
                constraint = Constraint(Expression(terms: terms, constant: constant),
                                        lessOrEqual ? .lessOrEqual : .greaterOrEqual)
            } else {
                let target = Double.random(in: -300...300, using: &random).integral
                let strengths: [Strength] = [.weak, .medium, .strong]
                let relation: Constraint.Relation = [.equal, .lessOrEqual, .greaterOrEqual][Int.random(in: 0...2, using: &random)]
                constraint = Constraint(Expression(terms: terms, constant: -target), relation,
                                        strength: strengths[Int.random(in: 0...2, using: &random)])
            }
            made.append(constraint.labelled("constraint \(index)"))
        }
        constraints = made
    }
}
