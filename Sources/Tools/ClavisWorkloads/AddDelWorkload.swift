import ClavisSolver

/// The classic Cassowary "addDel" benchmark (rhea's speed test, nangege/Cassowary's
/// performance test): 500 constraints of 1–3 terms over 500 variables, 12 % of them
/// inequalities, coefficients in −5…5 and constants in −10…10 on a 1e-4 grain; then 500
/// re-solves moving 2 edit variables; then every constraint deleted.
///
/// Unlike the original, constants are derived from a hidden assignment so every required
/// constraint is satisfiable: kiwi leaves a half-added constraint behind when it rejects one,
/// and on the original random system it then aborts in `suggestValue` (see solver notes).
public struct AddDelWorkload: Sendable {
    public let variableCount: Int
    public let constraints: [WorkloadConstraint]
    public let editVariables: [Int]
    public let resolves: Int

    public init(seed: UInt64 = 1, variables: Int = 500, constraints count: Int = 500,
                inequalityProbability: Double = 0.12, resolves: Int = 500) {
        var random = SplitMix64(seed: seed)
        func grained(_ scale: Double, _ offset: Double) -> Double {
            (Double(Int.random(in: 0...10_000, using: &random)) * 1e-4) * scale - offset
        }
        let hidden = (0..<variables).map { _ in grained(200, 100) }
        var made: [WorkloadConstraint] = []
        for _ in 0..<count {
            let termCount = Int.random(in: 1...3, using: &random)
            var terms: [(Int, Double)] = []
            var valueAtHidden = 0.0
            for _ in 0..<termCount {
                let index = Int.random(in: 0..<variables, using: &random)
                var coefficient = grained(10, 5)
                if coefficient == 0 { coefficient = 1 }
                terms.append((index, coefficient))
                valueAtHidden += coefficient * hidden[index]
            }
            if Double.random(in: 0..<1, using: &random) < inequalityProbability {
                let slack = grained(20, 0)
                made.append(WorkloadConstraint(terms, -valueAtHidden + slack, .greaterOrEqual))
            } else {
                made.append(WorkloadConstraint(terms, -valueAtHidden, .equal))
            }
        }
        variableCount = variables
        constraints = made
        editVariables = [0, 1]
        self.resolves = resolves
    }

    /// The suggested value for `variable` in resolve round `round` (grows by 0.1 % a round,
    /// as in the original).
    public func suggestion(round: Int, variable: Int) -> Double {
        Double(variable + 1) * 10 * (1 + 0.001 * Double(round))
    }

    public var json: String {
        let suggestions = (0..<resolves).map { round in
            "[" + editVariables.map { "\(suggestion(round: round, variable: $0))" }.joined(separator: ", ") + "]"
        }
        return """
            {"variables": \(variableCount), "constraints": \(ClavisWorkloads.json(constraints)),
             "edits": \(editVariables), "suggestions": [\(suggestions.joined(separator: ", "))]}
            """
    }
}
