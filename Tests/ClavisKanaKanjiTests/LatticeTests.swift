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
}
