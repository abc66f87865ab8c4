/// The words typed a moment ago, counted by their folded letters: a word just used is likely
/// again (a name, the topic's words), as a cache language model has it. `TextPredictor` adds
/// each one's share, times `weight`, to its probability, and offers one no lexicon knows
/// (a name typed earlier in the text) while it is typed again.
///
///     let recent = RecentWords(["Frodo", "took", "the", "ring", "Frodo"])
///     recent.probability(of: WordFolding.fold("frodo"))   // 0.05 · 2/5
struct RecentWords {
    /// How much of a word's probability its share of the recent words is worth: what
    /// `clavis-bench suggest --skip 150` (a development split) measured best.
    static let weight = 0.05
    /// Each word by its folded letters: its text as last typed, and how often.
    private(set) var counts: [[UInt16]: (text: String, count: Int)] = [:]
    let total: Int

    init(_ words: [String]) {
        total = words.count
        for word in words {
            let key = WordFolding.fold(word)
            counts[key, default: (word, 0)].count += 1
            // The latest spelling, unless that is a capital only a sentence start gave it.
            if word.first?.isUppercase != true || counts[key]!.text.first?.isUppercase == true { counts[key]!.text = word }
        }
    }

    /// The cache's probability of a word's folded letters.
    func probability(of key: [UInt16]) -> Double {
        guard total > 0, let entry = counts[key] else { return 0 }
        return Self.weight * Double(entry.count) / Double(total)
    }
}
