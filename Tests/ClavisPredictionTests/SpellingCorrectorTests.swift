@testable import ClavisPrediction
import TestSupport
import Testing

@Suite struct SpellingCorrectorTests {
    let corrector = SpellingCorrector(lexicon: TestLexicon.make(), proximity: .qwerty)

    func cost(_ typed: String, _ meant: String) -> Float? {
        corrector.corrections(of: typed, maxCost: 3, limit: 100).first { corrector.lexicon.text(of: $0.id) == meant }?.cost
    }

    @Test func aNeighbouringKeyCostsLessThanAFarOne() throws {
        // "wprk": p is beside o on QWERTY; "wzrk": z is far from o.
        let near = try #require(cost("wprk", "work"))
        let far = try #require(cost("wzrk", "work"))
        #expect(near < far)
        #expect(KeyProximity.qwerty.substitutionCost(typed: 0x6F, meant: 0x70) < KeyProximity.qwerty.substitutionCost(typed: 0x6F, meant: 0x7A))
    }

    @Test func theKeyPositionsComeFromTheLayoutGiven() throws {
        // On a layout where o and z are neighbours, "wzrk" is a cheap slip.
        let keys: [(letter: Character, x: Double, y: Double)] = [("w", 0, 0), ("o", 1, 0), ("z", 2, 0), ("r", 3, 0), ("k", 4, 0), ("p", 9, 0)]
        let custom = SpellingCorrector(lexicon: TestLexicon.make(), proximity: KeyProximity(keys: keys, keyWidth: 1))
        let costs = custom.corrections(of: "wzrk", maxCost: 3).map { (custom.lexicon.text(of: $0.id), $0.cost) }
        let work = try #require(costs.first { $0.0 == "work" })
        #expect(work.1 < 1.6)
    }

    @Test(arguments: [
        ("helo", "hello"), ("teh", "the"), ("helllo", "hello"), ("recieve", "receive"), ("tommorow", "tomorrow"),
        ("thnak", "thank"), ("wrk", "work"),
    ])
    func commonSlipsAreFound(typed: String, meant: String) {
        #expect(cost(typed, meant) != nil, "\(typed) → \(meant)")
    }

    @Test func slipsCostWhatTheTableSays() {
        #expect(cost("helo", "hello") == 0.4)        // a doubled letter written once
        #expect(cost("helllo", "hello") == 0.6)      // a letter doubled by mistake
        #expect(cost("teh", "the") == 1.2)           // two letters swapped
        #expect(cost("recieve", "receive") == 0.8)   // the REP table's "ie" → "ei"
        #expect(cost("hello", "hello") == 0)
    }

    @Test func nothingBeyondTheCostIsReturned() {
        #expect(corrector.corrections(of: "xylophone", maxCost: 2).isEmpty)
        #expect(corrector.corrections(of: "", maxCost: 2).isEmpty)
        for match in corrector.corrections(of: "helo", maxCost: 1) { #expect(match.cost <= 1) }
    }

    /// The walk over the prefix nodes finds what a walk over every word's key finds.
    @Test func thePrefixNodesChangeNoCorrection() throws {
        #expect(corrector.lexicon.prefixNodeCount > 0)
        var withoutNodes = SpellingCorrector(lexicon: corrector.lexicon, proximity: .qwerty)
        withoutNodes.walksEveryWord = true
        var typed: Set<String> = ["a", "i", "x", "hte", "teh", "jjjj", "qwerty", "recieve", "tommorow", "helllo"]
        for (word, _) in TestLexicon.words {
            let letters = Array(word)
            typed.insert(word)
            typed.insert(String(letters.dropFirst()))
            typed.insert(String(letters.dropLast()))
            typed.insert(String(letters.reversed()))
            if letters.count > 2 { typed.insert(String(letters[0...1].reversed() + letters[2...])) }
        }
        var compared = 0
        for word in typed where !word.isEmpty {
            for maxCost: Float in [1.6, 2.6, 4] {
                let new = corrector.corrections(of: word, maxCost: maxCost, limit: 1000)
                let old = withoutNodes.corrections(of: word, maxCost: maxCost, limit: 1000)
                #expect(new.map(\.id) == old.map(\.id) && new.map(\.cost) == old.map(\.cost), "\(word) within \(maxCost)")
                compared += new.count
            }
        }
        #expect(compared > 500)
    }
}
