import ClavisFiles

/// A read-only lexicon: words with frequencies, the words that follow one or two words, and
/// known misspellings, read in place from a memory-mapped `.clx` file (`LexiconFormat`).
///
/// Word ids are positions in folded-key order, so the words starting with a typed prefix are
/// one contiguous id range, and so are the followers of a context that start with it.
///
///     let lexicon = try Lexicon(path: "en.clx")
///     let ids = lexicon.range(prefix: WordFolding.fold("hel"))
///     lexicon.text(of: ids.lowerBound)
public final class Lexicon: @unchecked Sendable {
    /// A word that followed a context, and how often.
    public struct Follower: Equatable, Sendable {
        public var id: UInt32
        public var count: UInt32
    }

    /// What followed a context: the kept followers (sorted by id), and the totals before
    /// the list was cut.
    public struct Context: Sendable {
        public var followers: [Follower]
        public var total: UInt32
        public var distinct: UInt32
    }

    private let owner: AnyObject
    private let bytes: UnsafeRawBufferPointer
    private let tables: [(offset: Int, count: Int)]
    /// Where the lexicon came from (a path, or "memory").
    public let origin: String

    /// The words the language's spelling dictionary accepts (`KnownWords`), from the
    /// `.known` file beside the lexicon's (`en.known` beside `en.clx`); `nil` without one.
    public let knownWords: KnownWords?
    /// Why the `.known` file beside the lexicon could not be read (the lexicon works without
    /// it; auto-correction then knows only the lexicon's words).
    public let knownWordsProblem: LexiconError?

    /// Maps and checks the file at `path`: its checksum (read through `read`, so that the
    /// check leaves no page of the mapping resident) and the structure the reader relies on;
    /// and the known words beside it, when there are any.
    public convenience init(path: String) throws(LexiconError) {
        let file = try MappedFile(path: path)
        var known: KnownWords?
        var problem: LexiconError?
        if path.hasSuffix(".clx") {
            let knownPath = String(path.dropLast(4)) + ".known"
            if access(knownPath, F_OK) == 0 {
                do { known = try KnownWords(path: knownPath) } catch { problem = error }
            }
        }
        try self.init(owner: file, bytes: file.bytes, origin: path, checksum: LexiconChecksum.ofFile(path),
                      knownWords: known, knownWordsProblem: problem)
    }

    /// Reads a lexicon held in memory (tests, and files built on the fly). `verifyingChecksum`
    /// false skips the checksum but not the structure checks: what a fuzzer needs to reach them.
    public convenience init(bytes: [UInt8], origin: String = "memory", verifyingChecksum: Bool = true,
                            knownWords: KnownWords? = nil) throws(LexiconError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        buffer.copyBytes(from: bytes)
        let owner = OwnedBuffer(buffer)
        let contents = UnsafeRawBufferPointer(rebasing: buffer[0..<bytes.count])
        var checksum = LexiconChecksum()
        if verifyingChecksum { checksum.add(contents, at: 0) }
        try self.init(owner: owner, bytes: contents, origin: origin, checksum: verifyingChecksum ? checksum.value : nil,
                      knownWords: knownWords, knownWordsProblem: nil)
    }

    /// Lets go of the file's pages that lookups have mapped (`MappedFile.releaseResidentPages`;
    /// nothing for a lexicon held in memory): the keyboard does it once typing has paused, so
    /// an idle keyboard holds none of the 2 MB folios a few lookups map.
    public func releaseResidentPages() {
        (owner as? MappedFile)?.releaseResidentPages()
        knownWords?.releaseResidentPages()
    }

    /// Whether the file is still as it was read (`MappedFile.isIntact`; one held in memory
    /// always is): a lexicon whose file was written to in place is loaded again before use.
    public var isIntact: Bool { ((owner as? MappedFile)?.isIntact ?? true) && (knownWords?.isIntact ?? true) }

    private init(owner: AnyObject, bytes: UnsafeRawBufferPointer, origin: String, checksum: UInt64?,
                 knownWords: KnownWords?, knownWordsProblem: LexiconError?) throws(LexiconError) {
        self.owner = owner
        self.knownWords = knownWords
        self.knownWordsProblem = knownWordsProblem
        self.bytes = bytes
        self.origin = origin
        guard bytes.count >= LexiconFormat.headerSize, Array(bytes.prefix(8)) == LexiconFormat.magic else {
            throw .corrupt(path: origin, reason: "no CLAVISLX header")
        }
        let version = bytes.load(fromByteOffset: 8, as: UInt32.self).littleEndian
        guard version == LexiconFormat.version else {
            throw .corrupt(path: origin, reason: "format version \(version), this Clavis reads \(LexiconFormat.version)")
        }
        let sizes: [LexiconFormat.Table: Int] = [
            .units: 2, .text: 1, .words: LexiconFormat.wordSize, .top: 4, .contexts: LexiconFormat.contextSize,
            .entries: LexiconFormat.entrySize, .replacements: LexiconFormat.replacementSize, .costs: 2,
            .prefixes: LexiconFormat.prefixNodeSize, .contextBlocks: 8, .keyStarts: 4, .textStarts: 4,
        ]
        var tables: [(Int, Int)] = []
        for table in LexiconFormat.Table.allCases {
            let offset = Int(bytes.load(fromByteOffset: table.headerOffset, as: UInt32.self).littleEndian)
            let count = Int(bytes.load(fromByteOffset: table.headerOffset + 4, as: UInt32.self).littleEndian)
            guard offset % 8 == 0, offset + count * sizes[table]! <= bytes.count else {
                throw .corrupt(path: origin, reason: "the \(table) table runs past the end (truncated file?)")
            }
            tables.append((offset, count))
        }
        self.tables = tables
        if let checksum {
            let stored = bytes.load(fromByteOffset: LexiconFormat.checksumOffset, as: UInt64.self).littleEndian
            guard stored == checksum else {
                throw .corrupt(path: origin, reason: stored == 0 ? "no checksum (written by an older Clavis)" : "the checksum does not match (a damaged file)")
            }
        }
        try validate()
    }

    /// Checks what the reader relies on beyond the tables' bounds (the accessors check each
    /// index they follow): ids fit their sentinels, the packed tables have one entry per
    /// word (a block per 170 contexts), and the prefix nodes form the tree the correction walk descends, each node's
    /// words inside its parent's and after its elder sibling's, so no walk revisits a word
    /// or loops. Reads the prefix table, which every correction reads whole anyway.
    private func validate() throws(LexiconError) {
        func corrupt(_ reason: String) -> LexiconError { .corrupt(path: origin, reason: reason) }
        let words = wordCount
        guard words < Int(LexiconFormat.sentenceStart) else { throw corrupt("\(words) words, more than ids can number") }
        let contexts = table(.contexts).count
        let blocks = (contexts + LexiconFormat.contextsPerBlock - 1) / LexiconFormat.contextsPerBlock
        for (name, expected) in [(LexiconFormat.Table.costs, words), (.keyStarts, words + 1), (.textStarts, words + 1), (.contextBlocks, blocks)] {
            let count = table(name).count
            guard count == expected else { throw corrupt("the \(name) table has \(count) entries for \(words) words and \(contexts) contexts") }
        }
        guard words == 0 || prefixNodeCount > 0 else { throw corrupt("no prefix nodes for \(words) words") }
        struct Open { var skip: Int; var childrenFrom: UInt32; var end: UInt32; var lastUnit: Int }
        var stack: [Open] = []
        var topLevel = Open(skip: prefixNodeCount, childrenFrom: 0, end: UInt32(words), lastUnit: -1)
        let offset = table(.prefixes).offset
        for index in 0..<prefixNodeCount {
            while let top = stack.last, top.skip <= index {
                guard top.skip == index else { throw corrupt("prefix node \(index) lies past its parent's subtree") }
                stack.removeLast()
            }
            let row = offset + index * LexiconFormat.prefixNodeSize
            let depth = Int(u16(row + 2)), skip = Int(u32(row + 16))
            let start = u32(row + 4), exactEnd = u32(row + 8), end = u32(row + 12)
            let parent = stack.last ?? topLevel
            guard depth == stack.count + 1, depth <= LexiconFormat.prefixDepth else {
                throw corrupt("prefix node \(index) is at depth \(depth) where \(stack.count + 1) belongs")
            }
            guard skip > index, skip <= parent.skip else { throw corrupt("prefix node \(index) skips to \(skip)") }
            guard parent.childrenFrom <= start, start <= exactEnd, exactEnd <= end, end <= parent.end,
                  Int(u16(row)) > parent.lastUnit else {
                throw corrupt("prefix node \(index)'s words \(start)..<\(end) are outside its parent's or out of order")
            }
            if stack.isEmpty {
                topLevel.childrenFrom = end
                topLevel.lastUnit = Int(u16(row))
            } else {
                stack[stack.count - 1].childrenFrom = end
                stack[stack.count - 1].lastUnit = Int(u16(row))
            }
            stack.append(Open(skip: skip, childrenFrom: exactEnd, end: end, lastUnit: -1))
        }
        guard stack.allSatisfy({ $0.skip == prefixNodeCount }) else { throw corrupt("a prefix node skips past the table's end") }
    }

    /// How many words the lexicon holds.
    public var wordCount: Int { tables[LexiconFormat.Table.words.rawValue].count }

    private func u16(_ offset: Int) -> UInt16 { bytes.load(fromByteOffset: offset, as: UInt16.self).littleEndian }
    private func u32(_ offset: Int) -> UInt32 { bytes.load(fromByteOffset: offset, as: UInt32.self).littleEndian }
    private func u64(_ offset: Int) -> UInt64 { bytes.load(fromByteOffset: offset, as: UInt64.self).littleEndian }
    private func table(_ table: LexiconFormat.Table) -> (offset: Int, count: Int) { tables[table.rawValue] }


    /// The folded key of word `id` (empty for a damaged entry).
    public func key(of id: UInt32) -> UnsafeBufferPointer<UInt16> {
        let (start, length) = span(of: id, packed: .keyStarts)
        let units = table(.units)
        guard start + length <= units.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let pointer = (bytes.baseAddress! + units.offset).assumingMemoryBound(to: UInt16.self)
        return UnsafeBufferPointer(start: pointer + start, count: length)
    }

    /// Word `id` as it is written.
    public func text(of id: UInt32) -> String {
        let (start, length) = span(of: id, packed: .textStarts)
        return string(start: start, length: length)
    }

    /// Where word `id`'s key or text lies, from the packed starts (a word's ends where the
    /// next one's starts).
    private func span(of id: UInt32, packed: LexiconFormat.Table) -> (start: Int, length: Int) {
        guard Int(id) < wordCount else { return (0, 0) }
        let at = table(packed).offset + Int(id) * 4
        let start = Int(u32(at))
        return (start, max(0, Int(u32(at + 4)) - start))
    }

    /// −log10 of word `id`'s probability, in thousandths (smaller is more frequent).
    public func cost(of id: UInt32) -> UInt16 {
        guard Int(id) < wordCount else { return .max }
        return u16(table(.costs).offset + Int(id) * 2)
    }

    /// The unigram probability of word `id`.
    public func probability(of id: UInt32) -> Double { Self.probability(cost: cost(of: id)) }

    static func probability(cost: UInt16) -> Double { pow10(-Double(cost) / 1000) }

    private func string(start: Int, length: Int) -> String {
        let text = table(.text)
        guard start + length <= text.count else { return "" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(text.offset + start)..<(text.offset + start + length)]), as: UTF8.self)
    }

    /// The ids of the words whose folded key starts with `prefix`.
    ///
    /// The prefix nodes give the range of the first three units at once (a prefix that short
    /// is answered from them alone); the rest is bisected inside it, over keys that lie
    /// together. Bisecting the whole table read keys from pages all over it, a dozen or more
    /// a query, and over a typed paragraph that brought most of the key tables into memory.
    public func range(prefix: [UInt16]) -> Range<UInt32> {
        let within = prefixNode(matching: prefix)
        if let within, within.depth == prefix.count { return within.words }
        let bounds = within?.words ?? 0..<UInt32(wordCount)
        func lowerBound(_ isBelow: (UnsafeBufferPointer<UInt16>) -> Bool) -> UInt32 {
            var low = bounds.lowerBound, high = bounds.upperBound
            while low < high {
                let middle = low + (high - low) / 2
                if isBelow(key(of: middle)) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let start = lowerBound { $0.lexicographicallyPrecedes(prefix) }
        let end = lowerBound { key in
            key.lexicographicallyPrecedes(prefix) || key.starts(with: prefix)
        }
        return start..<max(start, end)
    }

    /// The deepest prefix node whose prefix `prefix` starts with, found level by level among
    /// each node's children (in unit order, skipping the subtrees between them); nil with no
    /// prefix nodes, or when even the first unit has none.
    private func prefixNode(matching prefix: [UInt16]) -> PrefixNode? {
        let nodes = prefixNodeCount
        var found: PrefixNode?
        var index = 0
        for (level, unit) in prefix.enumerated() {
            var match: PrefixNode?
            while index < nodes {
                let node = prefixNode(index)
                guard node.depth == level + 1, node.unit <= unit else { break }
                if node.unit == unit {
                    match = node
                    break
                }
                index = node.skip
            }
            guard let match else { return found }
            found = match
            index += 1
        }
        return found
    }

    /// A node of the top levels of the trie of folded keys (`LexiconFormat`, `prefixes`).
    public struct PrefixNode: Equatable, Sendable {
        /// The node's last key unit; its prefix is the units of the nodes above it and this.
        public var unit: UInt16
        /// How many units long its prefix is (1 for a first letter).
        public var depth: Int
        /// The words whose key starts with the prefix.
        public var words: Range<UInt32>
        /// The words whose key is the prefix itself (at the start of `words`).
        public var exact: Range<UInt32>
        /// The index of the next node that is not below this one.
        public var skip: Int

        public init(unit: UInt16, depth: Int, words: Range<UInt32>, exact: Range<UInt32>, skip: Int) {
            self.unit = unit
            self.depth = depth
            self.words = words
            self.exact = exact
            self.skip = skip
        }
    }

    /// How many prefix nodes the file holds.
    public var prefixNodeCount: Int { table(.prefixes).count }

    /// Prefix node `index`, in depth-first order.
    public func prefixNode(_ index: Int) -> PrefixNode {
        let offset = table(.prefixes).offset + index * LexiconFormat.prefixNodeSize
        let start = u32(offset + 4), exactEnd = u32(offset + 8), end = u32(offset + 12)
        return PrefixNode(unit: u16(offset), depth: Int(u16(offset + 2)), words: start..<max(start, end),
                          exact: start..<min(max(start, exactEnd), max(start, end)), skip: Int(u32(offset + 16)))
    }

    /// The end of the run of words from `start` on whose keys begin with `prefix` (the key of
    /// `start` must), no further than `limit`: found by galloping forward from `start` and
    /// bisecting the last stride, so only keys near the run's end are read (a binary search
    /// over the whole table would touch pages all over the file).
    ///
    ///     let hel = lexicon.range(prefix: WordFolding.fold("hel"))
    ///     lexicon.end(ofPrefix: WordFolding.fold("hel")[...], from: hel.lowerBound) == hel.upperBound
    public func end(ofPrefix prefix: ArraySlice<UInt16>, from start: UInt32, limit: UInt32? = nil) -> UInt32 {
        let limit = min(limit ?? UInt32(wordCount), UInt32(wordCount))
        func inside(_ id: UInt32) -> Bool { id < limit && key(of: id).starts(with: prefix) }
        var low = start, step: UInt32 = 1
        while low + step < limit, inside(low + step) {
            low += step
            step *= 2
        }
        var high = min(low + step, limit)
        low += 1
        while low < high {
            let middle = low + (high - low) / 2
            if inside(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The ids of the words whose folded key is exactly `key`.
    public func exact(_ key: [UInt16]) -> Range<UInt32> {
        let range = range(prefix: key)
        var end = range.lowerBound
        while end < range.upperBound, self.key(of: end).count == key.count { end += 1 }
        return range.lowerBound..<end
    }

    /// The id of the word written exactly as `text`, if the lexicon has it.
    public func id(of text: String) -> UInt32? {
        exact(WordFolding.fold(text)).first { self.text(of: $0) == text }
    }

    /// The most frequent words, most frequent first.
    public func topWords(_ limit: Int) -> [UInt32] {
        let top = table(.top)
        return (0..<min(limit, top.count)).map { u32(top.offset + $0 * 4) }.filter { Int($0) < wordCount }
    }

    /// What followed the word `previous` (`LexiconFormat.sentenceStart` at a sentence start),
    /// or the two words `first previous` when `first` is given.
    public func context(_ previous: UInt32, after first: UInt32? = nil) -> Context? {
        let key = LexiconFormat.contextKey(first ?? LexiconFormat.noWord, previous)
        let contexts = table(.contexts)
        // The last block whose first key is not above `key`, then that block alone.
        let blocks = table(.contextBlocks)
        var first = 0, last = blocks.count
        while first < last {
            let middle = (first + last) / 2
            if u64(blocks.offset + middle * 8) <= key { first = middle + 1 } else { last = middle }
        }
        guard first > 0 else { return nil }
        var low = (first - 1) * LexiconFormat.contextsPerBlock
        var high = min(contexts.count, low + LexiconFormat.contextsPerBlock)
        while low < high {
            let middle = (low + high) / 2
            if u64(contexts.offset + middle * LexiconFormat.contextSize) < key { low = middle + 1 } else { high = middle }
        }
        let row = contexts.offset + low * LexiconFormat.contextSize
        guard low < contexts.count, u64(row) == key else { return nil }
        let start = Int(u32(row + 8)), count = Int(u32(row + 12))
        let entries = table(.entries)
        guard start + count <= entries.count else { return nil }
        let followers = (start..<(start + count)).compactMap { index -> Follower? in
            let offset = entries.offset + index * LexiconFormat.entrySize
            let id = u32(offset)
            return Int(id) < wordCount ? Follower(id: id, count: u32(offset + 4)) : nil
        }
        return Context(followers: followers, total: u32(row + 16), distinct: u32(row + 20))
    }

    /// Known misspellings (typed part, meant part), from the dictionary's REP table.
    public var replacements: [(typed: String, meant: String)] {
        let table = table(.replacements)
        return (0..<table.count).map { index in
            let row = table.offset + index * LexiconFormat.replacementSize
            return (string(start: Int(u32(row)), length: Int(u32(row + 4))),
                    string(start: Int(u32(row + 8)), length: Int(u32(row + 12))))
        }
    }
}

/// Memory a `Lexicon` built from bytes owns.
/// Memory a lexicon or known-words set read from bytes owns, freed with it.
final class OwnedBuffer {
    let buffer: UnsafeMutableRawBufferPointer
    init(_ buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }
    deinit { buffer.deallocate() }
}

#if canImport(Glibc)
import Glibc
private func pow10(_ exponent: Double) -> Double { Glibc.pow(10, exponent) }
#endif
