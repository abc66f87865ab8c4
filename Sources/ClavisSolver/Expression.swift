/// A linear expression `Σ coefficient · variable + constant`, built with ordinary operators.
///
///     let e = 2 * a + b - 10      // Expression
///     e.terms                     // [(a, 2), (b, 1)]
///
/// Terms are kept reduced: one term per variable, sorted by variable id, zero coefficients
/// dropped. That makes two spellings of the same expression equal and fixes the order in
/// which the solver first meets each variable.
public struct Expression: Equatable, Sendable, CustomStringConvertible {
    /// One `coefficient · variable` term.
    public struct Term: Equatable, Sendable {
        public var variable: Variable
        public var coefficient: Double
    }

    public private(set) var terms: [Term]
    public var constant: Double

    /// `Σ coefficient · variable + constant` from unreduced terms.
    public init(terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = Self.reduce(terms.map { Term(variable: $0.0, coefficient: $0.1) })
        self.constant = constant
    }

    public init(_ variable: Variable) {
        terms = [Term(variable: variable, coefficient: 1)]
        constant = 0
    }

    public init(constant: Double) {
        terms = []
        self.constant = constant
    }

    private init(reduced terms: [Term], constant: Double) {
        self.terms = terms
        self.constant = constant
    }

    /// Every term scaled by `factor`, the constant too.
    public func scaled(by factor: Double) -> Expression {
        Expression(reduced: Self.reduce(terms.map { Term(variable: $0.variable, coefficient: $0.coefficient * factor) }),
                   constant: constant * factor)
    }

    /// `self + factor · other`.
    public func adding(_ other: Expression, times factor: Double = 1) -> Expression {
        Expression(reduced: Self.reduce(terms + other.terms.map {
            Term(variable: $0.variable, coefficient: $0.coefficient * factor)
        }), constant: constant + other.constant * factor)
    }

    /// The expression's value for the given variable values.
    public func value(_ valueOf: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * valueOf($1.variable) }
    }

    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let sign = term.coefficient < 0 ? "-" : "+"
            text += text.isEmpty ? (term.coefficient < 0 ? "-" : "") : " \(sign) "
            text += magnitude == 1 ? "\(term.variable)" : "\(Self.format(magnitude)) * \(term.variable)"
        }
        if constant != 0 || text.isEmpty {
            text += text.isEmpty ? Self.format(constant) : (constant < 0 ? " - " : " + ") + Self.format(abs(constant))
        }
        return text
    }

    static func format(_ value: Double) -> String {
        // Integral values print without ".0"; no `rounded()`, which needs libm (no Foundation here).
        abs(value) < 1e15 && value == Double(Int64(value)) ? String(Int64(value)) : "\(value)"
    }

    private static func reduce(_ terms: [Term]) -> [Term] {
        if terms.count <= 1 { return terms.filter { $0.coefficient != 0 } }
        let sorted = terms.sorted { $0.variable.id < $1.variable.id }
        var result: [Term] = []
        result.reserveCapacity(sorted.count)
        for term in sorted {
            if let last = result.last, last.variable == term.variable {
                result[result.count - 1].coefficient += term.coefficient
            } else {
                result.append(term)
            }
        }
        return result.filter { $0.coefficient != 0 }
    }
}
