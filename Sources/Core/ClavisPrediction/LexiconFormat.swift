#if canImport(Glibc)
import Glibc
#endif
import ClavisFiles

/// The layout of a `.clx` lexicon file: one header, then flat little-endian tables.
///
/// Everything the predictor reads is an offset into the file, so the file is memory-mapped and
/// used as it is: nothing is parsed into heap objects at start, and the pages stay clean
/// (shared with the page cache, not counted as the keyboard's private memory).
///
///     header   magic "CLAVISLX", version, then (offset, count) pairs for each table below,
///              and at `checksumOffset` a checksum of the whole file (`Checksum`, its own
///              eight bytes read as zero)
///     units    UInt16 code units of every word's folded key (lowercase, no apostrophes)
///     text     UTF-8 of every word as it is written ("don't", "London")
///     words    16 bytes a word, sorted by folded key: keyStart u32, keyLength u16, cost u16,
///              textStart u32, textLength u16, flags u16
///     top      UInt32 word ids, most frequent first (predictions with no context)
///     contexts 24 bytes each, sorted by key: key u64 (see `contextKey`), entriesStart u32,
///              entriesCount u32, total u32 (times the context was seen), distinct u32
///     entries  8 bytes each: word id u32, count u32; sorted by word id inside a context, so
///              a prefix (a range of ids) is a contiguous run
///     replacements 16 bytes each: typed start/length, meant start/length in `text`
///     costs    UInt16 a word, by id: the words' costs again, packed. Ranking reads the cost of
///              every candidate (about 300 at a sentence start); from the 16-byte records
///              that touched about 125 pages of the file, from here a few.
///     prefixes 20 bytes a node: the first `prefixDepth` levels of the trie of folded keys, in
///              depth-first order: unit u16, depth u16, start u32, exactEnd u32 (the words
///              whose key is just the prefix are start..<exactEnd), end u32, skip u32 (the
///              index after the node's subtree). The correction's trie walk evaluates and prunes
///              these levels here, in a table of a few hundred kilobytes read in order, and reads
///              word keys only below the nodes it keeps: walked over the word records, every
///              query touched a record under each of the ~700 two-letter prefixes, all of the
///              key tables (1.8 MB) in a few queries.
///     contextBlocks UInt64 a block of `contextsPerBlock` contexts: the key of its first one.
///              A prediction finds its context here first and then bisects one block (one or
///              two pages), instead of bisecting the whole 3 MB table, whose probes left seven
///              pages behind per context looked up.
///     keyStarts UInt32 a word plus one, by id: where each word's key starts in `units` (the
///              keys lie there in id order, so a key ends where the next one starts).
///     textStarts UInt32 a word plus one, by id: the same for the words' texts in `text`.
///              With these two and `costs` nothing reads the 16-byte word records: the
///              correction's walk reads thousands of keys a query, and through the records it
///              brought most of that 0.9 MB table into memory within a typed paragraph; the
///              packed starts are a quarter of the pages.
///
/// Version 2 has every table; a version-1 file (which could lack the last five) is refused
/// with the command that rebuilds it: the build regenerates the lexicons.
public enum LexiconFormat {
    static let magic: [UInt8] = Array("CLAVISLX".utf8)
    static let version: UInt32 = 2
    static let headerSize = 128
    /// Where the header keeps the file's checksum (after the twelve table pairs).
    public static let checksumOffset = 112
    static let wordSize = 16
    static let contextSize = 24
    static let entrySize = 8
    static let replacementSize = 16
    static let prefixNodeSize = 20
    /// How many contexts a `contextBlocks` entry stands for (a page of 24-byte contexts).
    static let contextsPerBlock = 170
    /// How many trie levels the `prefixes` table holds.
    static let prefixDepth = 3

    /// Header fields after magic and version, in order: each an (offset, count) pair.
    enum Table: Int, CaseIterable {
        case units, text, words, top, contexts, entries, replacements, costs, prefixes, contextBlocks, keyStarts, textStarts
        var headerOffset: Int { 12 + rawValue * 8 }
    }

    /// The id that stands for "start of a sentence" in contexts.
    static let sentenceStart: UInt32 = 0xFFFF_FFFE
    /// The first half of a one-word context's key.
    static let noWord: UInt32 = 0xFFFF_FFFF

    /// The sort key of a context: one word (`noWord`, w) or two words (w1, w2).
    static func contextKey(_ first: UInt32, _ second: UInt32) -> UInt64 {
        UInt64(first) << 32 | UInt64(second)
    }

    /// A word's unigram cost: −log10 of its probability, in thousandths.
    static func cost(probability: Double) -> UInt16 {
        let value = -log10(max(probability, 1e-60)) * 1000
        return UInt16(min(65_535, max(0, value.rounded())))
    }
}

/// A 64-bit checksum of a mapped data file (a `.clx` lexicon, a `.kkm` kana–kanji model), its
/// own header field read as zero: catches a damaged file (a bad disk block, a half-finished
/// copy, a flipped bit) before the reader follows a damaged offset. Fed in chunks, so a mapped
/// file can be read with `read` into a small buffer rather than through its mapping, which
/// would keep every page resident.
///
///     var checksum = LexiconChecksum()
///     checksum.add(UnsafeRawBufferPointer(...), at: 0)
///     checksum.value
public struct LexiconChecksum {
    private var state: UInt64 = 0x6C65_7869_636F_6E21
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length = 0
    /// Where the file keeps its checksum: those eight bytes count as zero.
    private let fieldOffset: Int

    /// A checksum of a file that keeps it at `fieldOffset` (a lexicon's, by default).
    public init(fieldOffset: Int = LexiconFormat.checksumOffset) {
        self.fieldOffset = fieldOffset
    }

    /// Adds `bytes`, which stand at `offset` in the file (chunks come in order). Whole
    /// 8-byte words are read at once: the English lexicon's 8 MB take a few milliseconds.
    public mutating func add(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        var index = 0
        while index < bytes.count {
            if pendingCount == 0, index + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
                pending = offset + index == fieldOffset ? 0 : word
                pendingCount = 8
                index += 8
            } else {
                let position = offset + index
                let inField = position >= fieldOffset && position < fieldOffset + 8
                pending |= UInt64(inField ? 0 : bytes[index]) << (8 * UInt64(pendingCount))
                pendingCount += 1
                index += 1
            }
            if pendingCount == 8 { mix() }
        }
        length += bytes.count
    }

    private mutating func mix() {
        state = (state ^ pending) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
        pending = 0
        pendingCount = 0
    }

    public var value: UInt64 {
        var copy = self
        if copy.pendingCount > 0 { copy.mix() }
        copy.pending = UInt64(length)
        copy.mix()
        return copy.state
    }

    /// The checksum of the file at `path`, read in 64 KB chunks through `read`: the check
    /// leaves no page of a mapping resident.
    public static func ofFile(_ path: String, fieldOffset: Int = LexiconFormat.checksumOffset) throws(LexiconError) -> UInt64 {
        let descriptor: Int32
        do { descriptor = try Files.openRegular(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        var checksum = LexiconChecksum(fieldOffset: fieldOffset)
        var offset = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { return checksum.value }
            checksum.add(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: offset)
            offset += count
        }
    }
}
