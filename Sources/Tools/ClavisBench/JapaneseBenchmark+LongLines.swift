import ClavisJapanese
import ClavisKanaKanji
import ClavisWorkloads
import Foundation

extension JapaneseCommand {
    /// Lines of 8 KB a user (or a script) may give `clavis compose`, each converted 3 times
    /// with 4 and with 100 sentences asked; the slowest of each. Before the third hostile
    /// probe's fixes they took 6–20 s (a piece's phrases counted over and over, and every
    /// piece searched for all the sentences asked).
    static func longLines(converter: LatticeConverter) -> [(name: String, best: Int, seconds: Double)] {
        let savedCount = converter.sentenceCount
        defer { converter.sentenceCount = savedCount }
        var found: [(name: String, best: Int, seconds: Double)] = []
        for (name, line) in [("8,000 × \"-\" (ー)", String(repeating: "-", count: 8000)), ("8,192 × \"a\" (あ)", String(repeating: "a", count: 8192)),
                             ("8 KB of mixed romaji", mixedRomaji(bytes: 8150))] {
            let reading = RomajiComposer.convert(line)
            for best in [4, 100] {
                converter.sentenceCount = best
                var slowest = 0.0
                for _ in 0..<3 {
                    let started = DispatchTime.now().uptimeNanoseconds
                    _ = converter.convert(reading)
                    slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                }
                found.append((name, best, slowest))
            }
        }
        return found
    }

    /// Romaji of common syllables, seeded, about `bytes` long: a long line of no sentence.
    static func mixedRomaji(bytes: Int) -> String {
        let syllables = ["ka", "ki", "ku", "ke", "ko", "sa", "shi", "su", "se", "so", "ta", "chi", "tsu", "te", "to", "na", "ni",
                         "no", "ha", "hi", "fu", "ma", "mi", "mo", "ya", "yu", "yo", "ra", "ri", "ru", "wa", "wo", "n", "ga", "kyou", "desu"]
        var generator = SplitMix64(seed: 3)
        var line = ""
        while line.utf8.count < bytes { line += syllables[Int(generator.next() % UInt64(syllables.count))] }
        return line
    }
}
