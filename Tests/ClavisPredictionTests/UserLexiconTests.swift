import ClavisPrediction
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

    @Test func countsStopAtTheMaximumAndNeverOverflow() {
        var words = UserLexicon()
        words.set(word: "tomorrowland", count: Int.max)
        words.set(pair: .init("you", "tomorrowland"), count: Int.max)
        #expect(words.count(of: "tomorrowland") == UserLexicon.maximumCount)
        words.learn(word: "tomorrowland", after: "you")
        words.learn(pair: .init("you", "tomorrowland"))
        #expect(words.count(of: "tomorrowland") == UserLexicon.maximumCount)
        #expect(words.count(of: "tomorrowland", after: "you") == UserLexicon.maximumCount)
        let after = words.probability(of: "tomorrowland", after: "you")
        let alone = words.probability(of: "tomorrowland", after: nil)
        #expect(after.map { $0 > 0.29 && $0 < 0.3 } == true)
        #expect(alone.map { $0 > 0 && $0 < 2e-3 } == true)
        words.set(word: "negative", count: -5)
        #expect(words.count(of: "negative") == 1)
    }

    @Test func keepingTheMostUsedSaysHowManyWentAndKeepsTheAlphabeticallyFirstOnTies() {
        var words = UserLexicon()
        for (word, count) in [("a", 1), ("b", 1), ("c", 5), ("d", 2)] { words.set(word: word, count: count) }
        words.set(pair: .init("x", "y"), count: 1)
        words.set(pair: .init("x", "z"), count: 3)
        #expect(words.keepMostUsed(words: 3, pairs: 1) == 2)
        #expect(Set(words.words.keys) == ["a", "c", "d"])
        #expect(Array(words.pairs.keys) == [.init("x", "z")])
    }

    @Test func wordsLearnedInALanguageAreOfferedWhereItIsSuggested() {
        var words = UserLexicon()
        words.learn(word: "Grüße", after: "viele", language: "de")
        words.learn(word: "bonjour", language: "fr")
        words.learn(word: "Clavis")
        words.names = ["Ada"]
        let offered = words.only(languages: ["en", "de"])
        #expect(Set(offered.allWords.map(\.word)) == ["Grüße", "Clavis", "Ada"], "not the French word; words of no language and names everywhere")
        #expect(offered.count(of: "Grüße", after: "viele") == 1)
        #expect(words.only(languages: []) == words, "languages not named: every word")
        words.forget(word: "Grüße")
        #expect(words.languages == ["bonjour": "fr"])
    }
}
