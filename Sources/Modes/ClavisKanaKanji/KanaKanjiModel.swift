#if canImport(Glibc)
import Glibc
#endif
import ClavisPrediction

/// A kana–kanji model read in place: the words of a reading, their outputs, and the costs of
/// words after one or two others, each a lookup into the mapped file (`KanaKanjiModelFormat`).
///
///     let model = try KanaKanjiModel.load(directories: ["/usr/share/clavis/text"])
///     let words = model.words(reading: Array("きょう".utf8)[...])   // a range of ids
///     model.output(of: words.lowerBound)                              // "今日"
///
/// Every accessor checks what it follows against the tables' bounds, so a damaged file that
/// passed the checksum (or one read without it, as the fuzzer does) gives wrong words, never
/// a crash.
public final class KanaKanjiModel: @unchecked Sendable {
    /// The model's file name in a text-data folder.
    public static let fileName = "ja.kkm"

    /// Where the model came from (a path, or "memory").
    public let origin: String
    /// The ids of the sentence's start and end markers.
    public let start: UInt32
    public let end: UInt32
    /// The longest reading of any word, in characters: no lookup needs a longer span.
    public let longestReading: Int
    /// How many words the model has, the sentence markers among them.
    public let wordCount: Int

    private let owner: AnyObject
    private let bytes: UnsafeRawBufferPointer
    private let tables: [(offset: Int, count: Int)]

    /// Maps the model from the first of `directories` that has one.
    public static func load(directories: [String]) throws(KanaKanjiModelError) -> KanaKanjiModel {
        guard let path = directories.map({ $0 + "/" + fileName }).first(where: { access($0, R_OK) == 0 }) else {
            throw .missing(searched: directories)
        }
        return try KanaKanjiModel(path: path)
    }

    /// Maps and checks the file at `path`: its checksum (read through `read`, leaving no page
    /// of the mapping resident) and its header.
    public convenience init(path: String) throws(KanaKanjiModelError) {
        let file: MappedFile
        let checksum: UInt64
        do {
            file = try MappedFile(path: path)
            checksum = try LexiconChecksum.ofFile(path, fieldOffset: KanaKanjiModelFormat.checksumOffset)
        } catch {
            switch error {
            case let .corrupt(_, reason): throw .corrupt(path: path, reason: reason)
            case let .unreadable(_, reason): throw .unreadable(path: path, reason: reason)
            case .unknownLanguage: throw .unreadable(path: path, reason: error.description)
            }
        }
        try self.init(owner: file, bytes: file.bytes, origin: path, checksum: checksum)
    }

    /// Reads a model held in memory (tests, the fuzzer). `verifyingChecksum` false skips the
    /// checksum but not the structure checks.
    public convenience init(bytes: [UInt8], origin: String = "memory", verifyingChecksum: Bool = true) throws(KanaKanjiModelError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        buffer.copyBytes(from: bytes)
        let contents = UnsafeRawBufferPointer(rebasing: buffer[0..<bytes.count])
        var checksum = LexiconChecksum(fieldOffset: KanaKanjiModelFormat.checksumOffset)
        if verifyingChecksum { checksum.add(contents, at: 0) }
        try self.init(owner: OwnedBytes(buffer), bytes: contents, origin: origin, checksum: verifyingChecksum ? checksum.value : nil)
    }

    private init(owner: AnyObject, bytes: UnsafeRawBufferPointer, origin: String, checksum: UInt64?) throws(KanaKanjiModelError) {
        func corrupt(_ reason: String) -> KanaKanjiModelError { .corrupt(path: origin, reason: reason) }
        self.owner = owner
        self.bytes = bytes
        self.origin = origin
        guard bytes.count >= KanaKanjiModelFormat.headerSize, Array(bytes.prefix(8)) == KanaKanjiModelFormat.magic else {
            throw corrupt("no CLAVISKK header")
        }
        func u32(_ offset: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian }
        let version = u32(8)
        guard version == KanaKanjiModelFormat.version else {
            throw corrupt("format version \(version), this Clavis reads \(KanaKanjiModelFormat.version)")
        }
        if let checksum {
            let stored = bytes.loadUnaligned(fromByteOffset: KanaKanjiModelFormat.checksumOffset, as: UInt64.self).littleEndian
            guard stored == checksum else { throw corrupt("the checksum does not match (a damaged file)") }
        }
        var tables: [(offset: Int, count: Int)] = []
        for table in KanaKanjiModelFormat.Table.allCases {
            let offset = Int(u32(table.headerOffset)), count = Int(u32(table.headerOffset + 4))
            guard offset >= KanaKanjiModelFormat.headerSize, offset <= bytes.count, count <= (bytes.count - offset) / table.size else {
                throw corrupt("the \(table) table runs past the end (a truncated file?)")
            }
            tables.append((offset, count))
        }
        self.tables = tables
        let words = tables[KanaKanjiModelFormat.Table.words.rawValue].count
        guard words >= 1, tables[KanaKanjiModelFormat.Table.readings.rawValue].count >= 1 else { throw corrupt("no words") }
        wordCount = words - 1
        guard tables[KanaKanjiModelFormat.Table.bigramStarts.rawValue].count == words,
              tables[KanaKanjiModelFormat.Table.everyday.rawValue].count == words - 1,
              tables[KanaKanjiModelFormat.Table.trigramStarts.rawValue].count == tables[KanaKanjiModelFormat.Table.bigrams.rawValue].count + 1 else {
            throw corrupt("the n-gram indexes do not match the words and bigrams")
        }
        start = u32(KanaKanjiModelFormat.startOffset)
        end = u32(KanaKanjiModelFormat.endOffset)
        guard Int(start) < wordCount, Int(end) < wordCount else { throw corrupt("the sentence markers are not words") }
        longestReading = min(Int(u32(KanaKanjiModelFormat.longestReadingOffset)), 64)
    }

    /// Lets go of the file's pages that lookups have mapped (`MappedFile.releaseResidentPages`):
    /// a conversion maps many of them, up to 15 MB for a sentence, because the kernel maps
    /// whole page-cache folios; between conversions the keyboard holds none. Mapping them again
    /// costs the next conversion a few page faults (the benchmark's p99 for a 20-kana
    /// sentence stayed at 0.85 ms). Nothing for a model read from memory.
    public func releaseResidentPages() {
        (owner as? MappedFile)?.releaseResidentPages()
    }

    /// Whether the file is still as it was read (`MappedFile.isIntact`; one held in memory
    /// always is): a model whose file was written to in place is loaded again before use.
    public var isIntact: Bool { (owner as? MappedFile)?.isIntact ?? true }

    // MARK: Lookups

    /// The words whose reading is `reading` (UTF-8), a range of ids (empty when none; at most
    /// `maximumWordsPerReading`, the likeliest), and whether any longer reading starts with
    /// it: a lattice stops lengthening a span when none does.
    public func words(reading: ArraySlice<UInt8>) -> (words: Range<UInt32>, longerExist: Bool) {
        let readings = table(.readings)
        let count = readings.count - 1   // the closing entry is no reading
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if compare(readingAt: middle, with: reading).order < 0 { low = middle + 1 } else { high = middle }
        }
        var words: Range<UInt32> = 0..<0
        var next = low
        if low < count, compare(readingAt: low, with: reading).order == 0 {
            let first = min(entry32(.readings, low, field: 4), UInt32(wordCount))
            let end = min(entry32(.readings, low + 1, field: 4), UInt32(wordCount))
            words = first..<min(max(first, end), first + UInt32(KanaKanjiModelFormat.maximumWordsPerReading))
            next = low + 1
        }
        return (words, next < count && compare(readingAt: next, with: reading).startsWithQuery)
    }

    /// A word's output as written ("今日"); empty for an id the model does not have.
    public func output(of word: UInt32) -> String {
        guard Int(word) < wordCount else { return "" }
        let text = table(.outputText)
        let start = Int(entry32(.words, Int(word), field: 0)), end = Int(entry32(.words, Int(word) + 1, field: 0))
        guard start <= end, end <= text.count else { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(text.offset + start)..<(text.offset + end)]), as: UTF8.self)
    }

    /// A word's cost on its own and the backoff of bigrams that start with it.
    public func unigram(_ word: UInt32) -> (cost: Int32, backoff: Int32) {
        guard Int(word) < wordCount else { return (Int32(UInt16.max), 0) }
        return (Int32(entry16(.words, Int(word), field: 4)), Int32(entry16(.words, Int(word), field: 6)))
    }

    /// The word's cost in everyday writing, on the model's scale; `nil` for a word without
    /// kanji, which is not compared.
    public func everyday(_ word: UInt32) -> Int32? {
        let value = entry16(.everyday, Int(word), field: 0)
        return value == UInt16.max ? nil : Int32(value)
    }

    /// The bigram `first second`: its index (for trigrams), cost and backoff; `nil` when the
    /// model does not have it.
    public func bigram(_ first: UInt32, _ second: UInt32) -> (index: Int, cost: Int32, backoff: Int32)? {
        guard Int(first) < wordCount else { return nil }
        let limit = UInt32(table(.bigrams).count)
        let low = min(entry32(.bigramStarts, Int(first), field: 0), limit)
        let high = min(entry32(.bigramStarts, Int(first) + 1, field: 0), limit)
        guard let index = search(.bigrams, in: Int(low)..<Int(max(low, high)), for: second) else { return nil }
        return (index, Int32(entry16(.bigrams, index, field: 4)), Int32(entry16(.bigrams, index, field: 6)))
    }

    /// Whether the bigram at `index` has any trigrams (most do not: no lookup is needed then).
    public func hasTrigrams(bigram index: Int) -> Bool {
        guard index + 1 < table(.trigramStarts).count else { return false }
        return entry32(.trigramStarts, index, field: 0) < entry32(.trigramStarts, index + 1, field: 0)
    }

    /// The cost of `third` after the bigram at `index`; `nil` when the model does not have it.
    public func trigram(bigram index: Int, _ third: UInt32) -> Int32? {
        guard index + 1 < table(.trigramStarts).count else { return nil }
        let limit = UInt32(table(.trigrams).count)
        let low = min(entry32(.trigramStarts, index, field: 0), limit)
        let high = min(entry32(.trigramStarts, index + 1, field: 0), limit)
        guard let found = search(.trigrams, in: Int(low)..<Int(max(low, high)), for: third) else { return nil }
        return Int32(entry16(.trigrams, found, field: 4))
    }

    // MARK: Tables

    private func table(_ table: KanaKanjiModelFormat.Table) -> (offset: Int, count: Int) {
        tables[table.rawValue]
    }

    /// A 32-bit field of an entry; the caller keeps `index` inside the table.
    private func entry32(_ name: KanaKanjiModelFormat.Table, _ index: Int, field: Int) -> UInt32 {
        let table = table(name)
        guard index >= 0, index < table.count else { return 0 }
        return bytes.loadUnaligned(fromByteOffset: table.offset + index * name.size + field, as: UInt32.self).littleEndian
    }

    private func entry16(_ name: KanaKanjiModelFormat.Table, _ index: Int, field: Int) -> UInt16 {
        let table = table(name)
        guard index >= 0, index < table.count else { return 0 }
        return bytes.loadUnaligned(fromByteOffset: table.offset + index * name.size + field, as: UInt16.self).littleEndian
    }

    /// The entry of `range` whose leading id is `id` (entries sorted by it), by bisection.
    private func search(_ name: KanaKanjiModelFormat.Table, in range: Range<Int>, for id: UInt32) -> Int? {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            let value = entry32(name, middle, field: 0)
            if value == id { return middle }
            if value < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Orders the reading at `index` against `query` by their UTF-8 bytes, and says whether
    /// it starts with `query`.
    private func compare(readingAt index: Int, with query: ArraySlice<UInt8>) -> (order: Int, startsWithQuery: Bool) {
        let text = table(.readingText)
        let start = Int(entry32(.readings, index, field: 0)), end = Int(entry32(.readings, index + 1, field: 0))
        guard start <= end, end <= text.count else { return (-1, false) }
        let length = end - start
        var position = text.offset + start
        var queryIndex = query.startIndex
        for _ in 0..<min(length, query.count) {
            let left = bytes[position], right = query[queryIndex]
            if left != right { return (left < right ? -1 : 1, false) }
            position += 1
            queryIndex += 1
        }
        if length == query.count { return (0, true) }
        return length < query.count ? (-1, false) : (1, true)
    }
}

/// Memory a model built from bytes owns.
private final class OwnedBytes {
    let buffer: UnsafeMutableRawBufferPointer
    init(_ buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }
    deinit { buffer.deallocate() }
}
