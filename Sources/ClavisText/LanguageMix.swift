#if canImport(Glibc)
import Glibc
#endif

/// How likely each of a keyboard's languages is for the next word, read from the words just
/// typed: someone typing in English and German writes a sentence in one of them, so a word
/// only one language knows is a vote for it, the later words counting more. Words both
/// know ("in", "so") and words neither knows say nothing, and with no votes every language is
/// as likely as the others.
///
///     LanguageMix.weights(recent: ["ich", "habe", "keine"], languages: 2) { word, language in … }
///     // [log10 0.12, log10 0.88]: German leads English
public enum LanguageMix {
    /// What every language starts with before any vote: how quickly the words typed take over.
    static let prior = 0.4
    /// How much less each older word's vote counts than the one after it.
    static let decay = 0.8

    /// log10 of each language's share, for `languages` languages; `knows(word, index)` says
    /// whether language `index` has the word. `recent` is oldest first.
    public static func weights(recent: [String], languages: Int, knows: (_ word: String, _ language: Int) -> Bool) -> [Double] {
        guard languages > 1 else { return Array(repeating: 0, count: max(languages, 0)) }
        var votes = Array(repeating: prior, count: languages)
        var weight = 1.0
        for word in recent.reversed() {
            let knowing = (0..<languages).filter { knows(word, $0) }
            if knowing.count == 1 { votes[knowing[0]] += weight }
            weight *= decay
        }
        let total = votes.reduce(0, +)
        return votes.map { log10($0 / total) }
    }
}
