import ClavisJapanese
import ClavisKkc
import Testing

/// libkkc with Debian's model (libkkc-data, installed by scripts/deps.sh).
@Suite struct KkcConverterTests {
    let converter = try? KkcConverter()

    @Test func convertsASentence() throws {
        let converter = try #require(converter, "libkkc-data is installed by scripts/deps.sh")
        let conversion = converter.convert("にほんご")
        #expect(conversion.sentences.first == "日本語")
        #expect(conversion.segments.map(\.reading).joined() == "にほんご")
    }

    @Test func segmentEndsFixWhereSegmentsEnd() throws {
        let converter = try #require(converter)
        let free = converter.convert("ここではきものをぬぐ")
        #expect(free.segments.map(\.reading) == ["ここでは", "きものを", "ぬぐ"], "words joined into phrases")
        #expect(free.segments.last?.candidates.first == "脱ぐ")
        let shorter = converter.convert("ここではきものをぬぐ", segmentEnds: [2])
        #expect(shorter.segments.first?.reading == "ここ", "a fixed end is never joined over")
        #expect(shorter.segments.map(\.reading).joined() == "ここではきものをぬぐ")
        let longer = converter.convert("ここではきものをぬぐ", segmentEnds: [5])
        #expect(longer.segments.first?.reading == "ここではき")
    }

    @Test func aSegmentsReadingHasManyCandidates() throws {
        let converter = try #require(converter)
        let candidates = converter.candidates(for: "きょう")
        #expect(candidates.count >= 5 && candidates.contains("今日") && candidates.contains("京"))
        #expect(converter.convert("きょうはいいてんきです").sentences.count == 1, "a sentence converts to its best path only")
    }

    @Test func endsOutsideTheReadingAreIgnored() throws {
        let converter = try #require(converter)
        #expect(converter.convert("にほんご", segmentEnds: [0, 9]).sentences.first == "日本語")
    }

    @Test func aLongReadingConvertsPieceByPiece() throws {
        let converter = try #require(converter)
        converter.bestCount = 20
        let reading = String(repeating: "にほんごのぶんしょう", count: 30)
        let conversion = converter.convert(reading)
        #expect(conversion.segments.map(\.reading).joined() == reading)
        #expect(conversion.sentences.count == 1)
        #expect(conversion.sentences.first?.contains("日本語の文章") == true, "\(conversion.sentences.first ?? "")")
        #expect(ReadingPieces.split(reading, maximum: KkcConverter.pieceLength).count == 3)
    }

    @Test func onlyShortReadingsAskForMoreThanTheBestPath() throws {
        #expect(KkcConverter.pathCount(for: String(repeating: "あ", count: KkcConverter.nBestLength), best: 20) == 20)
        #expect(KkcConverter.pathCount(for: String(repeating: "あ", count: KkcConverter.nBestLength + 1), best: 20) == 1)
        #expect(KkcConverter.pathCount(for: "あ", best: 0) == 1)
        let converter = try #require(converter)
        let long = String(repeating: "にほんごのぶんしょう", count: 5)
        let candidates = converter.candidates(for: long)
        #expect(candidates.first?.contains("日本語の文章") == true)
        #expect(candidates.last == long, "the kana themselves stay a candidate")
    }
}
