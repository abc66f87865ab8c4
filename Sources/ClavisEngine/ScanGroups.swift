import ClavisLayout

/// What row–column scanning steps through, read from the keys as they are drawn: the
/// suggestion bar first (when it offers words: a predicted word saves the most steps), then
/// the rows top to bottom, each row's keys left to right, and in every row a way back out,
/// so a wrong choice costs at most one more cycle. Built from the solved frames, any layout
/// scans, user layouts and either orientation included.
///
/// Keys are in the row whose band (the first key's top to bottom) holds their centre, so a
/// tall key (a number pad's Enter) belongs to the row where its middle is.
///
///     let groups = ScanGroups(geometry: session.geometry, suggestionSlots: barHasWords ? slots : [])
///     groups.rows[0].items   // [.suggestion(0), .suggestion(1), .suggestion(2), .back]
public struct ScanGroups: Equatable, Sendable {
    /// One thing a switch can choose.
    public enum Item: Equatable, Sendable {
        case key(id: String)
        case suggestion(slot: Int)
        /// Leaves the row without choosing (the scan goes back to the rows).
        case back
    }

    /// A row: its items in scan order and the area that shows it highlighted.
    public struct Row: Equatable, Sendable {
        public var items: [Item]
        public var frame: Rect
    }

    public let rows: [Row]

    public init(geometry: KeyboardGeometry, suggestionSlots: [Rect] = []) {
        var rows: [Row] = []
        if !suggestionSlots.isEmpty {
            rows.append(Row(items: suggestionSlots.indices.map { .suggestion(slot: $0) } + [.back],
                            frame: Self.union(suggestionSlots)))
        }
        var bands: [(top: Double, bottom: Double, frames: [KeyFrame])] = []
        for keyFrame in geometry.frames.sorted(by: { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }) {
            let middle = keyFrame.frame.midY
            if let index = bands.firstIndex(where: { middle >= $0.top && middle < $0.bottom }) {
                bands[index].frames.append(keyFrame)
            } else {
                bands.append((keyFrame.frame.y, keyFrame.frame.maxY, [keyFrame]))
            }
        }
        for band in bands.sorted(by: { $0.top < $1.top }) {
            let frames = band.frames.sorted { $0.frame.x < $1.frame.x }
            rows.append(Row(items: frames.map { .key(id: $0.key.id) } + [.back], frame: Self.union(frames.map(\.frame))))
        }
        self.rows = rows
    }

    /// The smallest rectangle holding all of `rects`.
    static func union(_ rects: [Rect]) -> Rect {
        guard let first = rects.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        var minX = first.x, minY = first.y, maxX = first.maxX, maxY = first.maxY
        for rect in rects.dropFirst() {
            minX = min(minX, rect.x)
            minY = min(minY, rect.y)
            maxX = max(maxX, rect.maxX)
            maxY = max(maxY, rect.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
