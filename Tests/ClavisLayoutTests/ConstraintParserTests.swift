import ClavisLayout
import ClavisSolver
import Testing

@Suite struct ConstraintParserTests {
    func parse(_ text: String) throws -> LayoutConstraint { try ConstraintParser.parse(text) }

    @Test func readsAutoLayoutStyleConstraints() throws {
        let c = try parse("space.width == 5 * q.width")
        #expect(c.relation == .equal)
        #expect(c.left == LayoutExpression(terms: [(AttributeReference(item: "space", attribute: .width), 1)]))
        #expect(c.right == LayoutExpression(terms: [(AttributeReference(item: "q", attribute: .width), 5)]))
        #expect(c.strength == .required)
        #expect(c.target == AttributeReference(item: "space", attribute: .width))
    }

    @Test func readsSumsConstantsDivisionAndPriorities() throws {
        let c = try parse("a.leading >= q.leading + 0.5 * q.width - 4 @strong")
        #expect(c.relation == .greaterOrEqual)
        #expect(c.right.terms.map(\.coefficient) == [1, 0.5])
        #expect(c.right.constant == -4)
        #expect(c.strength == .strong)
        let d = try parse("keyboard.height <= q.width / 2 + 10 @750")
        #expect(d.right.terms.map(\.coefficient) == [0.5])
        #expect(d.strength == Strength(autoLayoutPriority: 750))
        #expect(try parse("-q.width*2 == -8 @weak").left.terms.map(\.coefficient) == [-2])
    }

    /// An exponent's sign was left out of the number ("'1e' is not a number").
    @Test func numbersTakeSignedExponents() throws {
        #expect(try parse("q.width == 1e-3 * w.width").right.terms.map(\.coefficient) == [0.001])
        #expect(try parse("q.width == 2.5E+2").right.constant == 250)
        #expect(try parse("q.width == 1e-320 * w.width").right.terms.map(\.coefficient) == [1e-320])
        #expect(try parse("q.width == 1e-3-w.width").right.terms.map(\.coefficient) == [-1])
    }

    @Test(arguments: [
        ("q.width = 5", 9, "expected '==', '<=' or '>=' after 'q.width'"),
        ("q.wide == 5", 3, "unknown attribute 'wide'"),
        ("q == 5", 1, "expected item.attribute (like q.width) but found 'q'"),
        ("q.width == 5 @loud", 14, "unknown priority '@loud'"),
        ("q.width == w.width * e.width", 22, "a term can hold only one item.attribute"),
        ("q.width == 5 5", 14, "unexpected '5' after the constraint"),
        ("q.width == 1e9", 12, "'1e9' is out of range"),
        ("q.width == w.width / 0", 22, "expected a number from 0.000001 to 1000000 after '/'"),
        ("q.width ==", 11, "expected a number or item.attribute"),
    ])
    func errorsNameTheColumn(text: String, column: Int, message: String) {
        do throws(ConstraintParser.Failure) {
            _ = try ConstraintParser.parse(text)
            Issue.record("parsed '\(text)'")
        } catch {
            #expect(error.column == column, "\(text)")
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func everyAttributeParsesUnderItsName() throws {
        for attribute in Attribute.allCases {
            #expect(try parse("k.\(attribute.rawValue) == 1").left.terms.first?.reference.attribute == attribute)
        }
    }
}
