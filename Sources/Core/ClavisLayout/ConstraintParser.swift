import ClavisFormats
import ClavisSolver

/// Parses a constraint written the Auto Layout way into a `LayoutConstraint`.
///
///     try ConstraintParser.parse("space.width == 5 * q.width @strong")
///
/// Grammar: `expression relation expression [@priority]`, where an expression is a sum of
/// terms (`+`/`-`), a term is a number, `item.attribute`, or a product of a number and
/// `item.attribute` (`0.5 * q.width`, `q.width * 2`, `q.width / 2`), a relation is `==`,
/// `<=` or `>=`, and a priority is `required`, `strong`, `medium`, `weak` or an Auto Layout
/// number 1–1000. Errors give the column of the offending token.
public enum ConstraintParser {
    /// A parse error at a column (1-based, within the constraint's text).
    public struct Failure: Error, Equatable, Sendable {
        public var column: Int
        public var message: String
    }

    public static func parse(_ text: String, at location: SourceLocation? = nil) throws(Failure) -> LayoutConstraint {
        var scanner = Scanner(Array(text))
        let left = try scanner.expression(at: location)
        guard let relation = scanner.relation() else {
            throw scanner.failure("expected '==', '<=' or '>=' after '\(String(scanner.consumed).trimmed)'")
        }
        let right = try scanner.expression(at: location)
        var strength = Strength.required
        scanner.skipSpaces()
        if scanner.peek == "@" {
            let start = scanner.column
            scanner.advance()
            let word = scanner.word()
            switch word {
            case "required": strength = .required
            case "strong": strength = .strong
            case "medium": strength = .medium
            case "weak": strength = .weak
            default:
                guard let number = Double(word), number >= 1, number <= 1000 else {
                    throw Failure(column: start, message:
                        "unknown priority '@\(word)' (use required, strong, medium, weak or 1–1000)")
                }
                strength = Strength(autoLayoutPriority: number)
            }
        }
        scanner.skipSpaces()
        if let extra = scanner.peek {
            throw scanner.failure("unexpected '\(extra)' after the constraint")
        }
        return LayoutConstraint(left: left, relation: relation, right: right, strength: strength,
                                text: text.trimmed, location: location)
    }

    /// A hand-rolled scanner over the characters of one constraint.
    private struct Scanner {
        let characters: [Character]
        var index = 0

        init(_ characters: [Character]) { self.characters = characters }

        var peek: Character? { index < characters.count ? characters[index] : nil }
        var column: Int { index + 1 }
        var consumed: ArraySlice<Character> { characters[..<index] }

        mutating func advance() { index += 1 }

        mutating func skipSpaces() {
            while let c = peek, c == " " || c == "\t" { advance() }
        }

        func failure(_ message: String) -> Failure { Failure(column: column, message: message) }

        mutating func relation() -> Constraint.Relation? {
            skipSpaces()
            guard index + 1 < characters.count, characters[index + 1] == "=" else { return nil }
            let relation: Constraint.Relation? = switch characters[index] {
            case "=": .equal
            case "<": .lessOrEqual
            case ">": .greaterOrEqual
            default: nil
            }
            if relation != nil { index += 2 }
            return relation
        }

        mutating func word() -> String {
            var text = ""
            while let c = peek, c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." { text.append(c); advance() }
            return text
        }

        mutating func expression(at location: SourceLocation?) throws(Failure) -> LayoutExpression {
            var expression = LayoutExpression()
            var sign = 1.0
            skipSpaces()
            if peek == "-" { sign = -1; advance() } else if peek == "+" { advance() }
            while true {
                try term(sign: sign, into: &expression, at: location)
                skipSpaces()
                if peek == "+" { sign = 1; advance() } else if peek == "-" { sign = -1; advance() } else { break }
            }
            return expression
        }

        /// One term: a number, a reference, or a number and a reference multiplied (or a
        /// reference divided by a number).
        mutating func term(sign: Double, into expression: inout LayoutExpression, at location: SourceLocation?) throws(Failure) {
            var coefficient = sign
            var reference: AttributeReference?
            var sawFactor = false
            while true {
                skipSpaces()
                let start = column
                guard let c = peek else { throw failure(sawFactor ? "expected a number or item.attribute after '*'" : "expected a number or item.attribute") }
                if c.isNumber || c == "." {
                    var text = ""
                    while let d = peek, d.isNumber || d == "." || d == "e" || d == "E"
                        || ((d == "-" || d == "+") && (text.last == "e" || text.last == "E")) { text.append(d); advance() }
                    guard let number = Double(text) else { throw Failure(column: start, message: "'\(text)' is not a number") }
                    guard abs(number) <= 1e6 else {
                        throw Failure(column: start, message: "'\(text)' is out of range (numbers must be within ±1000000)")
                    }
                    coefficient *= number
                } else if c.isLetter || c == "_" {
                    if reference != nil { throw Failure(column: start, message: "a term can hold only one item.attribute (constraints are linear)") }
                    var item = ""
                    while let d = peek, d.isLetter || d.isNumber || d == "_" || d == "-" { item.append(d); advance() }
                    guard peek == "." else {
                        throw Failure(column: start, message: "expected item.attribute (like q.width) but found '\(item)'")
                    }
                    advance()
                    let attributeColumn = column
                    var name = ""
                    while let d = peek, d.isLetter { name.append(d); advance() }
                    guard let attribute = Attribute(rawValue: name) else {
                        throw Failure(column: attributeColumn, message: "unknown attribute '\(name)' (use "
                            + Attribute.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                    }
                    reference = AttributeReference(item: item, attribute: attribute, location: location?.advanced(by: start - 1))
                } else {
                    throw Failure(column: start, message: "unexpected '\(c)'")
                }
                sawFactor = true
                skipSpaces()
                if peek == "*" {
                    advance()
                } else if peek == "/" {
                    advance()
                    skipSpaces()
                    let divisorColumn = column
                    var text = ""
                    while let d = peek, d.isNumber || d == "." { text.append(d); advance() }
                    guard let divisor = Double(text), divisor != 0, abs(divisor) <= 1e6, abs(divisor) >= 1e-6 else {
                        throw Failure(column: divisorColumn, message: "expected a number from 0.000001 to 1000000 after '/'")
                    }
                    coefficient /= divisor
                    break
                } else {
                    break
                }
            }
            if let reference {
                expression.terms.append((reference: reference, coefficient: coefficient))
            } else {
                expression.constant += coefficient
            }
        }
    }
}

extension String {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension Substring {
    var trimmed: String { String(self).trimmed }
}

extension String {
    init(_ slice: ArraySlice<Character>) { self.init(slice.map { $0 }) }
}
