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

    @Test func particlesJoinThePhraseBeforeThemUnlessAnEndIsFixedThere() {
        let words = Conversion(sentences: ["ここで着物を脱ぐ"], segments: [
            .init(reading: "ここ", candidates: ["ここ", "此処"]), .init(reading: "で", candidates: ["で"]),
            .init(reading: "きもの", candidates: ["着物", "きもの"]), .init(reading: "を", candidates: ["を"]),
            .init(reading: "ぬ", candidates: ["脱", "ぬ"]), .init(reading: "ぐ", candidates: ["ぐ"]),
        ])
        #expect(words.phrases().segments.map(\.reading) == ["ここで", "きものを", "ぬぐ"])
        #expect(words.phrases().segments[0].candidates == ["ここで", "此処で"])
        #expect(words.phrases().sentences == words.sentences)
        #expect(words.phrases(keeping: [2]).segments.map(\.reading) == ["ここ", "で", "きものを", "ぬぐ"])
        let adjective = Conversion(sentences: [], segments: [
            .init(reading: "きょう", candidates: ["今日"]), .init(reading: "は", candidates: ["は"]),
            .init(reading: "いい", candidates: ["いい"]), .init(reading: "てんき", candidates: ["天気"]),
            .init(reading: "です", candidates: ["です"]),
        ])
        #expect(adjective.phrases().segments.map(\.reading) == ["きょうは", "いい", "てんきです"], "いい is a word of its own")
        let katakana = Conversion(sentences: [], segments: [.init(reading: "ア", candidates: ["ア"])])
        #expect(katakana.phrases().segments.count == 1, "nothing before it to join")
    }
}
