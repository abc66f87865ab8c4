import ArgumentParser
import ClavisKanaKanji

/// The kana–kanji model (`.kkm`) from the word, bigram and trigram tables
/// `scripts/kana-kanji-data.py` reads out of libkkc-data's model.
struct KanaKanjiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kana-kanji",
        abstract: "Builds Clavis's kana–kanji model (.kkm) from word, bigram and trigram TSV files."
    )

    @Option(help: "id<TAB>reading<TAB>output<TAB>cost<TAB>backoff<TAB>everyday lines (an empty reading: <s> or </s>)") var words: String
    @Option(help: "first<TAB>second<TAB>cost<TAB>backoff lines (word ids)") var bigrams: String
    @Option(help: "first<TAB>second<TAB>third<TAB>cost lines (word ids)") var trigrams: String
    @Option(help: "The .kkm file to write") var output: String

    func run() throws {
        var builder = KanaKanjiModelBuilder()
        var index: [Int: Int] = [:]
        func word(_ field: Substring, _ file: String, _ line: Int) throws -> Int {
            guard let id = Int(field), let word = index[id] else { throw Bad(file: file, line: line, what: "no word with id '\(field)'") }
            return word
        }
        try forEachRow(words) { fields, line in
            guard fields.count == 6, let id = Int(fields[0]), let cost = UInt16(fields[3]), let backoff = UInt16(fields[4]),
                  let everyday = UInt16(fields[5]) else {
                throw Bad(file: words, line: line, what: "expected id<TAB>reading<TAB>output<TAB>cost<TAB>backoff<TAB>everyday")
            }
            if fields[1].isEmpty {
                guard fields[2] == "<s>" || fields[2] == "</s>" else { throw Bad(file: words, line: line, what: "a word without a reading") }
                let marker = fields[2] == "<s>" ? builder.start : builder.end
                builder.setUnigram(marker, cost: cost, backoff: backoff)
                index[id] = marker
            } else {
                index[id] = builder.addWord(reading: String(fields[1]), output: String(fields[2]), cost: cost, backoff: backoff, everyday: everyday)
            }
        }
        try forEachRow(bigrams) { fields, line in
            guard fields.count == 4, let cost = UInt16(fields[2]), let backoff = UInt16(fields[3]) else {
                throw Bad(file: bigrams, line: line, what: "expected first<TAB>second<TAB>cost<TAB>backoff")
            }
            builder.addBigram(try word(fields[0], bigrams, line), try word(fields[1], bigrams, line), cost: cost, backoff: backoff)
        }
        try forEachRow(trigrams) { fields, line in
            guard fields.count == 4, let cost = UInt16(fields[3]) else { throw Bad(file: trigrams, line: line, what: "expected first<TAB>second<TAB>third<TAB>cost") }
            builder.addTrigram(try word(fields[0], trigrams, line), try word(fields[1], trigrams, line), try word(fields[2], trigrams, line), cost: cost)
        }
        let bytes = builder.build()
        try writeAtomically(bytes, to: output)
        let model = try KanaKanjiModel(path: output)
        print("clavis-lexicon: \(output): \(model.wordCount) words, \(bytes.count / 1024) KiB")
    }
}
