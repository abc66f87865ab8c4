import ClavisEngine
import ClavisPrediction
import Testing

@Suite struct SuggestionBarTests {
    let ranked = ["hello", "help", "held"].map { Suggestion(text: $0, kind: .correction) }

    @Test func theBestIsInTheMiddleAndTheNextTwoBesideIt() {
        let bar = SuggestionBar(ranked: ranked, typed: "hel", typedIsKnown: true)
        #expect(bar.slots.map { $0?.text } == ["help", "hello", "held"])
        #expect(bar.label(ofSlot: 1) == "hello")
    }

    @Test func unknownLettersTakeTheLeftSlotInQuotes() {
        let bar = SuggestionBar(ranked: ranked, typed: "helo", typedIsKnown: false)
        #expect(bar.slots.map { $0?.text } == ["helo", "hello", "help"])
        #expect(bar.slots[0]?.kind == .verbatim)
        #expect(bar.label(ofSlot: 0) == "\u{201C}helo\u{201D}")
    }

    /// The highlight is what Space will type: the correction, in the middle, whatever ranks
    /// first (a completion of the letters, "caretaker", used to be highlighted while Space
    /// typed "care").
    @Test func theCorrectionSpaceMakesIsTheHighlightedSlot() {
        let ranked = [Suggestion(text: "caretaker", kind: .completion), Suggestion(text: "career", kind: .correction),
                      Suggestion(text: "care", kind: .correction)]
        let bar = SuggestionBar(ranked: ranked, typed: "caret", typedIsKnown: false, correction: "care")
        #expect(bar.slots.map { $0?.text } == ["caret", "care", "caretaker"])
        #expect(bar.highlighted == 1)
        #expect(bar.correction == "care")
        let notShown = SuggestionBar(ranked: Array(ranked.prefix(2)), typed: "i", typedIsKnown: false, correction: "I")
        #expect(notShown.slots.map { $0?.text } == ["i", "I", "caretaker"], "a correction is shown even when not ranked")
        #expect(notShown.correction == "I")
    }

    @Test func withNoCorrectionNothingIsHighlightedAndSpaceKeepsTheWord() {
        let ranked = [Suggestion(text: "caretaker", kind: .completion), Suggestion(text: "career", kind: .correction)]
        let kept = SuggestionBar(ranked: ranked, typed: "caret", typedIsKnown: false)
        #expect(kept.slots.map { $0?.text } == ["caret", "caretaker", "career"])
        #expect(kept.highlighted == nil)
        #expect(kept.correction == nil)
        #expect(SuggestionBar(ranked: self.ranked, typed: "hel", typedIsKnown: true).highlighted == nil, "completions are offers")
        #expect(SuggestionBar(ranked: self.ranked, typed: "helo", typedIsKnown: false, correction: "helo").highlighted == nil,
                "a correction to the word itself is none")
    }

    @Test func missingSuggestionsLeaveEmptySlots() {
        let one = SuggestionBar(ranked: Array(ranked.prefix(1)), typed: "", typedIsKnown: true)
        #expect(one.slots.map { $0?.text } == [nil, "hello", nil])
        #expect(one.label(ofSlot: 0) == "")
        #expect(one.label(ofSlot: 7) == "")
        #expect(SuggestionBar.empty.slots.allSatisfy { $0 == nil })
    }
}

@Suite struct SuggestionBarHighlightTests {
    @Test func anEmptyOrPredictedMiddleSlotIsNeverHighlighted() {
        let foreign = SuggestionBar(ranked: [], typed: "日本語", typedIsKnown: false)
        #expect(foreign.label(ofSlot: 0) == "\u{201C}日本語\u{201D}")
        #expect(foreign.highlighted == nil)
        #expect(SuggestionBar.empty.highlighted == nil)
        #expect(SuggestionBar(ranked: [Suggestion(text: "the", kind: .prediction)], typed: "", typedIsKnown: true).highlighted == nil,
                "a prediction is an offer: Space types a space")
    }
}
