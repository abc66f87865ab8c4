import ClavisLayout

/// What switch scanning steps through, read from the keys as they are drawn: the suggestion
/// bar first (when it offers words: a predicted word saves the most steps), then the rows
/// top to bottom, each row's keys left to right, and in every group a way back out, so a
/// wrong choice costs at most one more cycle. Built from the solved frames, any layout
/// scans, user layouts and either orientation included.
///
/// Keys are in the row whose band (the first key's top to bottom) holds their centre, so a
/// tall key (a number pad's Enter) belongs to the row where its middle is. With `.blocks`,
/// a long row is split once more into blocks of about √n keys (row, then block, then key):
/// fewer steps to the end of a row of ten, one more selection.
///
///     let groups = ScanGroups(geometry: session.scene.geometry, suggestionSlots: barHasWords ? slots : [])
///     groups.rows[0].items   // [.suggestion(0), .suggestion(1), .suggestion(2), .back]
public struct ScanGroups: Equatable, Sendable {
    /// One thing a switch can choose.
    public enum Item: Equatable, Hashable, Sendable {
        case key(id: String)
        case suggestion(slot: Int)
        /// Leaves the group without choosing (the scan goes back up a level).
        case back
    }

    /// How the keys are grouped.
    public enum Order: String, CaseIterable, Sendable {
        /// Row, then key (row–column scanning).
        case rows
        /// Row, then a block of a few keys, then key.
        case blocks
    }

    /// An item or a group of them, with the area that shows it highlighted.
    public indirect enum Node: Equatable, Sendable {
        case item(Item, frame: Rect)
        case group([Node], frame: Rect)

        public var frame: Rect {
            switch self {
            case .item(_, let frame), .group(_, let frame): frame
            }
        }

        /// The items under this node (itself for an item), `.back` left out.
        public var items: [Item] {
            switch self {
            case .item(let item, _): item == .back ? [] : [item]
            case .group(let children, _): children.flatMap(\.items)
            }
        }
    }

    /// A row: its items in scan order and the area that shows it highlighted.
    public struct Row: Equatable, Sendable {
        public var items: [Item]
        public var frames: [Rect]
        public var frame: Rect
    }

    /// The rows, the bar's first (each ends with `.back`).
    public let rows: [Row]
    /// The top level of the scan: the rows, each a group (or a group of blocks).
    public let top: [Node]

    /// `suggestionSlots` are the bar's slots left to right, `nil` for an empty one (skipped).
    public init(geometry: KeyboardGeometry, suggestionSlots: [Rect?] = [], order: Order = .rows) {
        var rows: [Row] = []
        let filled = suggestionSlots.indices.compactMap { index in suggestionSlots[index].map { (index, $0) } }
        if !filled.isEmpty {
            let frame = Self.union(filled.map(\.1))
            rows.append(Row(items: filled.map { .suggestion(slot: $0.0) } + [.back], frames: filled.map(\.1) + [frame], frame: frame))
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
            let frame = Self.union(frames.map(\.frame))
            rows.append(Row(items: frames.map { .key(id: $0.key.id) } + [.back], frames: frames.map(\.frame) + [frame], frame: frame))
        }
        self.rows = rows
        top = rows.map { row in
            let nodes = zip(row.items.dropLast(), row.frames).map { Node.item($0, frame: $1) }
            return .group(order == .blocks ? Self.blocks(nodes) : nodes + [.item(.back, frame: row.frame)], frame: row.frame)
        }
    }

    /// A row's items in blocks of about √n (a row of three or fewer stays whole), each block
    /// and the row with a way back.
    private static func blocks(_ nodes: [Node]) -> [Node] {
        let frame = union(nodes.map(\.frame))
        guard nodes.count > 3 else { return nodes + [.item(.back, frame: frame)] }
        var size = 1
        while size * size < nodes.count { size += 1 }
        let blocks: [Node] = stride(from: 0, to: nodes.count, by: size).map { start in
            let block = Array(nodes[start..<min(start + size, nodes.count)])
            if block.count == 1 { return block[0] }
            let blockFrame = union(block.map(\.frame))
            return .group(block + [.item(.back, frame: blockFrame)], frame: blockFrame)
        }
        return blocks + [.item(.back, frame: frame)]
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
