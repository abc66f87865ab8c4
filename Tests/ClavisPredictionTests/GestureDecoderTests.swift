@testable import ClavisPrediction
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

    @Test func rowsCloserThanAKeyIsWideAreMeasuredInRowHeights() {
        #expect(GestureDecoder.rowPitch(of: [30, 31, 100, 170, 170], keyWidth: 60) == 70)
        #expect(GestureDecoder.rowPitch(of: [30, 30], keyWidth: 60) == nil)
        // The phone-like grid (rows 80 apart, keys 60 wide) stays in key widths…
        #expect(decoder.rowHeight == 60)
        // …a desktop's (rows 50 apart) is measured in rows down.
        let wide = GestureDecoder(lexicon: TestLexicon.make(), keys: Self.centres.map { (letter: $0.key, x: $0.value.x, y: $0.value.y * 50 / 80) },
                                  keyWidth: 60)
        #expect(wide.rowHeight == 50)
    }

    @Test func aTimedStrokePausesWhereItSlowsAndAnUntimedOneNowhere() {
        // A straight line 10 key widths long, slowest at 6 (its speed falls to a fifth there).
        var points: [GestureDecoder.Point] = []
        var time = 0.0
        for step in 0...100 {
            let x = Double(step) / 10
            points.append(GestureDecoder.Point(x: x, y: 0, time: time))
            time += 0.01 * (1 + 4 * max(0, 1 - abs(x - 6)))
        }
        let pauses = GestureDecoder.pauses(in: points)
        #expect(pauses.count == 1)
        #expect(abs((pauses.first?.x ?? 0) - 6) <= 0.1)
        #expect(GestureDecoder.pauses(in: points.map { GestureDecoder.Point(x: $0.x, y: $0.y) }).isEmpty)
        // Every sample at one instant (a source with a coarse clock) tells nothing either.
        #expect(GestureDecoder.pauses(in: points.map { GestureDecoder.Point(x: $0.x, y: $0.y, time: 1) }).isEmpty)
    }

    @Test func whereTheStrokeSlowedDecidesBetweenWordsOfOnePath() {
        // "tip" and "top" are both the straight line from t to p along the top row; a hand
        // that slowed on o meant "top", one that slowed on i "tip".
        var builder = LexiconBuilder()
        builder.add(word: "tip", count: 1_000)
        builder.add(word: "top", count: 1_000)
        let lexicon = try! Lexicon(bytes: builder.build(), origin: "tip-top")
        let decoder = GestureDecoder(lexicon: lexicon, keys: Self.centres.map { (letter: $0.key, x: $0.value.x, y: $0.value.y) }, keyWidth: 60)
        func stroke(slowingAt letter: Character) -> [GestureDecoder.Point] {
            let from = Self.centres["t"]!, to = Self.centres["p"]!, slow = Self.centres[letter]!
            var points: [GestureDecoder.Point] = []
            var time = 0.0
            for step in 0...60 {
                let x = from.x + (to.x - from.x) * Double(step) / 60
                points.append(GestureDecoder.Point(x: x, y: from.y, time: time))
                time += 0.005 * (1 + 6 * max(0, 1 - abs(x - slow.x) / 30))
            }
            return points
        }
        let context = TypingContext(before: "so ")
        #expect(decoder.candidates(for: stroke(slowingAt: "o"), context: context, count: 1) == ["top"])
        #expect(decoder.candidates(for: stroke(slowingAt: "i"), context: context, count: 1) == ["tip"])
    }

    @Test func syntheticStrokesAreTimedAndSlowDownAtTheirCorners() {
        var strokes = SyntheticStrokes(seed: 11)
        strokes.spread = 0
        let stroke = strokes.stroke(for: "hello", centres: Self.centres, keyWidth: 60)!
        let times = stroke.compactMap(\.time)
        #expect(times.count == stroke.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // Pauses (in key widths) at the turns of h-e-l-o, each near one of its keys.
        let pauses = GestureDecoder.pauses(in: stroke.map { GestureDecoder.Point(x: $0.x / 60, y: $0.y / 60, time: $0.time) })
        #expect(!pauses.isEmpty)
        for pause in pauses {
            let nearest = "helo".map { GestureDecoder.distance(pause, GestureDecoder.Point(x: Self.centres[$0]!.x / 60, y: Self.centres[$0]!.y / 60)) }.min()!
            #expect(nearest < 0.6, "a pause \(nearest) key widths from every key of hello")
        }
    }

    @Test func aPointersStrokeSpreadsInRowHeightsDown() {
        var strokes = SyntheticStrokes(seed: 5)
        var across: [Double] = [], down: [Double] = []
        for _ in 0..<400 {
            let stroke = strokes.stroke(for: "h", centres: Self.centres, keyWidth: 60, rowHeight: 20)!
            across.append(stroke[0].x - Self.centres["h"]!.x)
            down.append(stroke[0].y - Self.centres["h"]!.y)
        }
        func spread(_ values: [Double]) -> Double { (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot() }
        // A quarter of 60 across (15) and of 20 down (5), give or take the sample's error.
        #expect(abs(spread(across) - 15) < 2.5)
        #expect(abs(spread(down) - 5) < 1)
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
