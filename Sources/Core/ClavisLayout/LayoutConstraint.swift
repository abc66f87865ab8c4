import ClavisFormats
import ClavisSolver

/// A key attribute a constraint can name, in Auto Layout's terms.
public enum Attribute: String, Equatable, Hashable, Sendable, CaseIterable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY

    /// The attribute as a combination of an item's four variables (x, y, width, height):
    /// `trailing` is x + width, `centerY` is y + height / 2, and so on.
    var weights: (x: Double, y: Double, width: Double, height: Double) {
        switch self {
        case .leading, .left: (1, 0, 0, 0)
        case .trailing, .right: (1, 0, 1, 0)
        case .top: (0, 1, 0, 0)
        case .bottom: (0, 1, 0, 1)
        case .width: (0, 0, 1, 0)
        case .height: (0, 0, 0, 1)
        case .centerX: (1, 0, 0.5, 0)
        case .centerY: (0, 1, 0, 0.5)
        }
    }
}

/// `item.attribute`, as written in a constraint (`space.width`, `keyboard.height`).
public struct AttributeReference: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A key id, or `keyboard` for the keyboard area.
    public var item: String
    public var attribute: Attribute
    /// Where it was written.
    public var location: SourceLocation?

    public init(item: String, attribute: Attribute, location: SourceLocation? = nil) {
        self.item = item
        self.attribute = attribute
        self.location = location
    }

    /// The name of the keyboard area as an item.
    public static let keyboard = "keyboard"

    public var description: String { "\(item).\(attribute.rawValue)" }

    public static func == (lhs: AttributeReference, rhs: AttributeReference) -> Bool {
        lhs.item == rhs.item && lhs.attribute == rhs.attribute
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(attribute)
    }
}

/// `Σ coefficient · item.attribute + constant`: one side of a layout constraint.
public struct LayoutExpression: Equatable, Sendable {
    public var terms: [(reference: AttributeReference, coefficient: Double)]
    public var constant: Double

    public init(terms: [(AttributeReference, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { (reference: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    public static func == (lhs: LayoutExpression, rhs: LayoutExpression) -> Bool {
        lhs.constant == rhs.constant && lhs.terms.count == rhs.terms.count
            && zip(lhs.terms, rhs.terms).allSatisfy { $0.reference == $1.reference && $0.coefficient == $1.coefficient }
    }
}

/// One constraint of a layout file, parsed: `left (==|<=|>=) right @priority`.
///
///     space.width == 5 * q.width
///     a.leading == q.leading + 0.5 * q.width @strong
///     keyboard.height >= 180 @750
public struct LayoutConstraint: Equatable, Sendable, CustomStringConvertible {
    public var left: LayoutExpression
    public var relation: Constraint.Relation
    public var right: LayoutExpression
    public var strength: Strength
    /// The text as written, for messages.
    public var text: String
    /// Where it starts in the file.
    public var location: SourceLocation?

    public init(left: LayoutExpression, relation: Constraint.Relation, right: LayoutExpression,
                strength: Strength = .required, text: String, location: SourceLocation? = nil) {
        self.left = left
        self.relation = relation
        self.right = right
        self.strength = strength
        self.text = text
        self.location = location
    }

    /// Every attribute the constraint names, left side first.
    public var references: [AttributeReference] { (left.terms + right.terms).map(\.reference) }

    /// The attribute it sets, when the left side is exactly one `item.attribute`
    /// (`space.width == …` sets space's width, which replaces the row's default width).
    public var target: AttributeReference? {
        left.terms.count == 1 && left.terms[0].coefficient == 1 && left.constant == 0 ? left.terms[0].reference : nil
    }

    public var description: String { text }
}
