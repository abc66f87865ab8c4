import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisData
import ClavisJapanese
import ClavisKanaKanji
import ClavisLineProtocols

/// `clavis compose --language ja`: romaji in, the reading and its kana–kanji conversions out,
/// a JSON line per input line.
struct ComposeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose",
        abstract: "Answer each romaji line on stdin with its kana reading and kanji conversions as JSON.",
        discussion: """
            Each answer is one line, flushed at once: {"marked": "<the kana reading>", "candidates": \
            [whole-sentence conversions, best first], "segments": [{"reading", "candidates"}]}. \
            What is not romaji passes through as itself. With the kana–kanji model missing \
            (scripts/text-data.sh builds it) the readings are still answered, with no \
            conversions, and stderr says why once.
            """
    )

    @Option(help: "The language (only ja so far).")
    var language: String

    @Option(help: "How many whole-sentence conversions to give (the n best), 1 to \(Self.maximumBest).")
    var best = 20

    /// The most sentences a conversion may give: past a hundred they are no use to anyone.
    static let maximumBest = 100

    func validate() throws {
        guard (1...Self.maximumBest).contains(best) else { throw ValidationError("--best must be from 1 to \(Self.maximumBest) (got \(best))") }
    }

    func run() throws {
        guard language.lowercased().hasPrefix("ja") else {
            reportProblem("clavis compose: no composition for language '\(language)' (known: ja)")
            throw ExitCode(2)
        }
        let best = best
        func loaded() -> LatticeConverter? {
            do {
                let converter = LatticeConverter(model: try KanaKanjiModel.load(directories: ClavisData.textDirectories))
                converter.sentenceCount = best
                return converter
            } catch {
                reportProblem("clavis compose: \(error); answering with readings only")
                return nil
            }
        }
        var converter = loaded()
        SuggestCommand.eachLine(limit: LineProtocol.maximumCompositionLine, command: "compose", refused: LineProtocol.composition(for: []) { _ in nil }) { line, _ in
            // The model written to in place since the last line (cp, rsync --inplace): read again.
            if let model = converter?.model, !model.isIntact {
                reportProblem("clavis compose: \(model.origin) changed on disk while in use; reading it again")
                converter = loaded()
            }
            return LineProtocol.composition(for: line) { converter?.convert($0) }
        }
    }
}
