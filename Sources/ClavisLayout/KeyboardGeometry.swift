/// The solved positions of a layout's keys in a keyboard area, and hit testing on them.
///
/// Rows share the height equally; one key unit is the area's width divided by the widest
/// row's units, and narrower rows are centred. Frames tile the area with no gaps (the gap
/// between keys is drawn inside each frame), and hit testing goes to the nearest key, so every
/// point of the keyboard belongs to exactly one key — the edge keys own the space out to the
/// edge, and a tap in a centring margin still lands on the closest key.
///
///     let geometry = KeyboardGeometry(layout: us, width: 800, height: 240)
///     geometry.key(atX: 5, y: 5)?.id   // "q" (or the first key of the top row)
public struct KeyboardGeometry: Equatable, Sendable {
    public let width: Double
    public let height: Double
    public let frames: [KeyFrame]
    private let rowBands: [(top: Double, bottom: Double, range: Range<Int>)]

    public init(layout: KeyboardLayout, width: Double, height: Double) {
        self.width = max(0, width)
        self.height = max(0, height)
        let rows = layout.rows
        let maxUnits = rows.map(\.widthUnits).max() ?? 1
        let unit = maxUnits > 0 ? self.width / maxUnits : 0
        let rowHeight = rows.isEmpty ? 0 : self.height / Double(rows.count)
        var frames: [KeyFrame] = []
        var bands: [(Double, Double, Range<Int>)] = []
        for (rowIndex, row) in rows.enumerated() {
            let top = Double(rowIndex) * rowHeight
            var x = (self.width - row.widthUnits * unit) / 2
            let first = frames.count
            for item in row.items {
                let itemWidth = item.widthUnits * unit
                if case .key(let key) = item {
                    frames.append(KeyFrame(key: key, frame: Rect(x: x, y: top, width: itemWidth, height: rowHeight)))
                }
                x += itemWidth
            }
            bands.append((top, top + rowHeight, first..<frames.count))
        }
        self.frames = frames
        self.rowBands = bands
    }

    /// The key that owns the point: the row whose band holds y (clamped into the keyboard),
    /// then the key in that row nearest to x. `nil` only for a layout with no keys.
    public func key(atX x: Double, y: Double) -> Key? {
        frame(atX: x, y: y)?.key
    }

    /// The frame of the key that owns the point (see `key(atX:y:)`).
    public func frame(atX x: Double, y: Double) -> KeyFrame? {
        let nonEmpty = rowBands.filter { !$0.range.isEmpty }
        guard let lastBand = nonEmpty.last else { return nil }
        let band = nonEmpty.first { y < $0.bottom } ?? lastBand
        var best = band.range.lowerBound
        var bestDistance = Double.infinity
        for index in band.range {
            let distance = frames[index].frame.distance(x: x, y: frames[index].frame.midY)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return frames[best]
    }

    /// The frame of the key with this id.
    public func frame(ofKey id: String) -> Rect? {
        frames.first { $0.key.id == id }?.frame
    }

    public static func == (lhs: KeyboardGeometry, rhs: KeyboardGeometry) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.frames == rhs.frames
    }
}
