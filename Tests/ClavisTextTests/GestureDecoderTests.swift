@testable import ClavisText
import TestSupport
import Testing

@Suite struct GestureDecoderTests {
    /// A phone-like QWERTY grid: keys 60 points wide, rows staggered.
    static let centres: [Character: (x: Double, y: Double)] = {
        var centres: [Character: (x: Double, y: Double)] = [:]
        for (row, (letters, offset)) in [("qwertyuiop", 0.0), ("asdfghjkl", 0.5), ("zxcvbnm", 1.5)].enumerated() {
            for (column, letter) in letters.enumerated() {
                centres[letter] = ((Double(column) + offset) * 60 + 30, Double(row) * 80 + 40)
            }
        }
        return centres
    }()
    let decoder = GestureDecoder(lexicon: TestLexicon.make(), keys: Self.centres.map { (letter: $0.key, x: $0.value.x, y: $0.value.y) },
                                 keyWidth: 60)

    /// The exact path through the keys, sampled densely.
    func exactStroke(_ word: String) -> [GestureDecoder.Point] {
        var strokes = SyntheticStrokes(seed: 7)
        strokes.spread = 0
        return strokes.stroke(for: word, centres: Self.centres, keyWidth: 60)!
    }

    @Test func anExactPathIsItsWordAndRepeatedLettersAreOnePoint() {
        // After a word the lexicon has no sequences for: the unigram counts alone.
        let neutral = TypingContext(before: "so ")
        for word in ["hello", "help", "hell", "world", "quick", "brown", "the", "tomorrow"] {
            #expect(decoder.candidates(for: exactStroke(word), context: neutral, count: 3).first?.lowercased() == word, "\(word)")
        }
    }

    @Test func noisyStrokesStillDecodeAndTheContextDecidesBetweenNeighbours() {
        var strokes = SyntheticStrokes(seed: 3)
        var right = 0
        let words = ["hello", "world", "quick", "brown", "fox", "thanks", "receive", "tomorrow", "then", "work"]
        for word in words {
            let stroke = strokes.stroke(for: word, centres: Self.centres, keyWidth: 60)!
            if decoder.candidates(for: stroke, context: TypingContext(before: "so "), count: 3).first?.lowercased() == word { right += 1 }
        }
        #expect(right >= 9, "\(right) of \(words.count)")
        // "word" and "work" share their path but for the last key's neighbour: a stroke ending
        // between d and … is decided by what came before.
        let stroke = exactStroke("world")
        #expect(decoder.candidates(for: stroke, context: TypingContext(before: "hello "), count: 1) == ["world"])
    }

    @Test func learnedWordsAreSwipeable() {
        var decoder = self.decoder
        #expect(decoder.candidates(for: exactStroke("clavis"), context: TypingContext(before: "so "), count: 3).first != "clavis")
        var user = UserLexicon()
        user.learn(word: "clavis")
        decoder.userWords = user
        #expect(decoder.candidates(for: exactStroke("clavis"), context: TypingContext(before: "so "), count: 3).first == "clavis")
    }

    @Test func aStrokeFarFromEveryWordHasNoCandidatesAndADotHasNone() {
        #expect(decoder.candidates(for: [GestureDecoder.Point(x: 30, y: 40)], context: TypingContext(before: ""), count: 3).isEmpty)
        let zigzag = exactStroke("zxzxzxzxzxzx")
        #expect(decoder.candidates(for: zigzag, context: TypingContext(before: ""), count: 3).allSatisfy { !["hello", "the"].contains($0) })
    }

    @Test func resamplingSpacesPointsEvenly() {
        let points = [GestureDecoder.Point(x: 0, y: 0), GestureDecoder.Point(x: 10, y: 0), GestureDecoder.Point(x: 10, y: 10)]
        let sampled = GestureDecoder.resample(points, to: 5)
        #expect(sampled.count == 5)
        #expect(sampled[2] == GestureDecoder.Point(x: 10, y: 0))
        #expect(sampled.last == GestureDecoder.Point(x: 10, y: 10))
        #expect(abs(GestureDecoder.distance(sampled[0], sampled[1]) - 5) < 1e-9)
    }
}

@Suite struct TwoLanguageGestureDecoderTests {
    let both = GestureDecoder(lexicons: [TestLexicon.make(), TestLexicon.makeGerman()],
                              keys: GestureDecoderTests.centres.map { (letter: $0.key, x: $0.value.x, y: $0.value.y) }, keyWidth: 60)

    func stroke(_ word: String) -> [GestureDecoder.Point] {
        var strokes = SyntheticStrokes(seed: 7)
        strokes.spread = 0
        return strokes.stroke(for: word, centres: GestureDecoderTests.centres, keyWidth: 60)!
    }

    @Test func everyLanguagesWordsAreSwipeable() {
        #expect(both.candidates(for: stroke("heute"), context: TypingContext(before: "so "), count: 3).first == "heute")
        #expect(both.candidates(for: stroke("world"), context: TypingContext(before: "so "), count: 3).first == "world")
    }

    @Test func theLanguageJustTypedDecidesBetweenLookalikes() {
        // A stroke between "hello" and "hallo" (a little nearer hallo's a than hello's e): the
        // words before choose.
        let hello = GestureDecoder.resample(stroke("hello"), to: 64), hallo = GestureDecoder.resample(stroke("hallo"), to: 64)
        let between = zip(hello, hallo).map { GestureDecoder.Point(x: 0.4 * $0.x + 0.6 * $1.x, y: 0.4 * $0.y + 0.6 * $1.y) }
        #expect(both.candidates(for: between, context: TypingContext(before: "you will see I will "), count: 1) == ["hello"])
        #expect(both.candidates(for: between, context: TypingContext(before: "ich habe heute "), count: 1) == ["hallo"])
    }
}
