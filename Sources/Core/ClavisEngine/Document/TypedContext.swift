/// The text before the caret as a proxy believes it, for a document it cannot read at every
/// moment: another application over XTest (read over AT-SPI once typing pauses), a Wayland
/// field (its surrounding text arrives after each commit).
///
/// Between two reads the keyboard's own edits are applied to the copy, so automatic
/// capitals and suggestions see what was just typed; an edit whose effect only the
/// application knows (the caret moved, a shortcut) makes the copy unknown until the next
/// read. Beside it, what the keyboard typed since the caret last moved (`typed`, the last
/// `limit` characters) is the context for suggestions in a field that cannot be read at all.
///
///     var context = TypedContext()
///     context.read("Dear Ann")
///     context.insert(",")      // known: "Dear Ann,"
///     context.caretMoved()     // known: nil until the next read
public struct TypedContext: Equatable, Sendable {
    /// The text before the caret: as last read, with the keyboard's edits since; `nil`
    /// while unknown.
    public private(set) var known: String?
    /// What the keyboard typed since the caret last moved, at most `limit` characters.
    public private(set) var typed = ""
    /// How much of `typed` is kept.
    public let limit: Int

    public init(limit: Int = 200) {
        self.limit = limit
    }

    /// The document's own text before the caret, read now (`nil`: it cannot be read).
    public mutating func read(_ text: String?) {
        known = text
    }

    /// The keyboard typed `text` at the caret.
    public mutating func insert(_ text: String) {
        known? += text
        typed = String((typed + text).suffix(limit))
    }

    /// The keyboard deleted `count` characters before the caret.
    public mutating func deleteBackward(_ count: Int = 1) {
        known = known.map { String($0.dropLast(count)) }
        typed = String(typed.dropLast(count))
    }

    /// The caret moved where only the application knows, or a key did what only it knows:
    /// nothing is known before the caret until the next read, and nothing was typed there.
    public mutating func caretMoved() {
        known = nil
        typed = ""
    }

    /// The focus moved to another field: what was typed belongs to the last one.
    public mutating func fieldChanged(_ text: String?) {
        known = text
        typed = ""
    }
}
