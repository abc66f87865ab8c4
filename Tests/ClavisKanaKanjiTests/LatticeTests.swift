import Foundation
@testable import ClavisKanaKanji
import Testing

@Suite struct LatticeTests {
    func spans(_ lattice: Lattice, _ model: KanaKanjiModel) -> [String] {
        lattice.nodes.map { node in
            let output = node.word == Lattice.unknown ? "?" : model.output(of: node.word)
            return "\(node.start)-\(node.end):\(output)\(node.penalty > 0 ? "*" : "")"
        }
    }

    @Test func everyWordOfEveryStretchAndEachCharacterAlone() throws {
        let model = try SmallModel.model()
        let lattice = Lattice(reading: "きしゃで", model: model)
        #expect(spans(lattice, model) == ["0-1:木", "0-3:記者", "0-3:汽車", "0-3:帰社", "0-1:?", "1-3:社", "1-2:?", "2-3:?", "3-4:で", "3-4:?"])
        #expect(lattice.endingAt[3].count == 5 && lattice.endingAt[4].count == 2)
    }

    @Test func noNodeCrossesAFixedSegmentEnd() throws {
        let model = try SmallModel.model()
        let lattice = Lattice(reading: "きしゃ", model: model, segmentEnds: [1, 0, 7])
        #expect(spans(lattice, model) == ["0-1:木", "0-1:?", "1-3:社", "1-2:?", "2-3:?"])
    }

    @Test func aVowelAfterNIsAlsoReadAsTheNRow() throws {
        let model = try SmallModel.model()
        let lattice = Lattice(reading: "こんいちは", model: model)
        #expect(spans(lattice, model).contains("0-5:こんにちは*"), "read with に, at a price")
        #expect(spans(lattice, model).contains("0-2:紺") && spans(lattice, model).contains("2-4:一"), "and as typed")
        let variants = Lattice.nasalVariants(of: Array("んあんいんう"), from: 0, to: 6)
        #expect(variants.count == 4, "two positions at most: every combination of them")
        #expect(variants.map { $0.replacements.compactMap { $0 }.map(String.init).joined() } == ["", "な", "に", "なに"])
        #expect(Lattice.nasalVariants(of: Array("あい"), from: 0, to: 2).count == 1)
    }

    @Test func anyTextHasAPath() throws {
        let model = try SmallModel.model()
        for reading in ["", "😀x", "ゔゔ", "\u{0}"] {
            let lattice = Lattice(reading: reading, model: model)
            #expect(lattice.nodes.filter { $0.word == Lattice.unknown }.count == reading.count)
        }
    }

    @Test func everydayWritingReordersKanjiSpellingsOnly() throws {
        let model = try SmallModel.model()
        let words = model.words(reading: Array("しゅうまつ".utf8)[...]).words
        #expect(Lattice.everydayCosts(of: words, model: model, mix: 0, rarity: 0) == [0, 0, 0])
        let mixed = Lattice.everydayCosts(of: words, model: model, mix: 0.5, rarity: 0)
        let costs = zip(words, mixed).map { model.unigram($0).cost + $1 }
        #expect(costs[2] < costs[0], "週末 before 終末 once everyday writing counts half: \(costs)")
        #expect(mixed[1] == 0, "the kana spelling keeps its cost")
        // The kanji spellings keep their probability together.
        func probability(_ cost: Int32) -> Double { pow(10, -Double(cost) * KanaKanjiModelFormat.costUnit) }
        let before = probability(model.unigram(words.lowerBound).cost) + probability(model.unigram(words.lowerBound + 2).cost)
        #expect(abs(probability(costs[0]) + probability(costs[2]) - before) < before * 0.001)
        let rare = Lattice.everydayCosts(of: words, model: model, mix: 0, rarity: 0.5)
        #expect(rare == [5_000, 0, 0], "終末 is 10,000 rarer in everyday writing than in the model; 週末 is commoner")
    }
}
