import ArgumentParser
import ClavisText
import Foundation

/// Builds a memory-mapped `.clx` lexicon from the TSV files `scripts/text-data.py` writes.
///
///     clavis-lexicon --words en.words.tsv --ngrams en.ngrams.tsv --replacements en.replacements.tsv --output en.clx
@main
struct LexiconTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavis-lexicon",
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
            builder.add(word: fields[0], count: count)
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
                builder.add(replacement: fields[0], meant: fields[1])
            }
        }
        let bytes = builder.build()
        let temporary = output + ".tmp"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, output) == 0 else { throw Bad(file: output, line: 0, what: String(cString: strerror(errno))) }
        let lexicon = try Lexicon(path: output)
        print("clavis-lexicon: \(output): \(lexicon.wordCount) words, \(bytes.count / 1024) KiB")
    }

    private func forEachRow(_ path: String, _ body: ([String], Int) throws -> Void) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            try body(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init), index + 1)
        }
    }
}

struct Bad: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var what: String
    var description: String { "\(file):\(line): \(what)" }
}
