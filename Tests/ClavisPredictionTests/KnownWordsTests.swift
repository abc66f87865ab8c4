import ClavisPrediction
import Testing

@Suite struct KnownWordsTests {
    static func make(_ words: [String]) throws -> KnownWords {
        try KnownWords(bytes: KnownWords.header + Array((words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { $0 + "\n" }.joined()).utf8))
    }

    @Test func findsEveryWordItHoldsAndNoOther() throws {
        let words = ["Caret", "London", "NASA", "a", "caret", "quaff", "zeugma", "żółw", "über"]
        let known = try Self.make(words)
        for word in words { #expect(known.contains(word), "\(word)") }
        for word in ["", "b", "care", "carets", "london", "zolw", "zeugmas", "ü", "caret\n"] { #expect(!known.contains(word), "\(word)") }
    }

    @Test func acceptsTheCasesADictionaryAllows() throws {
        let known = try Self.make(["London", "NASA", "caret"])
        #expect(known.accepts("Caret"), "a capital at a sentence's start")
        #expect(known.accepts("CARET"), "all capitals")
        #expect(known.accepts("LONDON"))
        #expect(!known.accepts("london"), "a name in lowercase is not the name")
        #expect(!known.accepts("Nasa") && !known.accepts("nasa"))
        #expect(known.accepts("NASA"))
    }

    @Test func accentedFormsAreFoundWithoutTryingEveryCombination() throws {
        let known = try Self.make(["Gefühl", "Straße", "rozterka", "rozterkę", "żółw", "ёлка", "καλημέρα", "zolwa"])
        #expect(known.accentedForms(of: "rozterke") == ["rozterkę"])
        #expect(known.accentedForms(of: "zolw") == ["żółw"])
        #expect(known.accentedForms(of: "gefuhl") == ["Gefühl"], "a noun's capital")
        #expect(known.accentedForms(of: "strasse") == ["Straße"])
        #expect(known.accentedForms(of: "елка") == ["ёлка"])
        #expect(known.accentedForms(of: "καλημερα") == ["καλημέρα"])
        #expect(known.accentedForms(of: "zzz").isEmpty)
        #expect(known.accentedForms(of: "").isEmpty)
    }

    @Test func aFileWithoutItsHeaderIsRefusedNamingIt() {
        #expect(throws: LexiconError.corrupt(path: "x.known", reason: "no CLAVISKW 1 header (a known-words file is a header line, then one word a line)")) {
            try KnownWords(bytes: Array("caret\nquaff\n".utf8), origin: "x.known")
        }
        #expect(throws: LexiconError.self) { try KnownWords(bytes: [], origin: "x.known") }
    }

    /// A damaged or hand-edited file: lookups end and find nothing wrong, whatever the order.
    @Test func anUnsortedFileStillAnswers() throws {
        let known = try KnownWords(bytes: KnownWords.header + Array("zeugma\n\n\ncaret\nquaff".utf8))
        for word in ["zeugma", "caret", "quaff", "", "x"] { _ = known.contains(word) }
        #expect(try KnownWords(bytes: KnownWords.header).contains("caret") == false)
    }
}
