/// An in-memory text document with a caret, a selection and marked text: the reference
/// `TextDocumentProxy`, used by tests and anything that needs a document model.
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
    /// The provisional (marked) text's range, while there is some.
    public private(set) var markedRange: Range<Int>?
    public var traits: TextInputTraits {
        didSet { onDocumentChange?(.traits) }
    }
    public var onDocumentChange: ((DocumentChange) -> Void)?

    public init(text: String = "", caret: Int? = nil, traits: TextInputTraits = TextInputTraits()) {
        self.text = text
        let position = min(max(caret ?? text.count, 0), text.count)
        self.selection = position..<position
        self.traits = traits
    }

    /// The caret position (the selection's start).
    public var caret: Int { selection.lowerBound }

    /// Selects `range`, clamped into the text.
    public func select(_ range: Range<Int>) {
        selection = clamp(range)
    }

    public var documentContextBeforeInput: String? { String(text.prefix(selection.lowerBound)) }
    public var documentContextAfterInput: String? { String(text.dropFirst(selection.upperBound)) }
    public var selectedText: String? {
        selection.isEmpty ? nil : String(text.dropFirst(selection.lowerBound).prefix(selection.count))
    }
    public var hasText: Bool { !text.isEmpty }

    public func insertText(_ inserted: String) {
        replace(markedRange ?? selection, with: inserted)
        markedRange = nil
    }

    public func deleteBackward() {
        if let marked = markedRange, !marked.isEmpty {
            // Inside marked text (an input method's composition) backspace shortens it.
            let shortened = marked.lowerBound..<(marked.upperBound - 1)
            replace(marked, with: String(text.dropFirst(marked.lowerBound).prefix(shortened.count)))
            markedRange = shortened.isEmpty ? nil : shortened
            return
        }
        markedRange = nil
        var range = selection
        if range.isEmpty {
            guard range.lowerBound > 0 else { return }
            range = (range.lowerBound - 1)..<range.lowerBound
        }
        replace(range, with: "")
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        let start = offset < 0 ? selection.lowerBound : selection.upperBound
        let caret = min(max(start + offset, 0), text.count)
        selection = caret..<caret
    }

    public func setMarkedText(_ marked: String, selectedRange: Range<Int>) {
        let range = markedRange ?? selection
        replace(range, with: marked)
        let start = range.lowerBound
        markedRange = marked.isEmpty ? nil : start..<(start + marked.count)
        let inner = clamp(selectedRange, within: marked.count)
        selection = (start + inner.lowerBound)..<(start + inner.upperBound)
    }

    public func unmarkText() {
        markedRange = nil
    }

    /// Replaces a range with text, leaving the caret after it.
    private func replace(_ range: Range<Int>, with inserted: String) {
        let before = text.prefix(range.lowerBound)
        let after = text.dropFirst(range.upperBound)
        let joined = before + inserted + after
        // Characters can merge across the seam ("e" + combining accent), so the caret is
        // measured from the end, which the insertion does not change.
        let caret = joined.count - after.count
        text = String(joined)
        selection = caret..<caret
    }

    private func clamp(_ range: Range<Int>, within count: Int? = nil) -> Range<Int> {
        let limit = count ?? text.count
        let lower = min(max(range.lowerBound, 0), limit)
        let upper = min(max(range.upperBound, lower), limit)
        return lower..<upper
    }
}
