/// Why the solver refused a request. The solver is unchanged by any call that throws.
///
/// Messages are written for layout authors:
///
///     constraint 3 (space.width - 5 * q.width == 0): unsatisfiable required constraint
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// A required constraint contradicts the required constraints already added.
    case unsatisfiable(Constraint)
    /// This constraint object was already added.
    case duplicateConstraint(Constraint)
    /// `remove` was given a constraint that is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable already is an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must be weaker than required, or a suggestion could contradict the system.
    case requiredEditVariable(Variable)
    /// The simplex did not finish within the iteration cap (a numerically degenerate system);
    /// the solver rolled back to its state before the call.
    case iterationLimit(Int)
    /// The tableau could not be pivoted (unbounded objective or a failed dual step); the
    /// solver rebuilt itself from its constraints.
    case internalFailure(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let c): "\(Self.name(c)): unsatisfiable required constraint"
        case .duplicateConstraint(let c): "\(Self.name(c)): constraint added twice"
        case .unknownConstraint(let c): "\(Self.name(c)): constraint is not in the solver"
        case .duplicateEditVariable(let v): "'\(v)' is already an edit variable"
        case .unknownEditVariable(let v): "'\(v)' is not an edit variable"
        case .requiredEditVariable(let v): "'\(v)' cannot be an edit variable of required strength"
        case .iterationLimit(let n): "the solver gave up after \(n) simplex iterations"
        case .internalFailure(let what): "internal solver failure: \(what)"
        }
    }

    private static func name(_ constraint: Constraint) -> String {
        constraint.label ?? constraint.description
    }

    public static func == (lhs: SolverError, rhs: SolverError) -> Bool {
        switch (lhs, rhs) {
        case (.unsatisfiable(let a), .unsatisfiable(let b)),
             (.duplicateConstraint(let a), .duplicateConstraint(let b)),
             (.unknownConstraint(let a), .unknownConstraint(let b)):
            a === b
        case (.duplicateEditVariable(let a), .duplicateEditVariable(let b)),
             (.unknownEditVariable(let a), .unknownEditVariable(let b)),
             (.requiredEditVariable(let a), .requiredEditVariable(let b)):
            a == b
        case (.iterationLimit(let a), .iterationLimit(let b)): a == b
        case (.internalFailure(let a), .internalFailure(let b)): a == b
        default: false
        }
    }
}
