import ClavisPrediction
import Testing

@Suite struct WordFoldingTests {
    @Test func foldingLowersAndDropsApostrophes() {
        #expect(WordFolding.fold("Don't") == Array("dont".utf16))
        #expect(WordFolding.fold("it\u{2019}s") == Array("its".utf16))
        #expect(WordFolding.fold("Straße") == Array("straße".utf16))
    }

    @Test func accentsHaveABase() {
        #expect(WordFolding.base(of: "ü".utf16.first!) == "u".utf16.first!)
        #expect(WordFolding.base(of: "é".utf16.first!) == "e".utf16.first!)
        #expect(WordFolding.base(of: "q".utf16.first!) == "q".utf16.first!)
    }

    /// Every letter the issue of accents left out names, and the Greek tonos and Russian ё.
    @Test(arguments: [
        ("ęéèëě", "e"), ("ąáäâ", "a"), ("żźž", "z"), ("śšşș", "s"), ("ł", "l"), ("óöőø", "o"), ("üůú", "u"),
        ("ćčç", "c"), ("ńñň", "n"), ("ıí", "i"), ("ğ", "g"), ("ř", "r"), ("ţțť", "t"), ("ё", "е"),
        ("ά", "α"), ("έ", "ε"), ("ή", "η"), ("ίϊΐ", "ι"), ("ό", "ο"), ("ύϋΰ", "υ"), ("ώ", "ω"),
    ])
    func aLetterTypedWithoutItsAccentStandsForIt(accented: String, base: String) {
        for letter in accented.unicodeScalars {
            #expect(WordFolding.base(of: UInt16(letter.value)) == base.utf16.first!, "\(letter)")
        }
    }

    @Test func strippingAccentsTypesWhatAUSKeyboardWould() {
        #expect(WordFolding.strippingAccents("żółw") == "zolw")
        #expect(WordFolding.strippingAccents("Żółw") == "Zolw")
        #expect(WordFolding.strippingAccents("Straße") == "Strasse")
        #expect(WordFolding.strippingAccents("teşekkürler") == "tesekkurler")
        #expect(WordFolding.strippingAccents("ещё") == "еще")
        #expect(WordFolding.strippingAccents("καλημέρα") == "καλημερα")
        #expect(WordFolding.strippingAccents("hello") == "hello")
        #expect(WordFolding.strippingAccents("日本語") == "日本語")
    }

    @Test(arguments: [
        ("helo", "hello", "hello"), ("Helo", "hello", "Hello"), ("HELO", "hello", "HELLO"),
        ("lon", "London", "London"), ("i", "I", "I"), ("", "word", "word"),
    ])
    func theTypedCaseCarriesOver(typed: String, word: String, expected: String) {
        #expect(WordFolding.matchCase(of: typed, to: word) == expected)
    }
}

/// Hangul folds to the 2-set keys that type it, so the syllable still open is a prefix of
/// every word its letters begin.
@Suite struct WordFoldingHangulTests {
    @Test func syllablesFoldToTheirKeys() {
        #expect(WordFolding.fold("한국") == WordFolding.fold("ㅎㅏㄴㄱㅜㄱ"))
        #expect(WordFolding.fold("닭") == Array("ㄷㅏㄹㄱ".utf16))
    }

    @Test func anOpenSyllableIsAPrefixOfTheWordsItsLettersBegin() {
        #expect(WordFolding.fold("하나").starts(with: WordFolding.fold("한")))
        #expect(WordFolding.fold("한국").starts(with: WordFolding.fold("한")))
        #expect(!WordFolding.fold("할").starts(with: WordFolding.fold("한")))
        #expect(WordFolding.fold("사람들").starts(with: WordFolding.fold("사람ㄷ")))
    }

    @Test func otherScriptsAreAsBefore() {
        #expect(WordFolding.fold("Don't") == Array("dont".utf16))
        #expect(WordFolding.fold("日本") == Array("日本".utf16))
    }
}
