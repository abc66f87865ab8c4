import ClavisJapanese
import Testing

@Suite struct KanaKanjiConverterTests {
    @Test func nBestPathsGiveSentencesAndPerSegmentCandidates() {
        let conversion = Conversion(paths: [
            [("にほん", "日本"), ("ご", "語")],
            [("にほん", "日本"), ("ご", "後")],
            [("に", "二"), ("ほんご", "本語")],
            [("にほん", "日本"), ("ご", "語")],
        ])
        #expect(conversion.sentences == ["日本語", "日本後", "二本語"])
        #expect(conversion.segments.map(\.reading) == ["にほん", "ご"])
        #expect(conversion.segments[0].candidates == ["日本", "にほん"], "the reading itself is always a candidate")
        #expect(conversion.segments[1].candidates == ["語", "後", "ご"])
    }

    @Test func nothingConvertsToNothing() {
        let conversion = Conversion(paths: [])
        #expect(conversion.sentences.isEmpty && conversion.segments.isEmpty)
    }
}
