import ClavisPrediction
import TestSupport
import Testing

@Suite struct TextPredictorTests {
    let predictor = TestLexicon.predictor()

    func texts(_ before: String, count: Int = 3) -> [String] {
        predictor.suggestions(for: TypingContext(before: before), count: count).map(\.text)
    }

    @Test func completionsAreRankedByFrequency() {
        // Mid-sentence after a word with no recorded followers: frequency alone.
        #expect(texts("zebra hel") == ["help", "held", "hello"])
        #expect(predictor.suggestions(for: TypingContext(before: "zebra hel"), count: 1).first?.kind == .completion)
        // At a sentence start, "hello" has been seen: it moves up.
        #expect(texts("hel").first == "hello")
    }

    @Test func contextReordersCompletions() {
        // Alone, "the" leads "t"; after "see you", "tomorrow" does.
        #expect(texts("t").first == "the")
        #expect(texts("see you t").first == "tomorrow")
    }

    @Test func afterASpaceTheNextWordIsPredicted() {
        let suggestions = predictor.suggestions(for: TypingContext(before: "the quick "), count: 3)
        #expect(suggestions.first == Suggestion(text: "brown", kind: .prediction))
        #expect(texts("").first == "The")   // a sentence start is capitalised
    }

    @Test func noWordIsPredictedRightAfterItself() {
        let top = texts("zebra ", count: 8)
        #expect(top.contains("the"), "the most frequent word is predicted after another")
        #expect(!texts("the ", count: 8).contains("the"))
        #expect(!texts("The ", count: 8).contains { $0.lowercased() == "the" }, "whatever its case")
        #expect(texts("the he", count: 8).contains("help"), "completions are not affected")
    }

    @Test func correctionsCompeteWithCompletions() {
        let suggestions = predictor.suggestions(for: TypingContext(before: "helo"), count: 3)
        #expect(suggestions.first == Suggestion(text: "hello", kind: .correction))
    }

    @Test func theTypedCaseIsKept() {
        #expect(texts("zebra Hel").first == "Help")
        #expect(texts("zebra HEL").first == "HELP")
        #expect(texts("lon").first == "London")
    }

    @Test(arguments: [
        ("helo", "hello"), ("Helo", "Hello"), ("dont", "don't"), ("i", "I"), ("london", "London"), ("teh", "the"),
    ])
    func autocorrectsConfidentFixes(typed: String, expected: String) {
        #expect(predictor.autocorrection(for: typed, context: TypingContext(before: "")) == expected)
    }

    @Test(arguments: ["hello", "Hello", "its", "it's", "the", "xylophone", "q", "42"])
    func leavesKnownOrHopelessWordsAlone(typed: String) {
        #expect(predictor.autocorrection(for: typed, context: TypingContext(before: "")) == nil)
    }

    @Test func learnedWordsAndNamesAreKnownAndOffered() {
        let predictor = TestLexicon.predictor()
        #expect(predictor.autocorrection(for: "Heloise", context: TypingContext(before: "")) == nil)
        #expect(predictor.autocorrection(for: "helos", context: TypingContext(before: "")) != nil)
        var words = UserLexicon()
        words.names = ["Helos"]
        words.learn(word: "Clavis", after: "love")
        predictor.userWords = words
        #expect(predictor.autocorrection(for: "Helos", context: TypingContext(before: "")) == nil)
        #expect(predictor.isKnown("Clavis"))
        #expect(predictor.suggestions(for: TypingContext(before: "Cla"), count: 3).map(\.text).contains("Clavis"))
        #expect(predictor.suggestions(for: TypingContext(before: "I love "), count: 3).map(\.text).contains("Clavis"))
    }
}

/// A keyboard that suggests in English and German at once.
@Suite struct TwoLanguagePredictorTests {
    let both = TextPredictor(lexicons: [TestLexicon.make(), TestLexicon.makeGerman()])

    func texts(_ before: String, count: Int = 3) -> [String] {
        both.suggestions(for: TypingContext(before: before), count: count).map(\.text)
    }

    @Test func everyLanguagesWordsAreOffered() {
        #expect(texts("zebra hal").contains("hallo"), "German completions on the English keyboard")
        #expect(texts("zebra hel").contains("help"), "and English ones")
        #expect(both.lexicons.count == 2 && both.lexicon === both.lexicons[0])
    }

    @Test func theLanguageJustTypedLeads() {
        #expect(texts("ich habe keine hel").first == "helfen", "after German words, German first")
        #expect(texts("you will see I will hel").first == "help", "after English words, English first")
        #expect(texts("ich habe keine ").first == "Zeit", "predictions from the language's own sequences")
    }

    @Test func aWordRightInEitherLanguageIsNeverCorrected() {
        #expect(both.isKnown("hallo") && both.isKnown("hello"))
        #expect(both.autocorrection(for: "hallo", context: TypingContext(before: "I will see you hallo")) == nil)
        #expect(both.autocorrection(for: "Welt", context: TypingContext(before: "hello Welt")) == nil)
        #expect(TestLexicon.predictor().autocorrection(for: "hallo", context: TypingContext(before: "hallo")) != nil,
                "English alone corrects it")
    }

    @Test func misspellingsAreCorrectedInTheLanguageBeingTyped() {
        #expect(both.autocorrection(for: "helfem", context: TypingContext(before: "ich habe keine Zeit zu helfem")) == "helfen")
        #expect(both.autocorrection(for: "ubar", context: TypingContext(before: "ich habe ubar")) == "über")
        #expect(both.autocorrection(for: "tomorow", context: TypingContext(before: "see you tomorow")) == "tomorrow")
    }

    @Test func aKeptWordIsLearnedInTheLanguageItWasTypedIn() {
        let named = TextPredictor(lexicons: [TestLexicon.make(), TestLexicon.makeGerman()], languages: ["en", "de"])
        #expect(named.language(ofKept: "hallo", after: TypingContext(before: "you will see ")) == "de", "the one language that knows it")
        #expect(named.language(ofKept: "Kowalski", after: TypingContext(before: "ich habe keine ")) == "de", "a new word: the language being typed")
        #expect(named.language(ofKept: "Kowalski", after: TypingContext(before: "you will see ")) == "en")
        #expect(both.language(ofKept: "hallo", after: TypingContext(before: "")) == nil, "languages not named")
        var learned = UserLexicon()
        learned.learn(word: "Kowalczyk", language: "pl")
        learned.learn(word: "Kowalski", language: "de")
        named.userWords = learned
        #expect(texts("zebra kowal", predictor: named) == ["Kowalski"], "a Polish word is not offered in English and German")
    }

    func texts(_ before: String, predictor: TextPredictor) -> [String] {
        predictor.suggestions(for: TypingContext(before: before), count: 3).map(\.text)
    }

    @Test func aWordBothLanguagesHoldIsOneSuggestion() {
        let shared = texts("zebra i", count: 8)
        #expect(shared.filter { $0 == "in" }.count == 1)
    }
}
