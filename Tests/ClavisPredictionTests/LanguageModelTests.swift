import ClavisPrediction
import TestSupport
import Testing

@Suite struct LanguageModelTests {
    let lexicon = TestLexicon.make()
    var model: LanguageModel { LanguageModel(lexicon: lexicon) }

    func probability(_ word: String, after text: String) -> Double {
        let contexts = model.contexts(for: TypingContext(before: text))
        return model.probability(of: lexicon.id(of: word)!, in: contexts)
    }

    @Test func aSeenContextRaisesItsFollowers() {
        #expect(probability("tomorrow", after: "see you ") > probability("tomorrow", after: "") * 100)
        #expect(probability("world", after: "hello ") > probability("world", after: "fox "))
    }

    @Test func theTrigramRefinesTheBigram() {
        #expect(probability("tomorrow", after: "I see you ") > probability("tomorrow", after: "the you "))
    }

    @Test func probabilitiesOverTheLexiconSumToOne() {
        for text in ["", "see you ", "hello ", "the quick ", "Zebra "] {
            let contexts = model.contexts(for: TypingContext(before: text))
            let sum = (0..<UInt32(lexicon.wordCount)).reduce(0.0) { $0 + model.probability(of: $1, in: contexts) }
            #expect(abs(sum - 1) < 0.01, "\(text): \(sum)")
        }
    }

    @Test func anUnseenWordKeepsSomeProbability() {
        #expect(probability("helot", after: "see you ") > 0)
    }
}
