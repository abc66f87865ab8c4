import ClavisText
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

/// What Space may and may not do to a word (issue 62): never replace a correctly spelled word
/// or a name, and put back the accents people leave out, in every language that has them.
@Suite struct TrustedAutocorrectionTests {
    /// A lexicon of `words` with their counts, and the words its spelling dictionary accepts.
    static func predictor(_ words: [(String, Int)], known: [String] = [], also: [(String, Int)]? = nil) -> TextPredictor {
        func lexicon(_ words: [(String, Int)], known: KnownWords?) -> Lexicon {
            var builder = LexiconBuilder()
            for (word, count) in words { builder.add(word: word, count: count) }
            return try! Lexicon(bytes: builder.build(), knownWords: known)
        }
        let sorted = (known + words.map(\.0)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let knownWords = try! KnownWords(bytes: KnownWords.header + Array(sorted.map { $0 + "\n" }.joined().utf8))
        return TextPredictor(lexicons: [lexicon(words, known: knownWords)] + (also.map { [lexicon($0, known: nil)] } ?? []))
    }

    static func space(_ predictor: TextPredictor, _ before: String) -> String {
        let context = TypingContext(before: before)
        return predictor.autocorrection(for: context.partial, context: context) ?? context.partial
    }

    static let english = [("care", 50_000), ("career", 30_000), ("caretaker", 2_000), ("Asia", 20_000), ("met", 40_000),
                          ("I", 900_000), ("quad", 3_000), ("hello", 5_000)]

    @Test func aCorrectlySpelledRareWordIsLeftAlone() {
        let dictionary = Self.predictor(Self.english, known: ["caret", "quaff", "zeugma", "gnomon"])
        for word in ["caret", "quaff", "zeugma", "gnomon", "Caret"] {
            #expect(Self.space(dictionary, word) == word)
            #expect(dictionary.isCorrectlySpelled(word))
        }
        // Without the dictionary's words "caret" was a misspelling of "care": the case this guards.
        #expect(Self.space(Self.predictor(Self.english), "caret") == "care")
        #expect(Self.space(dictionary, "helo") == "hello", "a misspelling is still corrected")
        #expect(Self.space(dictionary, "i") == "I", "the lexicon's case of the same letters still wins")
    }

    @Test func aCapitalisedUnknownWordWithinASentenceIsAName() {
        let predictor = Self.predictor(Self.english)
        #expect(Self.space(predictor, "I met Kasia") == "Kasia")
        #expect(Self.space(predictor, "I met KASIA") == "KASIA")
        #expect(Self.space(predictor, "I met kasia") == "Asia", "lowercase: a slip like any other")
    }

    @Test func aNameTheAppSuppliedGetsItsCapitalBack() {
        let predictor = Self.predictor(Self.english)
        var learned = UserLexicon()
        learned.names = ["Kasia"]
        predictor.userWords = learned
        #expect(Self.space(predictor, "I met kasia") == "Kasia")
        #expect(Self.space(predictor, "I met Kasia") == "Kasia")
    }

    @Test func aNameFieldOffersNamesLearnedOnesFirst() {
        let predictor = Self.predictor([("the", 900_000), ("Kate", 5_000), ("Karen", 4_000), ("kale", 9_000), ("Kansas", 3_000)])
        var learned = UserLexicon()
        learned.names = ["Kasia"]
        predictor.userWords = learned
        let names = predictor.suggestions(for: TypingContext(before: "Ka"), count: 3, names: true).map(\.text)
        #expect(names == ["Kasia", "Kate", "Karen"])
        #expect(predictor.suggestions(for: TypingContext(before: ""), count: 3, names: true).isEmpty, "no sentence words")
    }

    /// The letters typed without accents, per language: the word only its accented form is.
    @Test(arguments: [
        ("pl", [("żółw", 3_000), ("Zola", 500), ("Zoll", 200), ("zoo", 5_000)], "zolw", "żółw"),
        ("pl", [("proszę", 50_000), ("proszek", 2_000)], "prosze", "proszę"),
        ("pl", [("dziękuję", 40_000), ("dziękuje", 5_000), ("dziękują", 3_000)], "dziekuje", "dziękuję"),
        ("pl", [("dziękuję", 40_000), ("dziękuje", 5_000)], "Dziekuje", "Dziękuję"),
        ("cs", [("děkuji", 20_000), ("dekády", 500)], "dekuji", "děkuji"),
        ("sk", [("ďakujem", 20_000), ("akujem", 1)], "dakujem", "ďakujem"),
        ("de", [("Straße", 30_000), ("Strafe", 9_000)], "strasse", "Straße"),
        ("de", [("über", 500_000), ("aber", 600_000), ("ober", 2_000)], "uber", "über"),
        ("tr", [("teşekkürler", 30_000), ("teşekkür", 20_000)], "tesekkurler", "teşekkürler"),
        ("tr", [("çok", 300_000), ("cop", 100)], "cok", "çok"),
        ("ro", [("mulțumesc", 20_000), ("mulțime", 3_000)], "multumesc", "mulțumesc"),
        ("hu", [("köszönöm", 20_000), ("köszön", 3_000)], "koszonom", "köszönöm"),
        ("fr", [("français", 40_000), ("franchise", 3_000)], "francais", "français"),
        ("es", [("mañana", 30_000), ("manzana", 5_000)], "manana", "mañana"),
        ("pt", [("não", 900_000), ("nado", 2_000)], "nao", "não"),
        ("ru", [("ёлка", 3_000), ("ёлки", 2_000), ("лак", 900)], "елка", "ёлка"),
        ("el", [("καλημέρα", 8_000), ("καλή", 30_000)], "καλημερα", "καλημέρα"),
    ] as [(String, [(String, Int)], String, String)])
    func theAccentsLeftOutArePutBack(language: String, words: [(String, Int)], typed: String, expected: String) {
        #expect(Self.space(Self.predictor(words), typed) == expected, "\(language)")
    }

    /// Both spellings are words: Space keeps what was typed, and the bar offers the other.
    @Test(arguments: [
        ("es", [("esta", 90_000), ("está", 80_000), ("establece", 40_000), ("estado", 60_000), ("estas", 50_000)], "esta", "está"),
        ("de", [("schon", 90_000), ("schön", 40_000), ("Schonung", 3_000), ("Schonmal", 4_000), ("schonen", 3_000)], "schon", "schön"),
        ("ru", [("еще", 50_000), ("ещё", 40_000), ("ещеб", 1)], "еще", "ещё"),
    ] as [(String, [(String, Int)], String, String)])
    func bothSpellingsAreWordsSoTheBarOffersTheOther(language: String, words: [(String, Int)], typed: String, other: String) {
        let predictor = Self.predictor(words)
        #expect(Self.space(predictor, typed) == typed, "\(language)")
        #expect(predictor.suggestions(for: TypingContext(before: typed), count: 3).map(\.text).contains(other), "\(language)")
    }

    @Test func accentsComeBackWithTwoLanguagesOn() {
        let both = Self.predictor([("żółw", 3_000), ("zoo", 5_000)], also: Self.english)
        #expect(Self.space(both, "zolw") == "żółw")
        #expect(Self.space(both, "helo") == "hello")
    }
}
