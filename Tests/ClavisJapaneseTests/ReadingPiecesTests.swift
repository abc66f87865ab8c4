import ClavisJapanese
import Testing

@Suite struct ReadingPiecesTests {
    @Test func aShortReadingIsOnePiece() {
        #expect(ReadingPieces.split("にほんご", maximum: 12) == ["にほんご"])
        #expect(ReadingPieces.split("", maximum: 12).isEmpty)
    }

    @Test func piecesEndAfterPunctuationOrをNearTheLimit() {
        #expect(ReadingPieces.split("きょうはいいてんきです。あしたも", maximum: 12) == ["きょうはいいてんきです。", "あしたも"])
        #expect(ReadingPieces.split("ほんをよんでてがみをかいた", maximum: 12) == ["ほんをよんでてがみを", "かいた"])
    }

    @Test func withoutAPhraseEndNearTheLimitThePieceIsCutThere() {
        // を early in the window (before its last third) is no place to cut.
        #expect(ReadingPieces.split("をあああああああ", maximum: 6).map(\.count) == [6, 2])
        let pieces = ReadingPieces.split(String(repeating: "あ", count: 100), maximum: 30)
        #expect(pieces.map(\.count) == [30, 30, 30, 10])
    }

    @Test func everyPieceFitsAndTheyJoinBackToTheReading() {
        var random = 0x2545F491
        for _ in 0..<200 {
            var reading = ""
            random = random &* 1103515245 &+ 12345
            let length = abs(random) % 400
            for _ in 0..<length {
                random = random &* 1103515245 &+ 12345
                reading.append(Array("あいうえおをはが。、かきく")[abs(random >> 8) % 13])
            }
            random = random &* 1103515245 &+ 12345
            let maximum = 1 + abs(random >> 4) % 64
            let pieces = ReadingPieces.split(reading, maximum: maximum)
            #expect(pieces.joined() == reading)
            #expect(pieces.allSatisfy { !$0.isEmpty && $0.count <= maximum })
        }
    }

    @Test func piecesJoinIntoOneConversion() {
        let first = Conversion(sentences: ["日本語を", "二本語を"], segments: [.init(reading: "にほんごを", candidates: ["日本語を"])])
        let second = Conversion(sentences: ["書く"], segments: [.init(reading: "かく", candidates: ["書く", "描く"])])
        let joined = Conversion(joining: [first, second])
        #expect(joined.sentences == ["日本語を書く"])
        #expect(joined.segments.map(\.reading) == ["にほんごを", "かく"])
        #expect(Conversion(joining: [first]) == first)
        #expect(Conversion(joining: []).sentences.isEmpty)
    }
}
