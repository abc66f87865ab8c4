import ClavisSolver

/// A constraint as plain data (variable indices, not solver variables), so one workload can
/// be run through this solver and, serialised, through kiwisolver, identically.
public struct WorkloadConstraint: Sendable {
    /// (variable index, coefficient) pairs.
    public var terms: [(Int, Double)]
    public var constant: Double
    public var relation: Constraint.Relation
    public var strength: Double

    public init(_ terms: [(Int, Double)], _ constant: Double, _ relation: Constraint.Relation,
                strength: Strength = .required) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.strength = strength.value
    }

    /// The constraint over `variables` (indexed as in `terms`).
    public func make(_ variables: [Variable]) -> Constraint {
        Constraint(Expression(terms: terms.map { (variables[$0.0], $0.1) }, constant: constant),
                   relation, strength: Strength(strength))
    }

    /// `[[[index, coefficient], …], constant, "op", strength]`, the form the kiwisolver
    /// runner reads.
    public var json: String {
        let termText = terms.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        return "[[\(termText)], \(constant), \"\(relation.rawValue)\", \(strength)]"
    }
}

/// JSON for a list of workload constraints.
public func json(_ constraints: [WorkloadConstraint]) -> String {
    "[" + constraints.map(\.json).joined(separator: ",\n") + "]"
}
