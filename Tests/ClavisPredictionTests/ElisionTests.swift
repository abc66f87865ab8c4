@testable import ClavisPrediction
import TestSupport
import Testing

@Suite struct ElisionTests {
    @Test func anElidedArticleIsSplitFromTheWordBegunAfterIt() {
        #expect(Elision.split("l'uo", language: "it")! == ("l'", "uo"))
        #expect(Elision.split("Dell\u{2019}an", language: "it")! == ("Dell\u{2019}", "an"))
        #expect(Elision.split("qu'il", language: "fr")! == ("qu'", "il"))
        #expect(Elision.split("don't", language: "en") == nil, "English contracts, it does not elide")
        #expect(Elision.split("xyz'ab", language: "fr") == nil, "not an elision of the language's")
        #expect(Elision.split("uomo", language: "it") == nil)
    }

    @Test func theWordAfterAnElisionIsCompletedJoinedToIt() throws {
        var builder = LexiconBuilder()
        for (word, count) in [("uomo", 5_000), ("uomini", 3_000), ("luogo", 4_000), ("anno", 9_000), ("il", 90_000)] {
            builder.add(word: word, count: count)
        }
        let italian = try Lexicon(bytes: builder.build(), origin: "test-it")
        let predictor = TextPredictor(lexicons: [italian], languages: ["it"])
        let texts = predictor.suggestions(for: TypingContext(before: "e l'uo"), count: 3).map(\.text)
        #expect(texts.first == "l'uomo" && texts.contains("l'uomini"), "\(texts)")
        #expect(TextPredictor(lexicons: [italian]).suggestions(for: TypingContext(before: "e l'uo"), count: 3).map(\.text).allSatisfy { !$0.hasPrefix("l'") },
                "languages not named: no elisions")
    }
}
