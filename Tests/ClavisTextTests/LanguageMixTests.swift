import ClavisText
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite struct LanguageMixTests {
    let english: Set = ["i", "have", "no", "time", "in", "so"]
    let german: Set = ["ich", "habe", "keine", "zeit", "in", "so"]

    func shares(_ words: [String]) -> [Double] {
        LanguageMix.weights(recent: words, languages: 2) { word, language in
            (language == 0 ? english : german).contains(word.lowercased())
        }.map { pow(10, $0) }
    }

    @Test func withoutWordsOnlyOneLanguageKnowsEveryLanguageIsAsLikely() {
        #expect(shares([]).map { ($0 * 100).rounded() } == [50, 50])
        #expect(shares(["in", "so", "zebra"]).map { ($0 * 100).rounded() } == [50, 50], "shared and unknown words say nothing")
    }

    @Test func wordsOnlyOneLanguageKnowsMakeItTheLikelyOne() {
        let german = shares(["ich", "habe", "keine"])
        #expect(german[1] > 0.8)
        #expect(abs(german.reduce(0, +) - 1) < 1e-9, "shares of one whole")
        #expect(shares(["I", "have", "no"])[0] > 0.8)
    }

    @Test func theLatestWordsCountMost() {
        // Two English words, then two German ones: German leads.
        let switched = shares(["I", "have", "ich", "habe"])
        #expect(switched[1] > switched[0])
    }

    @Test func oneLanguageWeighsNothing() {
        #expect(LanguageMix.weights(recent: ["ich"], languages: 1) { _, _ in true } == [0])
    }
}
