import ClavisPrediction
import Testing

/// A name field's bar: names, learned ones first, nothing else.
@Suite struct NameCompletionTests {
    @Test func aNameFieldOffersNamesLearnedOnesFirst() {
        let predictor = TrustedAutocorrectionTests.predictor([("the", 900_000), ("Kate", 5_000), ("Karen", 4_000), ("kale", 9_000), ("Kansas", 3_000)])
        var learned = UserLexicon()
        learned.names = ["Kasia"]
        predictor.userWords = learned
        let names = predictor.suggestions(for: TypingContext(before: "Ka"), count: 3, names: true).map(\.text)
        #expect(names == ["Kasia", "Kate", "Karen"])
        #expect(predictor.suggestions(for: TypingContext(before: ""), count: 3, names: true).isEmpty, "no sentence words")
    }
}
