import ClavisPrediction
import Testing

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

    /// What the held-out texts taught (clavis-bench autocorrect): each rule, one case.
    @Test func theAccentRulesEdges() {
        let german = Self.predictor([("Gefühl", 30_000), ("Gefühle", 20_000), ("wählen", 40_000), ("Wahlen", 9_000),
                                     ("das", 900_000), ("dass", 300_000), ("in", 900_000)])
        #expect(Self.space(german, "das Gefuhl") == "Gefühl", "a German noun's capital is no name")
        #expect(Self.space(german, "in wahlen") == "wählen", "the likelier of a case fix and an accent")
        #expect(Self.space(german, "daß") == "dass", "the old spelling, as today's")
        let spanish = Self.predictor([("difícil", 40_000), ("Dificil", 10), ("Paúl", 1), ("y", 9_000_000), ("N", 500)])
        #expect(Self.space(spanish, "dificil") == "difícil")
        #expect(Self.space(spanish, "y Paul") == "Paul", "a name keeps no rare word's accent")
        #expect(Self.space(spanish, "y n") == "n", "a lone letter is no initial")
        let polish = Self.predictor([("rozterka", 1), ("i", 900_000)], known: ["rozterkę"])
        #expect(Self.space(polish, "i rozterke") == "rozterkę", "a word only the dictionary holds")
    }

    @Test func anElisionIsKeptAndTheWordAfterItCorrected() {
        var builder = LexiconBuilder()
        for (word, count) in [("adhésion", 3_000), ("idée", 20_000), ("de", 900_000), ("la", 900_000), ("homme", 30_000)] { builder.add(word: word, count: count) }
        let french = TextPredictor(lexicons: [try! Lexicon(bytes: builder.build())], languages: ["fr"])
        #expect(Self.space(french, "d'adhesion") == "d'adhésion")
        #expect(Self.space(french, "L'idee") == "L'idée")
        #expect(Self.space(french, "l'homme") == "l'homme")
        #expect(Self.space(french, "l'Home") == "l'Home", "a name after an elision")
    }

    @Test func accentsComeBackWithTwoLanguagesOn() {
        let both = Self.predictor([("żółw", 3_000), ("zoo", 5_000)], also: Self.english)
        #expect(Self.space(both, "zolw") == "żółw")
        #expect(Self.space(both, "helo") == "hello")
    }
}
