import Foundation
@testable import ClavisKanaKanji
import Testing

@Suite struct KanaKanjiModelTests {
    func ids(_ model: KanaKanjiModel, _ reading: String) -> [UInt32] {
        Array(model.words(reading: Array(reading.utf8)[...]).words)
    }

    @Test func wordsOfAReadingComeLikeliestFirst() throws {
        let model = try SmallModel.model()
        #expect(ids(model, "きしゃ").map(model.output(of:)) == ["記者", "汽車", "帰社"])
        #expect(model.unigram(ids(model, "きしゃ")[1]).cost == 31_000)
        #expect(ids(model, "きし").isEmpty)
        #expect(model.words(reading: Array("きし".utf8)[...]).longerExist, "きしゃ starts with きし")
        #expect(!model.words(reading: Array("きしゃ".utf8)[...]).longerExist)
        #expect(model.words(reading: Array("き".utf8)[...]).longerExist && ids(model, "き").map(model.output(of:)) == ["木"])
        #expect(ids(model, "ん").isEmpty && !model.words(reading: Array("ん".utf8)[...]).longerExist)
        #expect(model.longestReading == 5, "こんにちは")
        #expect(model.output(of: model.start) == "<s>" && model.output(of: model.end) == "</s>")
        #expect(model.output(of: 9_999) == "", "an id past the words")
        let weekend = ids(model, "しゅうまつ")
        #expect(weekend.map(model.output(of:)) == ["終末", "しゅうまつ", "週末"])
        #expect(weekend.map(model.everyday) == [40_000, nil, 20_000], "kana are not compared")
    }

    /// The third probe's: a checksum-valid model whose reading あ owned every word made "aa"
    /// convert for over a minute. A reading gives at most the likeliest 256.
    @Test func aReadingGivesAtMostTheLikeliestFewHundredWords() throws {
        var builder = KanaKanjiModelBuilder()
        for number in 0..<5_000 { builder.addWord(reading: "あ", output: "亜\(number)", cost: UInt16(10_000 + number)) }
        builder.addWord(reading: "い", output: "胃", cost: 20_000)
        let model = try KanaKanjiModel(bytes: builder.build())
        let found = ids(model, "あ")
        #expect(found.count == KanaKanjiModelFormat.maximumWordsPerReading)
        #expect(found.first.map(model.output(of:)) == "亜0", "the likeliest first")
        #expect(ids(model, "い").map(model.output(of:)) == ["胃"])
        let converted = LatticeConverter(model: model).convert("ああああああああああああああああ", segmentEnds: [])
        #expect(converted.sentences.first?.hasPrefix("亜0") == true)
    }

    @Test func bigramsAndTrigramsAreFoundByTheirWords() throws {
        let model = try SmallModel.model()
        let train = ids(model, "きしゃ")[1], home = ids(model, "きしゃ")[2], by = ids(model, "で")[0]
        let bigram = try #require(model.bigram(train, by))
        #expect(bigram.cost == 1_000 && bigram.backoff == 200)
        #expect(model.bigram(by, home) == nil)
        #expect(model.hasTrigrams(bigram: bigram.index))
        #expect(model.trigram(bigram: bigram.index, home) == 1_000)
        #expect(model.trigram(bigram: bigram.index, train) == nil)
        #expect(model.trigram(bigram: 1_000_000, home) == nil, "a bigram index past the table")
    }

    @Test func aDamagedFileIsRefusedWithItsNameAndTheRemedy() throws {
        let bytes = SmallModel.bytes()
        var flipped = bytes
        flipped[bytes.count - 3] ^= 0x40
        #expect(throws: KanaKanjiModelError.corrupt(path: "ja.kkm", reason: "the checksum does not match (a damaged file)")) {
            try KanaKanjiModel(bytes: flipped, origin: "ja.kkm")
        }
        var version = bytes
        version[8] = 9
        #expect(throws: KanaKanjiModelError.corrupt(path: "m", reason: "format version 9, this Clavis reads 1")) {
            try KanaKanjiModel(bytes: version, origin: "m", verifyingChecksum: false)
        }
        #expect(throws: KanaKanjiModelError.self) { try KanaKanjiModel(bytes: Array(bytes.prefix(200)), verifyingChecksum: false) }
        #expect(throws: KanaKanjiModelError.corrupt(path: "x", reason: "no CLAVISKK header")) { try KanaKanjiModel(bytes: Array("CLAVISLX".utf8) + bytes.dropFirst(8), origin: "x") }
        let message = KanaKanjiModelError.corrupt(path: "/d/ja.kkm", reason: "r").description
        #expect(message == "/d/ja.kkm: not a usable Clavis kana–kanji model: r; rebuild it with scripts/text-data.sh --force")
    }

    @Test func anyDamageWithoutTheChecksumGivesWrongWordsNeverACrash() throws {
        let bytes = SmallModel.bytes()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var damaged = bytes
            for _ in 0..<(1 + round % 8) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let model = try? KanaKanjiModel(bytes: damaged, verifyingChecksum: false) else { continue }
            let converter = LatticeConverter(model: model)
            #expect(converter.convert("きしゃできしゃ").segments.map(\.reading).joined() == "きしゃできしゃ")
            _ = converter.candidates(for: "こんいちは")
        }
    }

    @Test func aFileIsMappedFromTheFirstFolderThatHasOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kkm-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: KanaKanjiModelError.missing(searched: ["/nonexistent", folder.path])) {
            try KanaKanjiModel.load(directories: ["/nonexistent", folder.path])
        }
        try Data(SmallModel.bytes()).write(to: folder.appendingPathComponent(KanaKanjiModel.fileName))
        let model = try KanaKanjiModel.load(directories: ["/nonexistent", folder.path])
        #expect(model.origin == folder.path + "/ja.kkm" && model.wordCount == 16)
        var damaged = SmallModel.bytes()
        damaged[300] ^= 1
        try Data(damaged).write(to: folder.appendingPathComponent(KanaKanjiModel.fileName))
        #expect(throws: KanaKanjiModelError.corrupt(path: folder.path + "/ja.kkm", reason: "the checksum does not match (a damaged file)")) {
            try KanaKanjiModel.load(directories: [folder.path])
        }
    }
}
