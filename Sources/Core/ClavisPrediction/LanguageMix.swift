#if canImport(Glibc)
import Glibc
#endif

/// How likely each of a keyboard's languages is for the next word, read from the words just
/// typed: someone typing in English and German writes a sentence in one of them, so each word
/// is a vote for the languages that know it, shared in proportion to how common it is in each
/// ("de" is nearly all Spanish's vote, though English lists it too), the later words counting
/// more. Words neither knows say nothing, and with no votes every language is as likely as the
/// others.
///
///     LanguageMix.weights(recent: ["ich", "habe", "keine"], languages: 2) { word, language in … }
///     // about [log10 0.02, log10 0.98]: German leads English
public enum LanguageMix {
    /// What every language starts with before any vote: how quickly the words typed take over.
    /// It and `decay` are what `clavis-bench suggest --skip 150` (a development split) measured
    /// best on mixed English–German and Spanish–English text.
    static let prior = 0.05
    /// How much less each older word's vote counts than the one after it.
    static let decay = 0.9

    /// log10 of each language's share, for `languages` languages; `frequency(word, index)` is
    /// how common the word is in language `index` (its probability; 0: not a word there).
    /// `recent` is oldest first.
    public static func weights(recent: [String], languages: Int, frequency: (_ word: String, _ language: Int) -> Double) -> [Double] {
        guard languages > 1 else { return Array(repeating: 0, count: max(languages, 0)) }
        var votes = Array(repeating: prior, count: languages)
        var weight = 1.0
        for word in recent.reversed() {
            let frequencies = (0..<languages).map { frequency(word, $0) }
            let total = frequencies.reduce(0, +)
            if total > 0 {
                for language in 0..<languages { votes[language] += weight * frequencies[language] / total }
            }
            weight *= decay
        }
        let total = votes.reduce(0, +)
        return votes.map { log10($0 / total) }
    }
}
