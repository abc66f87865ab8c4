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

    /// From terms already reduced (one per variable, sorted by id, none zero).
    init(reduced terms: [Term], constant: Double) {
        self.terms = terms
        self.constant = constant
    }

    /// Every term scaled by `factor`, the constant too. Scaling keeps the terms' order.
    public func scaled(by factor: Double) -> Expression {
        var scaled: [Term] = []
        scaled.reserveCapacity(terms.count)
        for term in terms where term.coefficient * factor != 0 {
            scaled.append(Term(variable: term.variable, coefficient: term.coefficient * factor))
        }
        return Expression(reduced: scaled, constant: constant * factor)
    }

    /// `self + factor · other`: the two sorted term lists merged in one pass (building a
    /// keyboard's constraints is mostly this; sorting the concatenation took a tenth of a
    /// 500-key build).
    public func adding(_ other: Expression, times factor: Double = 1) -> Expression {
        let constant = constant + other.constant * factor
        guard factor != 0, !other.terms.isEmpty else { return Expression(reduced: terms, constant: constant) }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count + other.terms.count)
        var mine = terms.startIndex
        var theirs = other.terms.startIndex
        while mine < terms.endIndex || theirs < other.terms.endIndex {
            let coefficient: Double
            let variable: Variable
            if theirs == other.terms.endIndex || (mine < terms.endIndex && terms[mine].variable.id < other.terms[theirs].variable.id) {
                (variable, coefficient) = (terms[mine].variable, terms[mine].coefficient)
                mine += 1
            } else if mine == terms.endIndex || other.terms[theirs].variable.id < terms[mine].variable.id {
                (variable, coefficient) = (other.terms[theirs].variable, other.terms[theirs].coefficient * factor)
                theirs += 1
            } else {
                (variable, coefficient) = (terms[mine].variable, terms[mine].coefficient + other.terms[theirs].coefficient * factor)
                mine += 1
                theirs += 1
            }
            if coefficient != 0 { merged.append(Term(variable: variable, coefficient: coefficient)) }
        }
        return Expression(reduced: merged, constant: constant)
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
