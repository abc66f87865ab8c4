import ClavisText
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

    @Test(arguments: [
        ("helo", "hello", "hello"), ("Helo", "hello", "Hello"), ("HELO", "hello", "HELLO"),
        ("lon", "London", "London"), ("i", "I", "I"), ("", "word", "word"),
    ])
    func theTypedCaseCarriesOver(typed: String, word: String, expected: String) {
        #expect(WordFolding.matchCase(of: typed, to: word) == expected)
    }
}
