@testable import ClavisPrediction
import TestSupport
import Testing

@Suite struct RecentWordsTests {
    @Test func eachWordCountsByItsLettersWithTheSpellingLastTyped() {
        let recent = RecentWords(["The", "ring", "Frodo", "took", "the", "ring"])
        #expect(recent.total == 6)
        #expect(recent.counts[WordFolding.fold("ring")]?.count == 2)
        #expect(recent.counts[WordFolding.fold("the")]?.text == "the", "not the capital a sentence start gave it")
        #expect(recent.counts[WordFolding.fold("frodo")]?.text == "Frodo")
        #expect(recent.probability(of: WordFolding.fold("ring")) == RecentWords.weight * 2 / 6)
        #expect(recent.probability(of: WordFolding.fold("zebra")) == 0)
        #expect(RecentWords([]).probability(of: WordFolding.fold("ring")) == 0)
    }

    @Test func aNameTypedAMomentAgoIsOfferedAsItIsTypedAgain() {
        let predictor = TestLexicon.predictor()
        let texts = { (before: String) in predictor.suggestions(for: TypingContext(before: before), count: 3).map(\.text) }
        #expect(!texts("zebra Zor").contains("Zorblax"))
        #expect(texts("I met Zorblax today. Then zebra Zor").contains("Zorblax"), "a word no lexicon knows, from the text before")
        #expect(texts("I met Zorblax today. Then zebra zor").contains("Zorblax"), "a capital it was typed with mid-sentence stays")
    }

    @Test func aWordTypedAMomentAgoMovesUp() {
        let predictor = TestLexicon.predictor()
        let plain = predictor.suggestions(for: TypingContext(before: "zebra he"), count: 8).map(\.text)
        let after = predictor.suggestions(for: TypingContext(before: "a hero and a hero and zebra he"), count: 8).map(\.text)
        #expect(plain.firstIndex(of: "hero").map { $0 > 0 } ?? true)
        #expect(after.first == "hero", "\(after)")
    }
}
