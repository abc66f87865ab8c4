import ClavisPrediction
import TestSupport
import Testing

@Suite struct LexiconLettersTests {
    @Test func lettersAreWeightedByHowOftenTheirWordsAreUsed() throws {
        let frequencies = TestLexicon.make().letterFrequencies()
        let shares = Dictionary(frequencies.map { ($0.letter, $0.share) }, uniquingKeysWith: { a, _ in a })
        #expect(abs(frequencies.map(\.share).reduce(0, +) - 1) < 1e-9)
        #expect(frequencies.map(\.share) == frequencies.map(\.share).sorted(by: >))
        #expect(frequencies.first?.letter == "t", "'the', 'to', 'that' make t the commonest here")
        #expect((shares["t"] ?? 0) > (shares["q"] ?? 1), "t's words are used far more than 'quick'")
        #expect(shares["'"] == nil && shares["I"] == nil, "letters only, lowercased")
    }

    /// Korean's letters are the 2-set keys its syllables are typed with, as the scanning
    /// keyboard needs: a key per jamo, not per syllable.
    @Test func hangulCountsAsTheKeysThatTypeIt() throws {
        var builder = LexiconBuilder()
        builder.add(word: "한국", count: 10)
        builder.add(word: "닭", count: 5)
        let frequencies = try Lexicon(bytes: builder.build(), origin: "ko").letterFrequencies()
        #expect(Set(frequencies.map(\.letter)) == ["ㅎ", "ㅏ", "ㄴ", "ㄱ", "ㅜ", "ㄷ", "ㄹ"])
        #expect(frequencies.first?.letter == "ㄱ", "ㄱ is typed three times: twice in 한국, once in 닭")
    }
}
