/// How much a constraint matters, as kiwi encodes it: one number, with the three bands
/// strong, medium and weak a thousand times apart and required above them all.
///
///     Strength.strong                          // 1 000 000
///     Strength(strong: 0, medium: 1, weak: 0, weight: 2)   // twice medium
///     Strength(autoLayoutPriority: 750)        // between medium and strong
///
/// Only required constraints must hold; the others are satisfied as well as their strengths
/// allow, stronger first. Strengths are plain numbers (not lexicographic), so very many weak
/// violations can in principle outweigh a medium one.
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let value: Double

    /// A raw strength, clipped into 0…required.
    public init(_ value: Double) {
        self.value = Swift.min(Swift.max(value.isNaN ? 0 : value, 0), Strength.requiredValue)
    }

    /// kiwi's `create(a, b, c, w)`: each band clipped to 0…1000 after weighting.
    public init(strong: Double, medium: Double, weak: Double, weight: Double = 1) {
        func band(_ x: Double) -> Double { Swift.min(Swift.max(x * weight, 0), 1000) }
        self.init(band(strong) * 1_000_000 + band(medium) * 1000 + band(weak))
    }

    /// An Auto Layout priority: 1000 is required; below it, 1…999 scale across the bands
    /// (999 just under required, 750 inside strong, 250 medium, 1 weak), so higher
    /// priorities dominate lower ones by orders of magnitude as on iOS.
    public init(autoLayoutPriority priority: Double) {
        if priority >= 1000 {
            self = .required
            return
        }
        let p = Swift.max(priority, 0)
        switch p {
        case 500...: self.init(strong: 1 + (p - 500) / 500 * 999, medium: 0, weak: 0)
        case 250...: self.init(strong: 0, medium: 1 + (p - 250) / 250 * 999, weak: 0)
        default: self.init(strong: 0, medium: 0, weak: 1 + p / 250 * 999)
        }
    }

    static let requiredValue = 1_001_001_000.0

    public static let required = Strength(requiredValue)
    public static let strong = Strength(1_000_000)
    public static let medium = Strength(1000)
    public static let weak = Strength(1)

    public var isRequired: Bool { value >= Strength.requiredValue }

    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }

    public var description: String {
        switch value {
        case Strength.required.value: "required"
        case Strength.strong.value: "strong"
        case Strength.medium.value: "medium"
        case Strength.weak.value: "weak"
        default: Expression.format(value)
        }
    }
}
