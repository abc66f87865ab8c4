import ClavisPrediction

/// A small English lexicon built in code, so text tests do not depend on the generated data.
///
/// Words with frequencies like real English ("the" ≫ "help" > "hello" ≫ "helot"), a few
/// sequences, and one known misspelling (REP "ie" → "ei").
public enum TestLexicon {
    public static let words: [(String, Int)] = [
        ("the", 5_000_000), ("to", 2_600_000), ("and", 2_500_000), ("I", 1_200_000), ("you", 1_100_000),
        ("it", 1_000_000), ("is", 900_000), ("in", 880_000), ("that", 800_000), ("a", 2_200_000),
        ("don't", 150_000), ("done", 60_000), ("help", 40_000), ("held", 20_000), ("hello", 5_200),
        ("hell", 4_000), ("helot", 5), ("hero", 4_500), ("tomorrow", 9_000), ("see", 90_000),
        ("will", 300_000), ("receive", 8_000), ("relieve", 1_500), ("its", 100_000), ("it's", 180_000),
        ("London", 18_000), ("ten", 20_000), ("then", 150_000), ("thank", 13_000), ("thanks", 30_000),
        ("world", 60_000), ("word", 25_000), ("work", 70_000), ("quick", 12_000), ("brown", 6_000), ("fox", 3_000),
    ]

    public static let ngrams: [([String], Int)] = [
        (["<s>", "the"], 50), (["<s>", "I"], 40), (["<s>", "hello"], 5),
        (["see", "you"], 30), (["you", "tomorrow"], 8), (["see", "you", "tomorrow"], 6),
        (["the", "quick"], 3), (["quick", "brown"], 4), (["brown", "fox"], 4), (["the", "quick", "brown"], 3),
        (["hello", "world"], 9), (["<s>", "hello", "world"], 4),
    ]

    /// The lexicon's bytes.
    public static func bytes() -> [UInt8] {
        var builder = LexiconBuilder()
        for (word, count) in words { builder.add(word: word, count: count) }
        for (words, count) in ngrams { builder.add(ngram: words, count: count) }
        builder.add(replacement: "ie", meant: "ei")
        return builder.build()
    }

    /// The lexicon, read from memory.
    public static func make() -> Lexicon {
        try! Lexicon(bytes: bytes(), origin: "test-lexicon")
    }

    /// A predictor over it, on a QWERTY grid.
    public static func predictor() -> TextPredictor {
        TextPredictor(lexicon: make())
    }

    /// A few German words, for a keyboard that suggests in two languages: "hallo", "Welt",
    /// "Zeit" and "helfen" next to the English "hello", "world" and "help"; "in" and "so" in both.
    public static let germanWords: [(String, Int)] = [
        ("die", 4_000_000), ("der", 3_800_000), ("und", 3_000_000), ("ich", 1_500_000), ("in", 1_400_000),
        ("habe", 300_000), ("keine", 250_000), ("Zeit", 200_000), ("so", 400_000), ("hallo", 30_000),
        ("helfen", 60_000), ("Welt", 90_000), ("heute", 120_000), ("Tomate", 2_000), ("über", 500_000),
    ]

    /// The German lexicon, read from memory.
    public static func makeGerman() -> Lexicon {
        var builder = LexiconBuilder()
        for (word, count) in germanWords { builder.add(word: word, count: count) }
        builder.add(ngram: ["keine", "Zeit"], count: 5)
        return try! Lexicon(bytes: builder.build(), origin: "test-lexicon-de")
    }
}
