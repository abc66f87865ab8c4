/// Where a composition shows while it is typed, the choice every composing mode (Japanese's
/// kana, Korean's syllables) makes the same way: as marked text in the field where the field
/// can show it (the demo's entry, an input method's preedit), else on the mode's bar, with
/// only what is committed typed into the field (an X11 application reached with key presses,
/// where marked text would be typed and deleted again at every letter).
///
///     var marked = MarkedComposition()
///     if !marked.show("한", in: proxy) { bar = [composing "한"] }   // the field or the bar
///     marked.commit("한", in: proxy)                                // ordinary text either way
@MainActor
public struct MarkedComposition: Sendable {
    /// Whether the composition shown last is in the field (else on the bar).
    public private(set) var isInField = true

    public init() {}

    /// Shows `text` as the composition, `selected` highlighted (the caret at its end when
    /// `nil`); `true` when the field shows it, `false` when the mode's bar must.
    @discardableResult
    public mutating func show(_ text: String, selected: Range<Int>? = nil, in proxy: any TextDocumentProxy) -> Bool {
        isInField = proxy.showsMarkedText
        if isInField { proxy.setMarkedText(text, selectedRange: selected ?? text.count..<text.count) }
        return isInField
    }

    /// Ends the composition with `text` as ordinary text in its place.
    public mutating func commit(_ text: String, in proxy: any TextDocumentProxy) {
        if proxy.showsMarkedText {
            proxy.setMarkedText(text, selectedRange: text.count..<text.count)
            proxy.unmarkText()
        } else {
            proxy.insertText(text)
        }
    }

    /// Ends the composition with nothing in its place (the marked text goes).
    public mutating func clear(in proxy: any TextDocumentProxy) {
        guard proxy.showsMarkedText else { return }
        proxy.setMarkedText("", selectedRange: 0..<0)
        proxy.unmarkText()
    }
}
