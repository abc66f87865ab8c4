import ArgumentParser
import ClavisPrediction
import Foundation

/// Builds Clavis's memory-mapped text data: a `.clx` lexicon from the TSV files
/// `scripts/text-data.py` writes, and (`kana-kanji`) the `.kkm` kana–kanji model from those
/// `scripts/kana-kanji-data.py` writes.
///
///     clavis-lexicon --words en.words.tsv --ngrams en.ngrams.tsv --replacements en.replacements.tsv --output en.clx
///     clavis-lexicon kana-kanji --words ja.kk-words.tsv --bigrams ja.kk-bigrams.tsv --trigrams ja.kk-trigrams.tsv --output ja.kkm
@main
struct LexiconTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavis-lexicon",
        abstract: "Builds Clavis's memory-mapped lexicons and kana–kanji model.",
        subcommands: [WordsCommand.self, KanaKanjiCommand.self],
        defaultSubcommand: WordsCommand.self
    )
}

/// A lexicon (`.clx`) from word, n-gram and misspelling TSV files.
struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Builds a Clavis lexicon (.clx) from word, n-gram and misspelling TSV files."
    )

    @Option(help: "word<TAB>count lines") var words: String
    @Option(help: "\"w1 w2[ w3]\"<TAB>count lines (\"<s>\" starts a sentence)") var ngrams: String?
    @Option(help: "typed<TAB>meant lines (the dictionary's REP table)") var replacements: String?
    @Option(help: "The .clx file to write") var output: String

    func run() throws {
        var builder = LexiconBuilder()
        try forEachRow(words) { fields, line in
            guard fields.count == 2, let count = Int(fields[1]) else { throw Bad(file: words, line: line, what: "expected word<TAB>count") }
            builder.add(word: String(fields[0]), count: count)
        }
        if let ngrams {
            try forEachRow(ngrams) { fields, line in
                guard fields.count == 2, let count = Int(fields[1]) else { throw Bad(file: ngrams, line: line, what: "expected words<TAB>count") }
                builder.add(ngram: fields[0].split(separator: " ").map(String.init), count: count)
            }
        }
        if let replacements {
            try forEachRow(replacements) { fields, line in
                guard fields.count == 2 else { throw Bad(file: replacements, line: line, what: "expected typed<TAB>meant") }
                builder.add(replacement: String(fields[0]), meant: String(fields[1]))
            }
        }
        let bytes = builder.build()
        try writeAtomically(bytes, to: output)
        let lexicon = try Lexicon(path: output)
        print("clavis-lexicon: \(output): \(lexicon.wordCount) words, \(bytes.count / 1024) KiB")
    }
}

struct Bad: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var what: String
    var description: String { "\(file):\(line): \(what)" }
}

/// Writes `bytes` to `path` through a temporary file, so a reader never maps half a file.
func writeAtomically(_ bytes: [UInt8], to path: String) throws {
    let temporary = path + ".tmp"
    try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else { throw Bad(file: path, line: 0, what: String(cString: strerror(errno))) }
}

/// Calls `body` with each non-empty line's tab-separated fields and its line number.
func forEachRow(_ path: String, _ body: ([Substring], Int) throws -> Void) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
        try body(line.split(separator: "\t", omittingEmptySubsequences: false), index + 1)
    }
}
