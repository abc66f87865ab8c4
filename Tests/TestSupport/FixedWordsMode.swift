import ClavisEngine
import ClavisLayout
import ClavisPrediction

/// An input mode whose bar always offers the same words, for tests of the keys and the bar
/// without a lexicon: a slot's word replaces the word before the caret, then a space.
///
///     controller.mode = FixedWordsMode(["hello", "help", "hell"])
@MainActor
public final class FixedWordsMode: InputMode {
    public let bar: SuggestionBar
    /// The slots chosen, in order.
    public private(set) var chosen: [Int] = []

    public init(_ words: [String]) {
        bar = SuggestionBar(slots: words.map { Suggestion(text: $0, kind: .completion) })
    }

    public func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping {
        .passed
    }

    public func choose(slot index: Int, cased: (String) -> String, in proxy: any TextDocumentProxy) {
        guard bar.slots.indices.contains(index), let word = bar.slots[index].map({ cased($0.text) }) else { return }
        chosen.append(index)
        let partial = (proxy.documentContextBeforeInput ?? "").reversed().prefix { $0.isLetter }
        for _ in partial { proxy.deleteBackward() }
        proxy.insertText(word + " ")
    }
}
