import ClavisLayout

/// Where the long-press alternates of a key are drawn, and which one a point selects.
///
/// Cells as wide as the key sit in a row just above it, starting over the key and shifted
/// left as far as needed to stay inside the keyboard; a point selects the cell whose column
/// holds it (clamped to the first and last), so sliding sideways walks the row; a finger
/// that slides well away from the row selects none, and lifting there types nothing.
///
///     let popup = AlternatesPopup(key: eFrame, count: 4, bounds: keyboardBounds)
///     popup.index(atX: x, y: y)   // 0…3, nil far away
public struct AlternatesPopup: Equatable, Sendable {
    /// One frame per alternate, left to right.
    public let cells: [Rect]

    public init(key: Rect, count: Int, bounds: Rect) {
        let width = key.width
        let height = min(key.height, max(key.y - bounds.y, key.height * 0.8))
        let total = width * Double(count)
        var x = key.x
        if x + total > bounds.maxX { x = max(bounds.x, bounds.maxX - total) }
        let y = max(bounds.y, key.y - height)
        cells = (0..<count).map { Rect(x: x + Double($0) * width, y: y, width: width, height: height) }
    }

    /// The cell under `x`, clamped to the row.
    public func index(atX x: Double) -> Int? {
        guard let first = cells.first, let last = cells.last else { return nil }
        if x < first.x { return 0 }
        if x >= last.maxX { return cells.count - 1 }
        return cells.firstIndex { x >= $0.x && x < $0.maxX }
    }

    /// The cell a finger at (`x`, `y`) selects: the one under its column while it stays near
    /// the row (up to a cell's height above it, the key's row and one more below it, a cell's
    /// width past either end); `nil` farther away, where a lift is a change of mind.
    public func index(atX x: Double, y: Double) -> Int? {
        guard let frame, let width = cells.first?.width else { return nil }
        guard y >= frame.y - frame.height, y <= frame.maxY + 2 * frame.height,
              x >= frame.x - width, x <= frame.maxX + width else { return nil }
        return index(atX: x)
    }

    /// The whole popup's frame.
    public var frame: Rect? {
        guard let first = cells.first, let last = cells.last else { return nil }
        return Rect(x: first.x, y: first.y, width: last.maxX - first.x, height: first.height)
    }
}
