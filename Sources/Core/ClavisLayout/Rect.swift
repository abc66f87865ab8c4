/// An axis-aligned rectangle in points, origin at the top left.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether the point lies inside, the top and left edges included, the others excluded,
    /// so rectangles that tile an area never both contain one point.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// Distance from the point to the nearest point of the rectangle (0 inside).
    public func distance(x px: Double, y py: Double) -> Double {
        let dx = max(x - px, 0, px - maxX)
        let dy = max(y - py, 0, py - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Where one key sits: `frame` is what is drawn; a press anywhere nearer to this key than to
/// any other still hits it (see `KeyboardGeometry.key(atX:y:)`).
public struct KeyFrame: Equatable, Sendable {
    public var key: KeyDefinition
    public var frame: Rect

    public init(key: KeyDefinition, frame: Rect) {
        self.key = key
        self.frame = frame
    }
}
