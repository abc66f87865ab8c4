import ClavisJapanese

/// A Japanese composition in the field, as marked text (seed 002's `setMarkedText`): letters
/// typed become kana in place, underlined by the field, with the caret at the end of the
/// composition; Backspace edits inside it; commit makes it ordinary text; cancel removes it.
///
/// The proxy decides how marked text looks (an in-memory `TextDocument` keeps its range, the
/// demo's entries underline it); this session only says what the marked text is.
///
///     let session = CompositionSession()
///     session.type("nihongo", in: proxy)   // proxy shows "にほんご", marked
///     session.commit(in: proxy)            // "にほんご", ordinary text
@MainActor
public final class CompositionSession {
    /// The romaji being composed.
    public private(set) var composer = RomajiComposer()

    public init() {}

    /// Whether a composition is in the field.
    public var isComposing: Bool { !composer.isEmpty }

    /// The reading shown (kana and letters still pending).
    public var reading: String { composer.text }

    /// Adds typed characters to the composition and shows it.
    public func type(_ text: String, in proxy: any TextDocumentProxy) {
        for character in text { composer.type(character) }
        show(in: proxy)
    }

    /// Backspace: removes the last letter or kana of the composition (the composition ends
    /// when nothing is left). Returns `false` when there was no composition to edit, so the
    /// key deletes from the field as usual.
    public func deleteBackward(in proxy: any TextDocumentProxy) -> Bool {
        guard isComposing else { return false }
        composer.deleteBackward()
        if composer.isEmpty {
            proxy.setMarkedText("", selectedRange: 0..<0)
            proxy.unmarkText()
        } else {
            show(in: proxy)
        }
        return true
    }

    /// Makes the composition ordinary text: `replacement` (a conversion) or the reading
    /// itself, a pending "n" as ん.
    public func commit(_ replacement: String? = nil, in proxy: any TextDocumentProxy) {
        guard isComposing else { return }
        let reading = composer.finish()
        let text = replacement ?? reading
        proxy.setMarkedText(text, selectedRange: text.count..<text.count)
        proxy.unmarkText()
    }

    /// Removes the composition from the field.
    public func cancel(in proxy: any TextDocumentProxy) {
        guard isComposing else { return }
        _ = composer.finish()
        proxy.setMarkedText("", selectedRange: 0..<0)
        proxy.unmarkText()
    }

    private func show(in proxy: any TextDocumentProxy) {
        let text = composer.text
        proxy.setMarkedText(text, selectedRange: text.count..<text.count)
    }
}
