/// The solved frames of the keys one layer shows, and hit testing on them.
///
/// Frames are what is drawn; hit testing gives every point to exactly one key: the key
/// nearest vertically (distance 0 when the point is within the key's top and bottom), and
/// among those the nearest horizontally, the earlier key in reading order on a tie. So a press
/// in a row's band always lands on that row, the gaps between keys go to the nearest key, and
/// the edge keys own the space out to the edge of the keyboard and beyond.
///
///     let geometry = KeyboardGeometry(width: 800, height: 240, frames: frames)
///     geometry.key(atX: 5, y: 5)?.id
public struct KeyboardGeometry: Equatable, Sendable {
    public let width: Double
    public let height: Double
    public let frames: [KeyFrame]

    public init(width: Double, height: Double, frames: [KeyFrame]) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// An empty geometry (nothing laid out yet).
    public static let empty = KeyboardGeometry(width: 0, height: 0, frames: [])

    /// The key that owns the point, or `nil` only when there are no keys.
    public func key(atX x: Double, y: Double) -> KeyDefinition? {
        frame(atX: x, y: y)?.key
    }

    /// The frame of the key that owns the point (see `key(atX:y:)`).
    public func frame(atX x: Double, y: Double) -> KeyFrame? {
        var best: KeyFrame?
        var bestDistance = (vertical: Double.infinity, horizontal: Double.infinity)
        for keyFrame in frames {
            let frame = keyFrame.frame
            let distance = (vertical: max(frame.y - y, 0, y - frame.maxY), horizontal: max(frame.x - x, 0, x - frame.maxX))
            if distance < bestDistance {
                best = keyFrame
                bestDistance = distance
                if distance == (0, 0) { break }
            }
        }
        return best
    }

    /// The frame a finger at the point is on, or `nil` when it is on none: outside the
    /// keyboard, or in the middle of a gap between two keys wider than half a key.
    ///
    /// The same as `frame(atX:y:)` everywhere else, so a tap in a narrow gap or in the margin
    /// beside an edge key still lands (a phone never drops a tap there), while a finger that
    /// slides out of the keyboard, or into a wide gap, leaves its key (the slide cancels).
    /// "The middle" is more than a quarter of the nearest key's width (or height) from it:
    /// the part of a gap wider than half a key that is nearer its centre than either side.
    ///
    ///     geometry.touchFrame(atX: -3, y: 40)   // nil: outside
    public func touchFrame(atX x: Double, y: Double) -> KeyFrame? {
        guard x >= 0, y >= 0, x < width, y < height, let nearest = frame(atX: x, y: y) else { return nil }
        let f = nearest.frame
        if x < f.x - f.width / 4 || x > f.maxX + f.width / 4 {
            // A key on the far side, overlapping the nearest key's band, makes this a gap.
            let far = frames.contains { other in
                other.frame.y < f.maxY && other.frame.maxY > f.y && (x < f.x ? other.frame.maxX <= x : other.frame.x >= x)
            }
            if far { return nil }
        }
        if y < f.y - f.height / 4 || y > f.maxY + f.height / 4 {
            let far = frames.contains { other in
                other.frame.x < f.maxX && other.frame.maxX > f.x && (y < f.y ? other.frame.maxY <= y : other.frame.y >= y)
            }
            if far { return nil }
        }
        return nearest
    }

    /// The frame of the key with this id.
    public func frame(ofKey id: String) -> Rect? {
        frames.first { $0.key.id == id }?.frame
    }
}

extension KeyboardGeometry {
    /// The same keys moved down by `dy` in an area `dy` taller (room for the suggestion bar
    /// above them).
    public func movedDown(by dy: Double) -> KeyboardGeometry {
        guard dy != 0 else { return self }
        return KeyboardGeometry(width: width, height: height + dy, frames: frames.map { keyFrame in
            var frame = keyFrame
            frame.frame.y += dy
            return frame
        })
    }
}
