import ClavisEngine
import ClavisPrediction

extension SuggestionSession {
    /// Types a swiped word as phones do: a space before it when the caret follows a word, a
    /// space after it (which a punctuation mark typed next takes), and the other candidates
    /// in the bar until the next key, where tapping one replaces the word and Backspace
    /// deletes it whole. `cased` applies the field's capitals to any of the words.
    ///
    ///     session.typeSwiped(["hello", "hell", "help"], cased: { $0 }, in: proxy)   // "hello "
    public func typeSwiped(_ candidates: [String], cased: (String) -> String, in proxy: any TextDocumentProxy) {
        guard let best = candidates.first else { return }
        lastCorrection = nil
        let before = proxy.suggestionContext ?? ""
        if let last = before.last, WordFolding.isWordCharacter(last) || last.isNumber { proxy.insertText(" ") }
        let word = cased(best)
        proxy.insertText(word + " ")
        swiped = Swiped(word: word, alternatives: candidates.dropFirst().map(cased))
        spaceAfterChoice = true
    }

    /// The bar right after a swipe: the other candidates (`nil` when no swiped word ends the
    /// text before the caret any more).
    func swipedBar(before: String) -> SuggestionBar? {
        guard let swiped, before.hasSuffix(swiped.word + " ") else {
            self.swiped = nil
            return nil
        }
        let slots = swiped.alternatives.prefix(SuggestionBar.slotCount).map { Suggestion(text: $0, kind: .correction) }
        return SuggestionBar(slots: slots + Array(repeating: nil, count: SuggestionBar.slotCount - slots.count))
    }

    /// Replaces the swiped word with the alternative in `slot`; false when no swipe is there.
    func replaceSwiped(slot index: Int, in proxy: any TextDocumentProxy) -> Bool {
        guard let swiped, (proxy.suggestionContext ?? "").hasSuffix(swiped.word + " "),
              swiped.alternatives.indices.contains(index) else { return false }
        for _ in 0..<(swiped.word.count + 1) { proxy.deleteBackward() }
        let replacement = swiped.alternatives[index]
        proxy.insertText(replacement + " ")
        var alternatives = swiped.alternatives
        alternatives[index] = swiped.word
        self.swiped = Swiped(word: replacement, alternatives: alternatives)
        spaceAfterChoice = true
        return true
    }

    /// Backspace right after a swipe deletes the word and its space; false otherwise.
    func deleteSwiped(in proxy: any TextDocumentProxy) -> Bool {
        guard let swiped else { return false }
        self.swiped = nil
        guard (proxy.suggestionContext ?? "").hasSuffix(swiped.word + " ") else { return false }
        for _ in 0..<(swiped.word.count + 1) { proxy.deleteBackward() }
        return true
    }

    /// A word typed by a swipe and the candidates it beat.
    struct Swiped {
        var word: String
        var alternatives: [String]
    }
}
