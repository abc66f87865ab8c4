/// An in-memory text document with a caret and a selection: the reference `TextDocumentProxy`.
///
/// Offsets count Swift `Character`s (extended grapheme clusters), which is what a user sees
/// as one character: deleting backwards over "🇯🇵" removes the whole flag.
///
///     let document = TextDocument(text: "Hi")
///     document.insertText("!")   // "Hi!", caret 3
///     document.deleteBackward()  // "Hi"
@MainActor
public final class TextDocument: TextDocumentProxy {
    /// The whole text.
    public private(set) var text: String
    /// The selected range in characters; empty means a plain caret at `selection.lowerBound`.
    public private(set) var selection: Range<Int>
    public var returnKeyType: ReturnKeyType

    public init(text: String = "", caret: Int? = nil, returnKeyType: ReturnKeyType = .default) {
        self.text = text
        let position = min(max(caret ?? text.count, 0), text.count)
        self.selection = position..<position
        self.returnKeyType = returnKeyType
    }

    /// The caret position (the selection's start).
    public var caret: Int { selection.lowerBound }

    /// Selects `range`, clamped into the text.
    public func select(_ range: Range<Int>) {
        let lower = min(max(range.lowerBound, 0), text.count)
        let upper = min(max(range.upperBound, lower), text.count)
        selection = lower..<upper
    }

    public var documentContextBeforeInput: String? { String(text.prefix(selection.lowerBound)) }
    public var documentContextAfterInput: String? { String(text.dropFirst(selection.upperBound)) }
    public var hasText: Bool { !text.isEmpty }

    public func insertText(_ inserted: String) {
        let before = text.prefix(selection.lowerBound)
        let after = text.dropFirst(selection.upperBound)
        let joined = before + inserted + after
        // Characters can merge across the seam ("e" + combining accent), so the caret is
        // measured from the end, which the insertion does not change.
        let caret = joined.count - after.count
        text = String(joined)
        selection = caret..<caret
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        let start = offset < 0 ? selection.lowerBound : selection.upperBound
        let caret = min(max(start + offset, 0), text.count)
        selection = caret..<caret
    }

    public func deleteBackward() {
        if selection.isEmpty {
            guard selection.lowerBound > 0 else { return }
            selection = (selection.lowerBound - 1)..<selection.lowerBound
        }
        let start = selection.lowerBound
        text = String(text.prefix(start) + text.dropFirst(selection.upperBound))
        selection = start..<start
    }
}
