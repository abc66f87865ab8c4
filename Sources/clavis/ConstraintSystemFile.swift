import ClavisEngine
import ClavisSolver
import FoundationEssentials

/// The JSON form of a constraint system that `clavis solve` reads, for checking the solver
/// from outside (against kiwisolver, or by hand):
///
///     {"constraints": [{"terms": {"x": 1, "y": -2}, "constant": 10, "op": "<=", "strength": "strong"}],
///      "edits": [{"variable": "x", "strength": "strong", "value": 300}]}
///
/// Each constraint means Σ coefficient·variable + constant (op) 0. Variables exist by being
/// named; within a constraint they are created in name order, so a file always solves the
/// same way. Unknown fields are errors, named by their place (`constraints[2].opp`).
struct ConstraintSystemFile: Decodable {
    struct ConstraintEntry: Decodable {
        var terms: [String: Double]
        var constant: Double
        var op: Constraint.Relation
        var strength: Strength

        init(from decoder: Decoder) throws {
            try rejectUnknownFields(decoder, allowed: ["terms", "constant", "op", "strength"])
            let container = try decoder.container(keyedBy: Key.self)
            terms = try container.decode([String: Double].self, forKey: Key("terms"))
            constant = try container.decodeIfPresent(Double.self, forKey: Key("constant")) ?? 0
            let opText = try container.decode(String.self, forKey: Key("op"))
            guard let op = Constraint.Relation(rawValue: opText) else {
                throw DecodingError.dataCorruptedError(
                    forKey: Key("op"), in: container, debugDescription: "unknown op '\(opText)' (use ==, <= or >=)")
            }
            self.op = op
            strength = try decodeStrength(container, default: .required)
        }
    }

    struct EditEntry: Decodable {
        var variable: String
        var strength: Strength
        var value: Double

        init(from decoder: Decoder) throws {
            try rejectUnknownFields(decoder, allowed: ["variable", "strength", "value"])
            let container = try decoder.container(keyedBy: Key.self)
            variable = try container.decode(String.self, forKey: Key("variable"))
            value = try container.decode(Double.self, forKey: Key("value"))
            strength = try decodeStrength(container, default: .strong)
        }
    }

    var constraints: [ConstraintEntry]
    var edits: [EditEntry]

    init(from decoder: Decoder) throws {
        try rejectUnknownFields(decoder, allowed: ["constraints", "edits"])
        let container = try decoder.container(keyedBy: Key.self)
        constraints = try container.decodeIfPresent([ConstraintEntry].self, forKey: Key("constraints")) ?? []
        edits = try container.decodeIfPresent([EditEntry].self, forKey: Key("edits")) ?? []
    }

    /// Reads a system; the error message names the place of the problem.
    static func parse(_ data: Data) throws(SolveInputError) -> ConstraintSystemFile {
        // JSONSyntax says where the syntax breaks; JSONDecoder only that it does.
        if let problem = JSONSyntax.problem(in: [UInt8](data)) {
            throw SolveInputError(message: "malformed JSON: line \(problem.line), column \(problem.column): \(problem.message)")
        }
        do {
            return try JSONDecoder().decode(ConstraintSystemFile.self, from: data)
        } catch let error as DecodingError {
            throw SolveInputError(message: describe(error))
        } catch {
            throw SolveInputError(message: "\(error)")
        }
    }

    /// Builds the system in a solver: constraints in order, then edits (added and suggested),
    /// then the variables are updated. Returns every variable in creation order.
    func solve() throws(SolverError) -> [(String, Double)] {
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
            let terms = entry.terms.keys.sorted().map { (variable($0), entry.terms[$0]!) }
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

    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "malformed JSON: \(context.debugDescription)"
            }
            return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is [String: Double].Type, is Dictionary<String, Any>.Type: "an object"
        case is [ConstraintEntry].Type, is [EditEntry].Type: "an array"
        default: "\(type)"
        }
    }
}

/// A problem in a `clavis solve` input file.
struct SolveInputError: Error {
    var message: String
}

/// Any JSON key.
struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private func rejectUnknownFields(_ decoder: Decoder, allowed: Set<String>) throws {
    let container = try decoder.container(keyedBy: Key.self)
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
    where !allowed.contains(key.stringValue) {
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "unknown field '\(key.stringValue)' (expected \(allowed.sorted().joined(separator: ", ")))")
    }
}

private func decodeStrength(_ container: KeyedDecodingContainer<Key>, default fallback: Strength) throws -> Strength {
    let key = Key("strength")
    guard container.contains(key) else { return fallback }
    if let number = try? container.decode(Double.self, forKey: key) { return Strength(number) }
    let name = try container.decode(String.self, forKey: key)
    switch name {
    case "required": return .required
    case "strong": return .strong
    case "medium": return .medium
    case "weak": return .weak
    default:
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "unknown strength '\(name)' (use required, strong, medium, weak or a number)")
    }
}
