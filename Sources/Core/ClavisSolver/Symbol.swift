/// A column of the simplex tableau: an external variable or one of the solver's own helpers.
///
/// Packed into one integer, the id in the high bits and the kind in the low two, so symbols
/// compare, hash and sort as plain integers, and sorting by `raw` is sorting by creation
/// order: the fixed total order that keeps pivoting Bland-like (no cycling) and makes results
/// the same in every process.
struct Symbol: Hashable, Comparable {
    /// What a symbol stands for; it decides which symbols may enter or leave the basis.
    enum Kind: UInt64 {
        /// A user variable (unrestricted in sign).
        case external = 0
        /// The slack of an inequality (≥ 0).
        case slack = 1
        /// The error of a non-required constraint (≥ 0, weighted in the objective).
        case error = 2
        /// A marker for a required equality (never pivots).
        case dummy = 3
    }

    let raw: UInt64

    init(id: Int, kind: Kind) {
        raw = UInt64(id) << 2 | kind.rawValue
    }

    /// The dense id, an index into the solver's per-symbol arrays.
    var id: Int { Int(truncatingIfNeeded: raw >> 2) }
    var kind: Kind { Kind(rawValue: raw & 3)! }

    var isExternal: Bool { raw & 3 == Kind.external.rawValue }
    var isDummy: Bool { raw & 3 == Kind.dummy.rawValue }
    /// Slack and error symbols: restricted to non-negative values, and so may leave the basis.
    var isRestricted: Bool { raw & 3 == Kind.slack.rawValue || raw & 3 == Kind.error.rawValue }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}

/// Values this close to zero are zero: pivoting accumulates rounding noise, and a cell of
/// 1e-12 must not keep a symbol alive or pick a pivot.
@inline(__always)
func nearZero(_ value: Double) -> Bool {
    value < 1e-8 && value > -1e-8
}
