/// Builds the bytes of a `.clx` lexicon from word counts, n-gram counts and known misspellings.
///
/// Used by `clavis-lexicon` at build time and by tests to make small lexicons in memory. The
/// reader (`Lexicon`) never parses: everything it needs is laid out here (see `LexiconFormat`).
///
///     var builder = LexiconBuilder()
///     builder.add(word: "hello", count: 50)
///     builder.add(ngram: ["<s>", "hello"], count: 3)
///     let lexicon = try Lexicon(bytes: builder.build())
public struct LexiconBuilder {
    /// How many followers a context keeps (the most frequent).
    public var followersPerContext = 256
    /// How many words the "no context" list holds.
    public var topCount = 512

    private var counts: [String: Int] = [:]
    private var ngrams: [[String]: Int] = [:]
    private var replacements: [(typed: String, meant: String)] = []

    public init() {}

    /// Adds `count` occurrences of `word` (written as the user should see it).
    public mutating func add(word: String, count: Int) {
        guard !word.isEmpty, count > 0 else { return }
        counts[word, default: 0] += count
    }

    /// Adds `count` occurrences of a two- or three-word sequence; "<s>" starts a sentence.
    public mutating func add(ngram words: [String], count: Int) {
        guard words.count == 2 || words.count == 3, count > 0 else { return }
        ngrams[words, default: 0] += count
    }

    /// Adds a known misspelling: `typed` (a part of a word) is often written for `meant`.
    public mutating func add(replacement typed: String, meant: String) {
        guard !typed.isEmpty, typed != meant else { return }
        replacements.append((typed, meant))
    }

    /// Writes the `prefixes` table (`LexiconFormat`) for keys in sorted order; returns how
    /// many nodes it holds.
    static func writePrefixNodes(keys: [[UInt16]], into writer: inout ByteWriter) -> Int {
        var nodes: [(unit: UInt16, depth: Int, start: Int, exactEnd: Int, end: Int, skip: Int)] = []
        func add(_ range: Range<Int>, depth: Int) {
            var index = range.lowerBound
            while index < range.upperBound, keys[index].count <= depth { index += 1 }
            while index < range.upperBound {
                let unit = keys[index][depth]
                var end = index
                while end < range.upperBound, keys[end][depth] == unit { end += 1 }
                var exactEnd = index
                while exactEnd < end, keys[exactEnd].count == depth + 1 { exactEnd += 1 }
                let node = nodes.count
                nodes.append((unit, depth + 1, index, exactEnd, end, 0))
                if depth + 1 < LexiconFormat.prefixDepth { add(index..<end, depth: depth + 1) }
                nodes[node].skip = nodes.count
                index = end
            }
        }
        add(0..<keys.count, depth: 0)
        for node in nodes {
            writer.u16(node.unit)
            writer.u16(UInt16(node.depth))
            writer.u32(UInt32(node.start))
            writer.u32(UInt32(node.exactEnd))
            writer.u32(UInt32(node.end))
            writer.u32(UInt32(node.skip))
        }
        return nodes.count
    }

    /// The lexicon file's bytes.
    public func build() -> [UInt8] {
        let words = counts.map { (text: $0.key, key: WordFolding.fold($0.key), count: $0.value) }
            .filter { !$0.key.isEmpty }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && ($0.count, $0.text) > ($1.count, $1.text)) }
        var ids: [String: UInt32] = [:]
        for (index, word) in words.enumerated() { ids[word.text] = UInt32(index) }
        let total = Double(max(1, words.reduce(0) { $0 + $1.count }))

        var units: [UInt16] = []
        var text: [UInt8] = []
        var wordTable = ByteWriter()
        var costs = ByteWriter()
        var keyStarts = ByteWriter()
        var textStarts = ByteWriter()
        for word in words {
            let keyStart = UInt32(units.count)
            keyStarts.u32(keyStart)
            units.append(contentsOf: word.key)
            let textStart = UInt32(text.count)
            textStarts.u32(textStart)
            text.append(contentsOf: word.text.utf8)
            wordTable.u32(keyStart)
            wordTable.u16(UInt16(min(word.key.count, 0xFFFF)))
            let cost = LexiconFormat.cost(probability: Double(word.count) / total)
            wordTable.u16(cost)
            costs.u16(cost)
            wordTable.u32(textStart)
            wordTable.u16(UInt16(min(word.text.utf8.count, 0xFFFF)))
            wordTable.u16(0)
        }

        keyStarts.u32(UInt32(units.count))
        textStarts.u32(UInt32(text.count))

        var prefixes = ByteWriter()
        let prefixCount = Self.writePrefixNodes(keys: words.map(\.key), into: &prefixes)

        var top = ByteWriter()
        let byFrequency = words.indices.sorted { (words[$0].count, $1) > (words[$1].count, $0) }
        for id in byFrequency.prefix(topCount) { top.u32(UInt32(id)) }

        var followers: [UInt64: [(id: UInt32, count: Int)]] = [:]
        for (sequence, count) in ngrams {
            let mapped = sequence.map { $0 == "<s>" ? LexiconFormat.sentenceStart : ids[$0] }
            guard mapped.allSatisfy({ $0 != nil }), let last = mapped.last!, last != LexiconFormat.sentenceStart else { continue }
            let key = mapped.count == 2
                ? LexiconFormat.contextKey(LexiconFormat.noWord, mapped[0]!)
                : LexiconFormat.contextKey(mapped[0]!, mapped[1]!)
            followers[key, default: []].append((last, count))
        }
        var contexts = ByteWriter()
        var contextBlocks = ByteWriter()
        var entries = ByteWriter()
        var entryCount: UInt32 = 0
        for (index, key) in followers.keys.sorted().enumerated() {
            if index % LexiconFormat.contextsPerBlock == 0 { contextBlocks.u64(key) }
            let all = followers[key]!
            let kept = all.sorted { ($0.count, $1.id) > ($1.count, $0.id) }.prefix(followersPerContext).sorted { $0.id < $1.id }
            contexts.u64(key)
            contexts.u32(entryCount)
            contexts.u32(UInt32(kept.count))
            contexts.u32(UInt32(min(all.reduce(0) { $0 + $1.count }, Int(UInt32.max))))
            contexts.u32(UInt32(all.count))
            for entry in kept {
                entries.u32(entry.id)
                entries.u32(UInt32(min(entry.count, Int(UInt32.max))))
            }
            entryCount += UInt32(kept.count)
        }

        var replacementTable = ByteWriter()
        for pair in replacements {
            for part in [pair.typed, pair.meant] {
                replacementTable.u32(UInt32(text.count))
                replacementTable.u32(UInt32(part.utf8.count))
                text.append(contentsOf: part.utf8)
            }
        }

        var unitBytes = ByteWriter()
        for unit in units { unitBytes.u16(unit) }
        let tables: [(LexiconFormat.Table, [UInt8], Int)] = [
            (.units, unitBytes.bytes, units.count),
            (.text, text, text.count),
            (.words, wordTable.bytes, words.count),
            (.top, top.bytes, min(topCount, words.count)),
            (.contexts, contexts.bytes, followers.count),
            (.entries, entries.bytes, Int(entryCount)),
            (.replacements, replacementTable.bytes, replacements.count),
            (.costs, costs.bytes, words.count),
            (.prefixes, prefixes.bytes, prefixCount),
            (.contextBlocks, contextBlocks.bytes, contextBlocks.bytes.count / 8),
            (.keyStarts, keyStarts.bytes, words.count + 1),
            (.textStarts, textStarts.bytes, words.count + 1),
        ]
        var header = ByteWriter()
        header.bytes.append(contentsOf: LexiconFormat.magic)
        header.u32(LexiconFormat.version)
        var body: [UInt8] = []
        var offset = LexiconFormat.headerSize
        for (_, bytes, count) in tables {
            header.u32(UInt32(offset))
            header.u32(UInt32(count))
            body.append(contentsOf: bytes)
            let padding = (8 - bytes.count % 8) % 8
            body.append(contentsOf: repeatElement(0, count: padding))
            offset += bytes.count + padding
        }
        header.bytes.append(contentsOf: repeatElement(0, count: LexiconFormat.headerSize - header.bytes.count))
        var file = header.bytes + body
        Self.seal(&file)
        return file
    }

    /// Writes a lexicon's checksum into its header: after `build()`, and after any change
    /// made to the bytes since (tests that write older or damaged files).
    public static func seal(_ file: inout [UInt8]) {
        guard file.count >= LexiconFormat.headerSize else { return }
        var checksum = LexiconChecksum()
        file.withUnsafeBytes { checksum.add($0, at: 0) }
        withUnsafeBytes(of: checksum.value.littleEndian) { value in
            file.replaceSubrange(LexiconFormat.checksumOffset..<(LexiconFormat.checksumOffset + 8), with: value)
        }
    }
}

/// Appends little-endian integers to a byte array.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
}
