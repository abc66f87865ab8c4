/// How the keys sit for the hands that type on them: across the whole area, in a narrower
/// block at one edge (typing with one hand, the other holding the device), or in two halves at
/// the edges for two thumbs (a tablet held in landscape).
///
/// One-handed, the layer is solved for a block `oneHandedShare` of the area wide (its
/// constraints hold there as everywhere: `numbers.width == 0.125 * keyboard.width` is an
/// eighth of the block), and the strip beside it has two keys: one moves the block to the
/// other edge, one goes back to both hands. Split, each row opens where the layout marks it
/// with `~|` (docs/layouts.md): the halves are pushed to the edges with a gap of
/// `splitGapShare` of the width between them; rows without the mark stay whole (the space
/// bar across the middle, reached by either thumb). Split applies in landscape only: in
/// portrait the halves would be too narrow to hit.
///
///     HandMode(rawValue: "left")   // .left
public enum HandMode: String, CaseIterable, Equatable, Hashable, Sendable {
    case both, left, right, split

    /// The name the settings window and the globe key's list show.
    public var title: String {
        switch self {
        case .both: "Both hands"
        case .left: "One-handed, left"
        case .right: "One-handed, right"
        case .split: "Split (landscape)"
        }
    }

    /// Whether the keys sit in a narrower block at one edge.
    public var isOneHanded: Bool { self == .left || self == .right }

    /// The label of a key that chooses this mode (`{hands: left}` in a layout file).
    public var keyLabel: String {
        switch self {
        case .both: "⤢"
        case .left: "◀"
        case .right: "▶"
        case .split: "⇹"
        }
    }

    /// What a screen reader says for a key that chooses this mode.
    public var spokenName: String {
        switch self {
        case .both: "Keyboard for both hands"
        case .left: "Keys to the left"
        case .right: "Keys to the right"
        case .split: "Split keyboard"
        }
    }
}

/// The hand mode and its two sizes, as the settings give them.
///
///     HandPlacement(mode: .left).blockWidth(of: 1000)   // 800: the keys' block
public struct HandPlacement: Equatable, Sendable {
    public var mode: HandMode
    /// How wide the one-handed block is, as a share of the area.
    public var oneHandedShare: Double
    /// How wide the gap between a split keyboard's halves is, as a share of the area.
    public var splitGapShare: Double

    public init(mode: HandMode = .both, oneHandedShare: Double = 0.8, splitGapShare: Double = 0.3) {
        self.mode = mode
        self.oneHandedShare = oneHandedShare
        self.splitGapShare = splitGapShare
    }

    /// How wide the keys' block is in an area `width` wide: all of it unless one-handed.
    public func blockWidth(of width: Double) -> Double {
        mode.isOneHanded ? (width * oneHandedShare).rounded() : width
    }

    /// The share of the width a split keyboard opens by in `orientation`, or `nil` where it
    /// shows whole (not split, or in portrait, where halves would be too narrow to hit).
    public func splitShare(in orientation: Orientation) -> Double? {
        mode == .split && orientation == .landscape ? splitGapShare : nil
    }

    /// The one-handed keyboard in an area `width` wide from the keys' block solved at
    /// `blockWidth(of:)`: the block at its edge, and in the strip beside it a key that moves
    /// it to the other edge above one that goes back to both hands. Unchanged unless one-handed.
    public func placing(_ block: KeyboardGeometry, in width: Double) -> KeyboardGeometry {
        guard mode.isOneHanded else { return block }
        let strip = width - block.width
        let blockX = mode == .right ? strip : 0
        let stripX = mode == .right ? 0 : block.width
        let half = (block.height / 2).rounded()
        let other: HandMode = mode == .left ? .right : .left
        let side = [
            KeyFrame(key: Self.key(other), frame: Rect(x: stripX, y: 0, width: strip, height: half)),
            KeyFrame(key: Self.key(.both), frame: Rect(x: stripX, y: half, width: strip, height: block.height - half)),
        ]
        let moved = block.frames.map { KeyFrame(key: $0.key, frame: Rect(x: $0.frame.x + blockX, y: $0.frame.y,
                                                                        width: $0.frame.width, height: $0.frame.height)) }
        return KeyboardGeometry(width: width, height: block.height, frames: mode == .right ? side + moved : moved + side)
    }

    /// The strip's key that chooses `mode`.
    public static func key(_ mode: HandMode) -> KeyDefinition {
        KeyDefinition(id: "hands-\(mode.rawValue)", action: .hands(mode))
    }
}
