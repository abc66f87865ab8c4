import ClavisPrediction
import Testing

@Suite struct TypingContextTests {
    @Test(arguments: [
        ("See you tomor", ["See", "you"], false, "tomor"),
        ("", [], true, ""),
        ("Done. ", [], true, ""),
        ("Done. He", [], true, "He"),
        ("well, I", [], false, "I"),
        ("Hi there you", ["Hi", "there"], false, "you"),
        ("I don't", ["I"], true, "don't"),
        ("hello\nwor", [], true, "wor"),
        ("one two three ", ["two", "three"], false, ""),
        ("東京に行きました", [], false, ""),
        ("東京に行きましたNe", [], false, "Ne"),
        ("行きました。", [], true, ""),
    ])
    func splitsTheTextBeforeTheCaret(text: String, previous: [String], atStart: Bool, partial: String) {
        let context = TypingContext(before: text)
        #expect(context.previous == previous)
        #expect(context.atSentenceStart == atStart)
        #expect(context.partial == partial)
    }
}

@Suite struct TypingContextRecentTests {
    @Test func theLastWordsAreKeptAcrossSentences() {
        let context = TypingContext(before: "Ich habe Zeit. Und du? Ja, ich ko")
        #expect(context.previous == ["ich"])
        #expect(context.recent == ["habe", "Zeit", "Und", "du", "Ja", "ich"], "at most six, across sentence ends, without the partial word")
        #expect(TypingContext(before: "one two three four five six seven eight ").recent.count == TypingContext.recentCount)
        #expect(TypingContext(before: "").recent.isEmpty)
    }
}

@Suite struct TypingContextEarlierTests {
    @Test func theWordsBeforeAreKeptForTheCache() {
        let context = TypingContext(before: "Frodo took the ring. Frodo ran, and the ri")
        #expect(context.earlier == ["Frodo", "took", "the", "ring", "Frodo", "ran", "and", "the"])
        let long = String(repeating: "word ", count: 200)
        #expect(TypingContext(before: long).earlier.count == TypingContext.earlierCount)
    }
}
