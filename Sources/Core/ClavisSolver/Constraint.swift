/// A linear relation the solver keeps: `expression (==|<=|>=) 0` at a strength.
///
///     let c = (q.width * 5 == space.width).strength(.strong).labelled("line 12")
///     try solver.add(c)
///
/// A constraint is a reference: the solver knows it by identity, so the same object is what
/// you pass to `remove`. Its fields never change; `strength(_:)` and `labelled(_:)` make new
/// constraints.
public final class Constraint: Sendable, CustomStringConvertible {
    /// The comparison against zero.
    public enum Relation: String, Sendable {
        case equal = "=="
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
    }

    /// The left side minus the right side.
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength
    /// How error messages name the constraint ("constraint 3", "us.yaml:12").
    public let label: String?

    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required, label: String? = nil) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// The same relation at another strength.
    public func strength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// The same relation under a name used in error messages.
    public func labelled(_ label: String) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// Whether the relation holds (within 1e-8) for the given variable values.
    public func isSatisfied(_ valueOf: (Variable) -> Double) -> Bool {
        let value = expression.value(valueOf)
        switch relation {
        case .equal: return nearZero(value)
        case .lessOrEqual: return value <= 1e-8
        case .greaterOrEqual: return value >= -1e-8
        }
    }

    public var description: String {
        let relationText = "\(expression) \(relation.rawValue) 0" + (strength.isRequired ? "" : " @\(strength)")
        return label.map { "\($0) (\(relationText))" } ?? relationText
    }
}
