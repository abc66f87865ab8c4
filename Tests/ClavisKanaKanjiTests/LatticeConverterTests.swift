import ClavisData
import Foundation
import ClavisJapanese
@testable import ClavisKanaKanji
import TestSupport
import Testing

/// The converter over the model `scripts/text-data.sh` builds from libkkc-data (the README's
/// test command builds it first).
@Suite struct LatticeConverterTests {
    static let model = try? KanaKanjiModel.load(directories: ClavisData.textDirectories)

    func converter() throws -> LatticeConverter {
        LatticeConverter(model: try #require(Self.model, "scripts/text-data.sh builds ja.kkm"))
    }

    @Test func convertsASentence() throws {
        let converter = try converter()
        let conversion = converter.convert("にほんご")
        #expect(conversion.sentences.first == "日本語")
        #expect(conversion.segments.map(\.reading).joined() == "にほんご")
        #expect(converter.convert("きょうはいいてんきです").sentences.first == "今日はいい天気です")
        #expect(converter.convert("わたしはにほんごをべんきょうします").sentences.first == "私は日本語を勉強します")
    }

    @Test func segmentEndsFixWhereSegmentsEnd() throws {
        let converter = try converter()
        let free = converter.convert("ここではきものをぬぐ")
        #expect(free.segments.map(\.reading) == ["ここでは", "きものを", "ぬぐ"], "words joined into phrases")
        #expect(free.segments.last?.candidates.first == "脱ぐ")
        let shorter = converter.convert("ここではきものをぬぐ", segmentEnds: [2])
        #expect(shorter.segments.first?.reading == "ここ", "a fixed end is never joined over")
        #expect(shorter.segments.map(\.reading).joined() == "ここではきものをぬぐ")
        let longer = converter.convert("ここではきものをぬぐ", segmentEnds: [5])
        #expect(longer.segments.first?.reading == "ここではき")
        #expect(converter.convert("にほんご", segmentEnds: [0, 9]).sentences.first == "日本語", "ends outside the reading are ignored")
    }

    @Test func aPhrasesReadingHasManyCandidatesAndItsOtherForms() throws {
        let converter = try converter()
        let candidates = converter.candidates(for: "きょう")
        #expect(candidates.count >= 5 && candidates.contains("今日") && candidates.contains("京"))
        #expect(candidates.last == "ｷｮｳ", "the other forms come last: \(candidates)")
        #expect(candidates.contains("きょう") && candidates.contains("キョウ"))
        #expect(converter.candidates(for: "abc").contains("ａｂｃ"))
        #expect(converter.convert("きょうはいいてんきです").sentences.count > 1, "a sentence has alternatives")
    }

    @Test func everydayWordsBeatEncyclopedicOnes() throws {
        let converter = try converter()
        // libkkc's model alone gives 終末 and 少将 (少々 it lacks: skkdic adds it).
        #expect(converter.convert("しゅうまつにまとめてやります").sentences.first == "週末にまとめてやります")
        #expect(converter.convert("しょうしょうおまちください").sentences.first == "少々お待ちください")
        converter.everydayMix = 0
        converter.rarityWeight = 0
        #expect(converter.convert("しゅうまつにまとめてやります").sentences.first == "終末にまとめてやります", "the model alone")
    }

    @Test func nnBeforeAVowelIsAlsoReadAsTheNRow() throws {
        let converter = try converter()
        // "konnichiha" composes こんいちは: nn is ん, then i.
        #expect(converter.convert("こんいちは").sentences.first == "こんにちは")
        #expect(converter.convert("こんいちは").segments.map(\.reading).joined() == "こんいちは", "the segments keep the kana as typed")
        #expect(converter.convert("げんいん").sentences.first == "原因", "a reading that means ん + vowel stays as typed")
        #expect(converter.convert("たんいをとる").sentences.first?.hasPrefix("単位を") == true)
    }

    @Test func aLongReadingConvertsPieceByPiece() throws {
        let converter = try converter()
        let reading = String(repeating: "にほんごのぶんしょう", count: 30)
        let conversion = converter.convert(reading)
        #expect(conversion.segments.map(\.reading).joined() == reading)
        #expect(conversion.sentences.first?.contains("日本語の文章") == true, "\(conversion.sentences.first ?? "")")
        #expect(ReadingPieces.split(reading, maximum: LatticeConverter.pieceLength).count == 3)
        let candidates = converter.candidates(for: String(repeating: "にほんごのぶんしょう", count: 5))
        #expect(candidates.first?.contains("日本語の文章") == true)
    }

    @Test func aConversionLeavesNoPageOfTheModelMapped() throws {
        // A copy of its own, so that no other test's conversion maps its pages meanwhile.
        let shared = try #require(Self.model)
        let name = "model-\(UUID()).kkm"
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: shared.origin, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let converter = LatticeConverter(model: try KanaKanjiModel(path: copy.path))
        _ = converter.model.words(reading: Array("にほんご".utf8)[...])
        #expect(ResidentPages.kilobytes(ofMapped: name) > 0, "a lookup maps pages")
        _ = converter.convert("わたしはにほんごをべんきょうしています")
        _ = converter.candidates(for: "にほんご")
        #expect(ResidentPages.kilobytes(ofMapped: name) == 0)
        #expect(converter.convert("にほんご").sentences.first == "日本語", "and the next conversion maps them again")
    }

    @Test func anythingConvertsToSomething() throws {
        let converter = try converter()
        for reading in ["ゔ", "ー", "A", "😀", "ん", "っっっ", "、。", "x y"] {
            let conversion = converter.convert(reading)
            #expect(conversion.segments.map(\.reading).joined() == reading, "\(reading)")
            #expect(!conversion.sentences.isEmpty)
        }
    }
}
