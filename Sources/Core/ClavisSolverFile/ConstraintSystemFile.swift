import ClavisFormats
import ClavisSolver

/// The JSON form of a constraint system that `clavis solve` reads, for checking the solver
/// from outside (against kiwisolver, or by hand):
///
///     {"constraints": [{"terms": {"x": 1, "y": -2}, "constant": 10, "op": "<=", "strength": "strong"}],
///      "edits": [{"variable": "x", "strength": "strong", "value": 300}]}
///
/// Each constraint means Σ coefficient·variable + constant (op) 0. Variables exist by being
/// named; within a constraint they are created in name order, so a file always solves the
/// same way. Unknown fields are errors, named by their place (`constraints[2].opp`); syntax
/// errors by line and column.
///
///     let system = try ConstraintSystemFile.parse(Array(text.utf8))
///     let values = try system.solve()   // [("x", 300.0), ("y", 155.0)]
public struct ConstraintSystemFile: Sendable {
    public struct ConstraintEntry: Sendable {
        public var terms: [(name: String, coefficient: Double)]
        public var constant: Double
        public var op: Constraint.Relation
        public var strength: Strength
    }

    public struct EditEntry: Sendable {
        public var variable: String
        public var strength: Strength
        public var value: Double
    }

    public var constraints: [ConstraintEntry]
    public var edits: [EditEntry]

    /// The most constraints a file may hold. Beyond it the solver's rows grow with the
    /// system (a chain of 20,000 took 12 s and 6.4 GB), and random systems of two-term
    /// constraints stop being well conditioned (kiwisolver gives up from about 1,300).
    public static let maximumConstraints = 2_000

    /// Reads a system; the error message names the place of the problem.
    public static func parse(_ bytes: [UInt8]) throws(SolveInputError) -> ConstraintSystemFile {
        let root: JSONValue
        do {
            root = try JSONSyntax.parse(bytes)
        } catch {
            throw SolveInputError(message: "malformed JSON: line \(error.line), column \(error.column): \(error.message)")
        }
        let top = try Fields(root, at: "", allowed: ["constraints", "edits"])
        let entries = try top.array("constraints")
        guard entries.count <= maximumConstraints else {
            throw SolveInputError(message: "constraints: \(entries.count) of them; at most \(maximumConstraints)")
        }
        let constraints = try entries.enumerated().map { index, value throws(SolveInputError) in
            let fields = try Fields(value, at: "constraints[\(index)]", allowed: ["terms", "constant", "op", "strength"])
            let terms = try fields.object("terms").sorted { $0.key < $1.key }.map { name, value throws(SolveInputError) in
                (name, try Fields.number(value, at: "\(fields.place).terms.\(name)"))
            }
            let opText = try fields.string("op")
            guard let op = Constraint.Relation(rawValue: opText) else {
                throw SolveInputError(message: "\(fields.place).op: unknown op '\(opText)' (use ==, <= or >=)")
            }
            return ConstraintEntry(terms: terms, constant: try fields.optionalNumber("constant") ?? 0, op: op,
                                   strength: try fields.strength(default: .required))
        }
        let edits = try top.array("edits").enumerated().map { index, value throws(SolveInputError) in
            let fields = try Fields(value, at: "edits[\(index)]", allowed: ["variable", "strength", "value"])
            return EditEntry(variable: try fields.string("variable"), strength: try fields.strength(default: .strong),
                             value: try Fields.number(try fields.required("value"), at: "\(fields.place).value"))
        }
        return ConstraintSystemFile(constraints: constraints, edits: edits)
    }

    /// Builds the system in a solver: constraints in order, then edits (added and suggested),
    /// then the variables are updated. Returns every variable in creation order.
    public func solve() throws(SolverError) -> [(String, Double)] {
        let solver = Solver()
        var variables: [String: Variable] = [:]
        var order: [Variable] = []
        func variable(_ name: String) -> Variable {
            if let existing = variables[name] { return existing }
            let made = solver.makeVariable(name)
            variables[name] = made
            order.append(made)
            return made
        }
        for (index, entry) in constraints.enumerated() {
            let terms = entry.terms.map { (variable($0.name), $0.coefficient) }
            try solver.add(Constraint(Expression(terms: terms, constant: entry.constant), entry.op,
                                      strength: entry.strength, label: "constraint \(index)"))
        }
        for edit in edits {
            let target = variable(edit.variable)
            if !solver.hasEditVariable(target) { try solver.addEditVariable(target, strength: edit.strength) }
            try solver.suggestValue(edit.value, for: target)
        }
        solver.updateVariables()
        return order.map { ($0.name, solver.value(of: $0)) }
    }
}

/// A problem in a `clavis solve` input file.
public struct SolveInputError: Error, Sendable {
    public var message: String
}

/// An object's fields, with the place it stands for messages (`constraints[2]`).
private struct Fields {
    let fields: [String: JSONValue]
    let place: String

    init(_ value: JSONValue, at place: String, allowed: Set<String>) throws(SolveInputError) {
        guard case .object(let fields) = value else { throw SolveInputError(message: "\(place.isEmpty ? "top level" : place): expected an object") }
        self.fields = fields
        self.place = place
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw SolveInputError(message: "\(name(unknown)): unknown field '\(unknown)' (expected \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func name(_ field: String) -> String { place.isEmpty ? field : "\(place).\(field)" }

    func required(_ field: String) throws(SolveInputError) -> JSONValue {
        guard let value = fields[field], value != .null else { throw SolveInputError(message: "\(name(field)): missing") }
        return value
    }

    func array(_ field: String) throws(SolveInputError) -> [JSONValue] {
        guard let value = fields[field], value != .null else { return [] }
        guard let array = value.array else { throw SolveInputError(message: "\(name(field)): expected an array") }
        return array
    }

    func object(_ field: String) throws(SolveInputError) -> [String: JSONValue] {
        guard case .object(let object) = try required(field) else { throw SolveInputError(message: "\(name(field)): expected an object") }
        return object
    }

    func string(_ field: String) throws(SolveInputError) -> String {
        guard let text = try required(field).string else { throw SolveInputError(message: "\(name(field)): expected a string") }
        return text
    }

    func optionalNumber(_ field: String) throws(SolveInputError) -> Double? {
        guard let value = fields[field], value != .null else { return nil }
        return try Self.number(value, at: name(field))
    }

    static func number(_ value: JSONValue, at place: String) throws(SolveInputError) -> Double {
        guard let number = value.number else { throw SolveInputError(message: "\(place): expected a number") }
        return number
    }

    /// A strength by name, or a number above 0 and at most required's (1,001,001,000).
    func strength(default fallback: Strength) throws(SolveInputError) -> Strength {
        guard let value = fields["strength"], value != .null else { return fallback }
        if let number = value.number {
            guard number > 0, number <= Strength.required.value else {
                throw SolveInputError(message: "\(name("strength")): \(number) is outside 0 (exclusive) to 1001001000 (required)")
            }
            return Strength(number)
        }
        switch value.string {
        case "required": return .required
        case "strong": return .strong
        case "medium": return .medium
        case "weak": return .weak
        case let other:
            throw SolveInputError(message: "\(name("strength")): unknown strength '\(other ?? value.text())' (use required, strong, medium, weak or a number)")
        }
    }
}
