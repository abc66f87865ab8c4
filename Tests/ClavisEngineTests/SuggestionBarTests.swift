import ClavisEngine
import ClavisText
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

    @Test func missingSuggestionsLeaveEmptySlots() {
        let one = SuggestionBar(ranked: Array(ranked.prefix(1)), typed: "", typedIsKnown: true)
        #expect(one.slots.map { $0?.text } == [nil, "hello", nil])
        #expect(one.label(ofSlot: 0) == "")
        #expect(one.label(ofSlot: 7) == "")
        #expect(SuggestionBar.empty.slots.allSatisfy { $0 == nil })
    }
}

@Suite struct SuggestionBarHighlightTests {
    @Test func anEmptyMiddleSlotIsNeverHighlighted() {
        let foreign = SuggestionBar(ranked: [], typed: "日本語", typedIsKnown: false)
        #expect(foreign.label(ofSlot: 0) == "\u{201C}日本語\u{201D}")
        #expect(foreign.highlighted == nil)
        #expect(SuggestionBar.empty.highlighted == nil)
        #expect(SuggestionBar(ranked: [Suggestion(text: "the", kind: .prediction)], typed: "", typedIsKnown: true).highlighted == 1)
    }
}
