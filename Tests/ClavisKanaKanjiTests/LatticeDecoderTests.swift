@testable import ClavisKanaKanji
import Testing

@Suite struct LatticeDecoderTests {
    func sentences(_ reading: String, count: Int = 1) throws -> [String] {
        let model = try SmallModel.model()
        let lattice = Lattice(reading: reading, model: model)
        return LatticeDecoder(lattice: lattice, model: model).paths(count: count).map { path in
            path.map { index in
                let node = lattice.nodes[index]
                return node.word == Lattice.unknown ? String(lattice.characters[node.start..<node.end]) : model.output(of: node.word)
            }.joined(separator: "|")
        }
    }

    @Test func bigramsChooseAmongAReadingsWords() throws {
        #expect(try sentences("きしゃが") == ["記者|が"], "記者 is the likeliest alone, and likelier still after the start")
        #expect(try sentences("きしゃで") == ["汽車|で"], "汽車 で is a bigram: cheaper than 記者 backing off")
    }

    @Test func aTrigramBeatsWhatTheBigramsSay() throws {
        // After 汽車 で, きしゃ is 帰社 by the trigram, though 汽車 is the bigram after で.
        #expect(try sentences("きしゃできしゃ") == ["汽車|で|帰社"])
    }

    @Test func pathsComeBestFirstAndEachOnce() throws {
        let paths = try sentences("きしゃ", count: 50)
        #expect(Array(paths.prefix(3)) == ["記者", "汽車", "帰社"])
        #expect(Set(paths).count == paths.count)
        #expect(paths.contains("木|社") && paths.contains("き|し|ゃ"))
        #expect(paths.count == 3 + 2 + 2, "three words, 木 or き before 社, 木 or き before し|ゃ: every path once")
    }

    @Test func aReadingWithNoWordsIsItself() throws {
        #expect(try sentences("ぬ") == ["ぬ"])
        #expect(try sentences("").isEmpty, "nothing to convert")
    }
}
