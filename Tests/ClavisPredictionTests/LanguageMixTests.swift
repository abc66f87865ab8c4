import ClavisPrediction
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite struct LanguageMixTests {
    let english = ["i": 0.01, "have": 0.005, "no": 0.002, "time": 0.001, "in": 0.02, "so": 0.003, "de": 1e-7]
    let german = ["ich": 0.01, "habe": 0.004, "keine": 0.002, "zeit": 0.001, "in": 0.02, "so": 0.003]

    func shares(_ words: [String]) -> [Double] {
        LanguageMix.weights(recent: words, languages: 2) { word, language in
            (language == 0 ? english : german)[word.lowercased()] ?? 0
        }.map { pow(10, $0) }
    }

    @Test func withoutWordsOnlyOneLanguageKnowsEveryLanguageIsAsLikely() {
        #expect(shares([]).map { ($0 * 100).rounded() } == [50, 50])
        #expect(shares(["in", "so", "zebra"]).map { ($0 * 100).rounded() } == [50, 50], "words as common in both, and unknown ones, say nothing")
    }

    @Test func wordsOnlyOneLanguageKnowsMakeItTheLikelyOne() {
        let german = shares(["ich", "habe", "keine"])
        #expect(german[1] > 0.8)
        #expect(abs(german.reduce(0, +) - 1) < 1e-9, "shares of one whole")
        #expect(shares(["I", "have", "no"])[0] > 0.8)
    }

    @Test func aWordBothKnowVotesForTheLanguageItIsCommonIn() {
        let spanishLeaning = LanguageMix.weights(recent: ["de"], languages: 2) { word, language in
            language == 0 ? 1e-7 : 0.03   // English lists "de", rarely; the other language types it all the time
        }.map { pow(10, $0) }
        #expect(spanishLeaning[1] > 0.9)
    }

    @Test func theLatestWordsCountMost() {
        // Two English words, then two German ones: German leads.
        let switched = shares(["I", "have", "ich", "habe"])
        #expect(switched[1] > switched[0])
    }

    @Test func oneLanguageWeighsNothing() {
        #expect(LanguageMix.weights(recent: ["ich"], languages: 1) { _, _ in 1 } == [0])
    }
}
