/// What was copied, newest first, for the editing panel's clipboard strip: tapping an item
/// types it through the proxy, as text, so it works where pasting does not.
///
/// Privacy is the host's and the session's part (nothing is added from a secure field, the
/// setting turns it off); this keeps the limits: at most `limit` unpinned items (the oldest go
/// first) beside at most `maximumPinned` pinned ones, which stay — so a new copy always has
/// room, however many are pinned — none longer than `maximumBytes` of UTF-8 (a larger copy is
/// not kept at all rather than kept cut: the unit every reader and writer of a copy counts
/// in), no empty or blank ones, and a text copied again moves to the front instead of showing
/// twice. It lives in memory, and on disk only where the user asked to keep it across
/// restarts (`ClipboardStore`).
///
///     var history = ClipboardHistory()
///     history.add("Ada Lovelace")
///     history.add("ada@example.org")
///     history.items.map(\.text)   // ["ada@example.org", "Ada Lovelace"]
public struct ClipboardHistory: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public let text: String
        /// Kept however many are copied after it, until unpinned or cleared.
        public var isPinned = false

        public init(text: String, isPinned: Bool = false) {
            self.text = text
            self.isPinned = isPinned
        }

        /// The item as a slot shows it: its first line, at most `labelLength` characters,
        /// "…" where cut.
        public var label: String {
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let cut = line.count > Self.labelLength || line.count < text.trimmingWhitespace.count
            return String(line.prefix(Self.labelLength)) + (cut ? "…" : "")
        }

        /// How many characters of an item a slot shows.
        public static let labelLength = 40
    }

    /// How many unpinned items are kept.
    public static let limit = 50
    /// How many items can be pinned (a pin past it is refused: `togglePin`).
    public static let maximumPinned = 50
    /// The longest text kept, in bytes of UTF-8: 16 KB, 4,096 characters of any script (a
    /// long paragraph), the most `ClipboardTransfer` reads from another program.
    public static let maximumBytes = 16 * 1024

    public private(set) var items: [Item] = []

    public init() {}

    /// A history of `items` (newest first) as a file held them, within the limits as if
    /// each had been copied in turn, the oldest first.
    ///
    ///     ClipboardHistory(restoring: [Item(text: "b", isPinned: true), Item(text: "a")]).items.first?.isPinned   // true
    public init(restoring items: [Item]) {
        for item in items.reversed() where add(item.text) {
            if item.isPinned, !self.items[0].isPinned { togglePin(at: 0) }
        }
    }

    /// How many items are pinned.
    public var pinnedCount: Int { items.count { $0.isPinned } }

    /// Notes a text copied; whether it was kept (not empty, blank or too long).
    @discardableResult
    public mutating func add(_ text: String) -> Bool {
        guard !text.trimmingWhitespace.isEmpty, text.utf8.count <= Self.maximumBytes else { return false }
        let pinned = items.first { $0.text == text }?.isPinned ?? false
        items.removeAll { $0.text == text }
        items.insert(Item(text: text, isPinned: pinned), at: 0)
        if items.count - pinnedCount > Self.limit, let oldest = items.lastIndex(where: { !$0.isPinned }) {
            items.remove(at: oldest)
        }
        return true
    }

    /// Pins or unpins the item at `index`; whether it did (no pin past `maximumPinned`).
    ///
    ///     history.togglePin(at: 0)   // false when 50 are pinned already and this one is not
    @discardableResult
    public mutating func togglePin(at index: Int) -> Bool {
        guard items.indices.contains(index), items[index].isPinned || pinnedCount < Self.maximumPinned else { return false }
        items[index].isPinned.toggle()
        // Unpinned, it counts against the limit again: the oldest unpinned goes if over.
        if items.count - pinnedCount > Self.limit, let oldest = items.lastIndex(where: { !$0.isPinned }) {
            items.remove(at: oldest)
        }
        return true
    }

    /// Whether the item at `index` can be pinned now (it is not, and fewer than
    /// `maximumPinned` are).
    public func canPin(at index: Int) -> Bool {
        items.indices.contains(index) && !items[index].isPinned && pinnedCount < Self.maximumPinned
    }

    /// Forgets the item at `index`.
    public mutating func remove(at index: Int) {
        guard items.indices.contains(index) else { return }
        items.remove(at: index)
    }

    /// Forgets everything not pinned (`keepingPinned`), or everything.
    public mutating func clear(keepingPinned: Bool = true) {
        items.removeAll { !keepingPinned || !$0.isPinned }
    }
}

extension String {
    /// The text without the white space and line breaks at its ends.
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
