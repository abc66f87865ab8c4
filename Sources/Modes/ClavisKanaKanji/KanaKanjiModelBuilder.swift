import ClavisPrediction

/// Writes a `.kkm` kana–kanji model (`KanaKanjiModelFormat`) from words and their n-grams:
/// what `clavis-lexicon kana-kanji` does with the tables `scripts/kana-kanji-data.py` reads out
/// of libkkc's model, and what tests do with a handful of words.
///
///     var builder = KanaKanjiModelBuilder()
///     let today = builder.addWord(reading: "きょう", output: "今日", cost: 36716)
///     let topic = builder.addWord(reading: "は", output: "は", cost: 13927)
///     builder.addBigram(today, topic, cost: 9000)
///     let bytes = builder.build()   // try KanaKanjiModel(bytes: bytes)
///
/// Costs are in the format's units (`KanaKanjiModelFormat.costUnit`).
public struct KanaKanjiModelBuilder {
    private struct Word {
        var reading: [UInt8]
        var output: [UInt8]
        var cost: UInt16
        var backoff: UInt16
        var everyday: UInt16
    }

    private var words: [Word] = []
    private var bigrams: [(first: Int, second: Int, cost: UInt16, backoff: UInt16)] = []
    private var trigrams: [(first: Int, second: Int, third: Int, cost: UInt16)] = []

    /// The word that stands for a sentence's start (`<s>`): the context of its first word.
    public let start = 0
    /// The word that stands for a sentence's end (`</s>`): what follows its last word.
    public let end = 1

    public init() {
        words = [Word(reading: [], output: Array("<s>".utf8), cost: 0, backoff: 0, everyday: .max),
                 Word(reading: [], output: Array("</s>".utf8), cost: 0, backoff: 0, everyday: .max)]
    }

    /// The number of words, the sentence's start and end among them.
    public var wordCount: Int { words.count }

    /// Adds a word; returns the index n-grams name it by. `everyday`: its cost in everyday
    /// writing on the model's scale, `UInt16.max` for none (`KanaKanjiModelFormat`).
    @discardableResult
    public mutating func addWord(reading: String, output: String, cost: UInt16, backoff: UInt16 = 0, everyday: UInt16 = .max) -> Int {
        words.append(Word(reading: Array(reading.utf8), output: Array(output.utf8), cost: cost, backoff: backoff, everyday: everyday))
        return words.count - 1
    }

    /// Sets a word's unigram cost and backoff (the sentence markers', say).
    public mutating func setUnigram(_ word: Int, cost: UInt16, backoff: UInt16) {
        words[word].cost = cost
        words[word].backoff = backoff
    }

    /// The cost of `second` after `first`, and the backoff of trigrams that start with them.
    public mutating func addBigram(_ first: Int, _ second: Int, cost: UInt16, backoff: UInt16 = 0) {
        bigrams.append((first, second, cost, backoff))
    }

    /// The cost of `third` after `first` and `second`; kept only if that bigram was added.
    public mutating func addTrigram(_ first: Int, _ second: Int, _ third: Int, cost: UInt16) {
        trigrams.append((first, second, third, cost))
    }

    /// The model file's bytes.
    public func build() -> [UInt8] {
        // Ids: words grouped by reading (in UTF-8 byte order), the likeliest first.
        let order = words.indices.sorted { a, b in
            let left = words[a], right = words[b]
            if left.reading != right.reading { return left.reading.lexicographicallyPrecedes(right.reading) }
            if left.cost != right.cost { return left.cost < right.cost }
            return left.output.lexicographicallyPrecedes(right.output)
        }
        var id = [UInt32](repeating: 0, count: words.count)
        for (newId, old) in order.enumerated() { id[old] = UInt32(newId) }

        var readingText: [UInt8] = []
        var readings: [(start: UInt32, firstWord: UInt32)] = []
        var longest = 0
        var outputText: [UInt8] = []
        var wordRecords: [(start: UInt32, cost: UInt16, backoff: UInt16)] = []
        for (newId, old) in order.enumerated() {
            let word = words[old]
            if readings.isEmpty || words[order[newId - 1]].reading != word.reading {
                readings.append((UInt32(readingText.count), UInt32(newId)))
                readingText += word.reading
                longest = max(longest, String(decoding: word.reading, as: UTF8.self).count)
            }
            wordRecords.append((UInt32(outputText.count), word.cost, word.backoff))
            outputText += word.output
        }
        readings.append((UInt32(readingText.count), UInt32(words.count)))
        wordRecords.append((UInt32(outputText.count), 0, 0))

        var pairs: [UInt64: (cost: UInt16, backoff: UInt16)] = [:]
        for bigram in bigrams {
            pairs[UInt64(id[bigram.first]) << 32 | UInt64(id[bigram.second])] = (bigram.cost, bigram.backoff)
        }
        let sortedPairs = pairs.keys.sorted()
        var bigramIndex: [UInt64: UInt32] = [:]
        var bigramStarts = [UInt32](repeating: 0, count: words.count + 1)
        for (index, key) in sortedPairs.enumerated() {
            bigramIndex[key] = UInt32(index)
            bigramStarts[Int(key >> 32) + 1] += 1
        }
        for index in 0..<words.count { bigramStarts[index + 1] += bigramStarts[index] }

        var triples: [UInt64: UInt16] = [:]
        for trigram in trigrams {
            guard let pair = bigramIndex[UInt64(id[trigram.first]) << 32 | UInt64(id[trigram.second])] else { continue }
            triples[UInt64(pair) << 32 | UInt64(id[trigram.third])] = trigram.cost
        }
        let sortedTriples = triples.keys.sorted()
        var trigramStarts = [UInt32](repeating: 0, count: sortedPairs.count + 1)
        for key in sortedTriples { trigramStarts[Int(key >> 32) + 1] += 1 }
        for index in 0..<sortedPairs.count { trigramStarts[index + 1] += trigramStarts[index] }

        var file = ByteWriter(count: KanaKanjiModelFormat.headerSize)
        file.replace(at: 0, with: KanaKanjiModelFormat.magic)
        file.put32(KanaKanjiModelFormat.version, at: 8)
        func table(_ table: KanaKanjiModelFormat.Table, count: Int, _ write: (inout ByteWriter) -> Void) {
            file.align(to: 8)
            file.put32(UInt32(file.count), at: table.headerOffset)
            file.put32(UInt32(count), at: table.headerOffset + 4)
            write(&file)
        }
        table(.readingText, count: readingText.count) { $0.append(readingText) }
        table(.readings, count: readings.count) { out in
            for reading in readings { out.append32(reading.start); out.append32(reading.firstWord) }
        }
        table(.outputText, count: outputText.count) { $0.append(outputText) }
        table(.words, count: wordRecords.count) { out in
            for word in wordRecords { out.append32(word.start); out.append16(word.cost); out.append16(word.backoff) }
        }
        table(.bigrams, count: sortedPairs.count) { out in
            for key in sortedPairs {
                let value = pairs[key]!
                out.append32(UInt32(truncatingIfNeeded: key)); out.append16(value.cost); out.append16(value.backoff)
            }
        }
        table(.bigramStarts, count: bigramStarts.count) { out in bigramStarts.forEach { out.append32($0) } }
        table(.trigrams, count: sortedTriples.count) { out in
            for key in sortedTriples { out.append32(UInt32(truncatingIfNeeded: key)); out.append16(triples[key]!) }
        }
        table(.trigramStarts, count: trigramStarts.count) { out in trigramStarts.forEach { out.append32($0) } }
        table(.everyday, count: words.count) { out in order.forEach { out.append16(words[$0].everyday) } }
        file.put32(id[start], at: KanaKanjiModelFormat.startOffset)
        file.put32(id[end], at: KanaKanjiModelFormat.endOffset)
        file.put32(UInt32(longest), at: KanaKanjiModelFormat.longestReadingOffset)
        file.align(to: 8)
        var checksum = LexiconChecksum(fieldOffset: KanaKanjiModelFormat.checksumOffset)
        file.bytes.withUnsafeBytes { checksum.add($0, at: 0) }
        file.put64(checksum.value, at: KanaKanjiModelFormat.checksumOffset)
        return file.bytes
    }
}

/// Little-endian bytes appended or patched in place.
struct ByteWriter {
    var bytes: [UInt8]
    var count: Int { bytes.count }

    init(count: Int) { bytes = [UInt8](repeating: 0, count: count) }

    mutating func append(_ more: [UInt8]) { bytes += more }
    mutating func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func align(to boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }
    mutating func replace(at offset: Int, with more: [UInt8]) {
        bytes.replaceSubrange(offset..<(offset + more.count), with: more)
    }
    mutating func put32(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { replace(at: offset, with: Array($0)) }
    }
    mutating func put64(_ value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { replace(at: offset, with: Array($0)) }
    }
}
