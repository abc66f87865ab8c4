@testable import ClavisKanaKanji

/// A model of a few words whose costs the tests know: きしゃ is 記者 or 汽車 by context
/// (記者 after the start, 汽車 before で), and the trigram 汽車 で 帰社 beats the bigram;
/// しゅうまつ is 終末 to the model and 週末 in everyday writing.
enum SmallModel {
    static func bytes() -> [UInt8] {
        var builder = KanaKanjiModelBuilder()
        let reporter = builder.addWord(reading: "きしゃ", output: "記者", cost: 30_000, backoff: 5_000)
        let train = builder.addWord(reading: "きしゃ", output: "汽車", cost: 31_000)
        let home = builder.addWord(reading: "きしゃ", output: "帰社", cost: 32_000)
        let by = builder.addWord(reading: "で", output: "で", cost: 10_000, backoff: 500)
        let subject = builder.addWord(reading: "が", output: "が", cost: 10_000)
        builder.addWord(reading: "き", output: "木", cost: 25_000)
        builder.addWord(reading: "しゃ", output: "社", cost: 25_000)
        builder.addWord(reading: "こんにちは", output: "こんにちは", cost: 20_000)
        builder.addWord(reading: "こん", output: "紺", cost: 35_000)
        builder.addWord(reading: "いち", output: "一", cost: 35_000)
        builder.addWord(reading: "は", output: "は", cost: 10_000)
        // Homophones the model ranks one way and everyday writing the other.
        builder.addWord(reading: "しゅうまつ", output: "終末", cost: 30_000, everyday: 40_000)
        builder.addWord(reading: "しゅうまつ", output: "週末", cost: 31_000, everyday: 20_000)
        builder.addWord(reading: "しゅうまつ", output: "しゅうまつ", cost: 30_500)
        builder.addBigram(builder.start, reporter, cost: 20_000, backoff: 100)
        builder.addBigram(reporter, subject, cost: 5_000)
        builder.addBigram(train, by, cost: 1_000, backoff: 200)
        builder.addBigram(by, train, cost: 9_000, backoff: 300)
        builder.addTrigram(train, by, home, cost: 1_000)
        return builder.build()
    }

    static func model() throws -> KanaKanjiModel {
        try KanaKanjiModel(bytes: bytes())
    }
}
