import ClavisText
import Testing

@Suite struct UserLexiconTests {
    @Test func wordsAndPairsAreCounted() {
        var words = UserLexicon()
        words.learn(word: "Clavis", after: "love")
        words.learn(word: "Clavis", after: "love")
        words.learn(word: "Clavis")
        #expect(words.count(of: "Clavis") == 3)
        #expect(words.count(of: "Clavis", after: "love") == 2)
        #expect(words.count(of: "Clavis", after: "hate") == 0)
    }

    @Test func namesCountButAreNotLearned() {
        var words = UserLexicon()
        words.names = ["Ada"]
        #expect(words.count(of: "Ada") == 5)
        #expect(words.isEmpty)
        #expect(words.allWords.map(\.word) == ["Ada"])
        words.removeAll()
        #expect(words.count(of: "Ada") == 5, "names come from the app, not from learning")
    }

    @Test func theLeastUsedGoFirstPastTheLimit() {
        var words = UserLexicon()
        words.wordLimit = 10
        for _ in 0..<3 { words.learn(word: "often") }
        for index in 0..<30 { words.learn(word: "once\(index)") }
        #expect(words.words.count <= 10)
        #expect(words.count(of: "often") == 3)
    }

    @Test func aLearnedWordIsLikelierAfterTheWordItFollowedBefore() {
        var user = UserLexicon()
        #expect(user.probability(of: "Clavis", after: nil) == nil)
        user.learn(word: "Clavis", after: "use")
        let alone = user.probability(of: "Clavis", after: nil) ?? 0
        let after = user.probability(of: "Clavis", after: "use") ?? 0
        #expect(alone > 0 && alone < 1e-3, "a fairly common word: \(alone)")
        #expect(after == 0.15, "after the word it followed: a strong guess")
        #expect(user.probability(of: "Clavis", after: "try") == alone)
    }
}
