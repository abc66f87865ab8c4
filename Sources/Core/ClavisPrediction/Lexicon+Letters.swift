import ClavisHangul

extension Lexicon {
    /// How often each lowercase letter occurs in running text, estimated from every word's
    /// letters weighted by the word's probability; most frequent first. The letters are the
    /// keys that type them: a Hangul syllable counts as its 2-set letters (한 as ㅎ ㅏ ㄴ), for
    /// no keyboard has a key for each of Korean's 11,172 syllables.
    ///
    /// What the scanning keyboard (`scan:de`, `scan:ko`) places its letters by.
    ///
    ///     try LexiconLibrary(directories: dirs).load(language: "en").letterFrequencies().prefix(3)
    ///     // [("e", 0.12), ("t", 0.09), ("a", 0.08)]
    public func letterFrequencies() -> [(letter: String, share: Double)] {
        var weights: [Character: Double] = [:]
        var total = 0.0
        for id in 0..<UInt32(wordCount) {
            let probability = probability(of: id)
            for character in text(of: id).lowercased() where character.isLetter {
                for key in character.unicodeScalars.first.flatMap(HangulJamo.keystrokes(of:)) ?? [character] {
                    weights[key, default: 0] += probability
                    total += probability
                }
            }
        }
        guard total > 0 else { return [] }
        return weights.map { (String($0.key), $0.value / total) }.sorted { ($0.share, $1.letter) > ($1.share, $0.letter) }
    }
}
