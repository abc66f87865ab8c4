@testable import ClavisPrediction
import TestSupport
import Testing

@Suite struct LexiconTests {
    let lexicon = TestLexicon.make()

    @Test func everyWordIsFoundByItsOwnTextAndPrefix() {
        #expect(lexicon.wordCount == TestLexicon.words.count)
        for (word, _) in TestLexicon.words {
            let id = lexicon.id(of: word)
            #expect(id != nil, "\(word)")
            #expect(lexicon.range(prefix: WordFolding.fold(word)).contains(id!))
        }
    }

    @Test func aPrefixIsOneRangeOfIdsInFoldedOrder() {
        let range = lexicon.range(prefix: WordFolding.fold("hel"))
        #expect(Set(range.map(lexicon.text(of:))) == ["help", "held", "hello", "hell", "helot"])
        #expect(lexicon.range(prefix: WordFolding.fold("zzz")).isEmpty)
        #expect(lexicon.range(prefix: []).count == lexicon.wordCount)
    }

    @Test func foldingIgnoresCaseAndApostrophes() {
        #expect(Set(lexicon.exact(WordFolding.fold("dont")).map(lexicon.text(of:))) == ["don't"])
        #expect(Set(lexicon.exact(WordFolding.fold("its")).map(lexicon.text(of:))) == ["its", "it's"])
        #expect(lexicon.exact(WordFolding.fold("london")).map(lexicon.text(of:)) == ["London"])
    }

    @Test func probabilitiesFollowTheCounts() {
        let the = lexicon.probability(of: lexicon.id(of: "the")!)
        let hello = lexicon.probability(of: lexicon.id(of: "hello")!)
        let total = Double(TestLexicon.words.reduce(0) { $0 + $1.1 })
        #expect(abs(the - 5_000_000 / total) / the < 0.01)
        #expect(the > hello * 100)
        #expect(lexicon.topWords(3).map(lexicon.text(of:)) == ["the", "to", "and"])
    }

    @Test func contextsKeepTheirFollowersAndTotals() throws {
        let see = try #require(lexicon.id(of: "see"))
        let you = try #require(lexicon.id(of: "you"))
        let bigram = try #require(lexicon.context(see))
        #expect(bigram.followers.map(\.id) == [you])
        #expect(bigram.total == 30 && bigram.distinct == 1)
        let trigram = try #require(lexicon.context(you, after: see))
        #expect(trigram.followers.map { lexicon.text(of: $0.id) } == ["tomorrow"])
        #expect(lexicon.context(you, after: lexicon.id(of: "hello")!) == nil)
        #expect(lexicon.replacements.map(\.typed) == ["ie"])
    }

    @Test func aTruncatedOrForeignFileIsRefusedWithItsName() {
        var bytes = TestLexicon.bytes()
        bytes.removeLast(bytes.count / 3)
        #expect(throws: LexiconError.self) { try Lexicon(bytes: bytes, origin: "cut.clx") }
        do {
            _ = try Lexicon(bytes: bytes, origin: "cut.clx")
        } catch {
            #expect(error.description.hasPrefix("cut.clx: not a usable Clavis lexicon"))
        }
        #expect(throws: LexiconError.self) { try Lexicon(bytes: Array("hello".utf8), origin: "text.clx") }
    }

    /// A file of the first format (which could lack the packed tables) is refused, naming
    /// the command that rebuilds it.
    @Test func aVersionOneFileIsRefusedWithTheRebuildCommand() throws {
        var bytes = TestLexicon.bytes()
        bytes[8] = 1
        LexiconBuilder.seal(&bytes)
        let error = #expect(throws: LexiconError.self) { try Lexicon(bytes: bytes, origin: "/data/en.clx") }
        #expect(error?.description == "/data/en.clx: not a usable Clavis lexicon: format version 1, this Clavis reads 2; rebuild it with scripts/text-data.sh --force")
    }

    /// Every packed table must be there, one entry a word: there is no reading from the records.
    @Test func aFileMissingAPackedTableIsRefused() throws {
        for table in [LexiconFormat.Table.costs, .prefixes, .contextBlocks, .keyStarts, .textStarts] {
            var bytes = TestLexicon.bytes()
            bytes.replaceSubrange((table.headerOffset + 4)..<(table.headerOffset + 8), with: [0, 0, 0, 0])
            LexiconBuilder.seal(&bytes)
            let error = #expect(throws: LexiconError.self, "\(table)") { try Lexicon(bytes: bytes, origin: "cut.clx") }
            #expect(error?.description.contains("not a usable Clavis lexicon") == true)
        }
    }

    @Test func keysAndTextsComeFromThePackedStarts() throws {
        #expect(Set((0..<UInt32(lexicon.wordCount)).map(lexicon.text(of:))) == Set(TestLexicon.words.map(\.0)))
        for id in 0..<UInt32(lexicon.wordCount) {
            #expect(Array(lexicon.key(of: id)) == WordFolding.fold(lexicon.text(of: id)), "\(lexicon.text(of: id))")
        }
        #expect(Set((0..<UInt32(lexicon.wordCount)).map(lexicon.cost(of:))).count > 5)
        #expect(lexicon.cost(of: lexicon.id(of: "the")!) < lexicon.cost(of: lexicon.id(of: "helot")!))
    }

    /// Ranges found through the prefix nodes are the ids whose keys a scan of every word
    /// finds starting with the prefix, for every prefix of every word and for prefixes no
    /// word has.
    @Test func prefixRangesFromTheNodesAreTheScannedOnes() throws {
        #expect(lexicon.prefixNodeCount > 0)
        var prefixes: Set<[UInt16]> = [[], WordFolding.fold("zzz"), WordFolding.fold("qx"), WordFolding.fold("thx"), [0xFFFF]]
        for id in 0..<UInt32(lexicon.wordCount) {
            let key = Array(lexicon.key(of: id))
            for length in 1...key.count { prefixes.insert(Array(key.prefix(length))) }
            prefixes.insert(key + WordFolding.fold("q"))
        }
        for prefix in prefixes {
            let scanned = (0..<UInt32(lexicon.wordCount)).filter { lexicon.key(of: $0).starts(with: prefix) }
            let range = lexicon.range(prefix: prefix)
            let name = String(decoding: prefix.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
            #expect(Array(range) == scanned, "\(name)")
        }
        #expect(lexicon.range(prefix: WordFolding.fold("th")).count > 1)
    }

    @Test func aMappedFileReadsTheSameAsMemory() throws {
        let path = "/tmp/clavis-lexicon-test-\(getpid()).clx"
        let bytes = TestLexicon.bytes()
        let file = fopen(path, "w")!
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        defer { unlink(path) }
        let mapped = try Lexicon(path: path)
        #expect(mapped.wordCount == lexicon.wordCount)
        #expect(mapped.text(of: 0) == lexicon.text(of: 0))
        #expect(throws: LexiconError.self) { try Lexicon(path: path + ".missing") }
    }

    @Test func thePrefixNodesAreTheTopOfTheTrieInDepthFirstOrder() throws {
        var builder = LexiconBuilder()
        for word in ["a", "an", "and", "ant", "be", "bee", "beet", "A"] { builder.add(word: word, count: 1) }
        let small = try Lexicon(bytes: builder.build())
        let keys = (0..<UInt32(small.wordCount)).map { String(decoding: small.key(of: $0).map(UInt8.init), as: UTF8.self) }
        #expect(keys == ["a", "a", "an", "and", "ant", "be", "bee", "beet"])
        let nodes = (0..<small.prefixNodeCount).map(small.prefixNode)
        func node(_ letter: Character, _ depth: Int, _ words: Range<UInt32>, _ exact: Range<UInt32>, skip: Int) -> Lexicon.PrefixNode {
            Lexicon.PrefixNode(unit: UInt16(letter.asciiValue!), depth: depth, words: words, exact: exact, skip: skip)
        }
        let expected: [Lexicon.PrefixNode] = [
            node("a", 1, 0..<5, 0..<2, skip: 4),
            node("n", 2, 2..<5, 2..<3, skip: 4),
            node("d", 3, 3..<4, 3..<4, skip: 3),
            node("t", 3, 4..<5, 4..<5, skip: 4),
            node("b", 1, 5..<8, 5..<5, skip: 7),
            node("e", 2, 5..<8, 5..<6, skip: 7),
            node("e", 3, 6..<8, 6..<7, skip: 7),
        ]
        #expect(nodes == expected)
    }

    @Test func theEndOfAPrefixRunIsTheEndOfItsRange() {
        for prefix in ["h", "he", "hel", "t", "th", "the", "w", "wo", "z", "a"] {
            let folded = WordFolding.fold(prefix)
            let range = lexicon.range(prefix: folded)
            guard !range.isEmpty else { continue }
            for start in [range.lowerBound, range.lowerBound + UInt32(range.count / 2), range.upperBound - 1] {
                #expect(lexicon.end(ofPrefix: folded[...], from: start) == range.upperBound, "\(prefix) from \(start)")
            }
            #expect(lexicon.end(ofPrefix: folded[...], from: range.lowerBound, limit: range.lowerBound + 1) == range.lowerBound + 1)
        }
    }

    /// Contexts found through the block keys are the n-grams the lexicon was built from, over
    /// several blocks, and no others.
    @Test func contextsAreFoundThroughTheirBlocks() throws {
        var builder = LexiconBuilder()
        let words = (0..<400).map { "w\($0)" }
        for (index, word) in words.enumerated() { builder.add(word: word, count: 1000 - index) }
        for index in 0..<(words.count - 2) {
            builder.add(ngram: [words[index], words[index + 1]], count: 2)
            builder.add(ngram: [words[index], words[index + 1], words[index + 2]], count: 2)
        }
        let bytes = builder.build()
        let indexed = try Lexicon(bytes: bytes)
        let ids = words.map { indexed.id(of: $0)! }
        /// What the n-grams said follows a context: w(i+1) after w(i), w(i+2) after w(i) w(i+1),
        /// for i up to 397.
        func expected(_ first: Int?, _ previous: Int) -> UInt32? {
            let start = first ?? previous
            guard start <= words.count - 3, first == nil || previous == start + 1 else { return nil }
            return ids[previous + 1]
        }
        var found = 0
        for first in [nil] + words.indices.map(Optional.some) {
            for previous in words.indices {
                let context = indexed.context(ids[previous], after: first.map { ids[$0] })
                let follower = expected(first, previous)
                #expect(context?.followers.map(\.id) == follower.map { [$0] }, "\(String(describing: first)) \(previous)")
                if context != nil { found += 1 }
            }
        }
        #expect(found > 700, "contexts over several blocks of 170")
    }

    /// The probe's damaged files: each crashed or hung the keyboard. With the checksum each
    /// is refused at once; without it (what a crafted file could do) the structure checks
    /// refuse them, or every query stays in bounds.
    static func damaged(_ change: (inout [UInt8], (LexiconFormat.Table) -> Range<Int>) -> Void) -> [UInt8] {
        var bytes = TestLexicon.bytes()
        let header = bytes.prefix(LexiconFormat.headerSize)
        func field(_ offset: Int) -> Int { header[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
        func table(_ table: LexiconFormat.Table) -> Range<Int> {
            let sizes: [LexiconFormat.Table: Int] = [.top: 4, .prefixes: LexiconFormat.prefixNodeSize]
            let offset = field(table.headerOffset), count = field(table.headerOffset + 4)
            return offset..<(offset + count * sizes[table]!)
        }
        change(&bytes, table)
        return bytes
    }

    static let probes: [(String, [UInt8])] = [
        ("the header followed by zeros", damaged { bytes, _ in
            bytes.replaceSubrange(LexiconFormat.headerSize..., with: repeatElement(0, count: bytes.count - LexiconFormat.headerSize))
        }),
        ("the prefixes table all 0xFF", damaged { bytes, table in
            let range = table(.prefixes)
            bytes.replaceSubrange(range, with: repeatElement(0xFF, count: range.count))
        }),
        ("the top table all 0xFF", damaged { bytes, table in
            let range = table(.top)
            bytes.replaceSubrange(range, with: repeatElement(0xFF, count: range.count))
        }),
    ]

    @Test(arguments: probes.map(\.0))
    func aDamagedFileIsRefusedByItsChecksumNamingTheRebuild(probe: String) {
        let bytes = Self.probes.first { $0.0 == probe }!.1
        #expect(throws: LexiconError.corrupt(path: "en.clx", reason: "the checksum does not match (a damaged file)")) {
            try Lexicon(bytes: bytes, origin: "en.clx")
        }
        #expect(LexiconError.corrupt(path: "en.clx", reason: "r").description
            == "en.clx: not a usable Clavis lexicon: r; rebuild it with scripts/text-data.sh --force")
    }

    @Test func aFileWithoutAChecksumIsRefused() {
        var bytes = TestLexicon.bytes()
        bytes.replaceSubrange(LexiconFormat.checksumOffset..<(LexiconFormat.checksumOffset + 8), with: repeatElement(0, count: 8))
        #expect(throws: LexiconError.corrupt(path: "old.clx", reason: "no checksum (written by an older Clavis)")) {
            try Lexicon(bytes: bytes, origin: "old.clx")
        }
    }

    @Test func aCraftedFileIsRefusedByItsStructureOrStaysInBounds() throws {
        for (probe, bytes) in Self.probes {
            guard let lexicon = try? Lexicon(bytes: bytes, origin: "crafted.clx", verifyingChecksum: false) else { continue }
            // Only the damaged top list passes: its ids are out of range and left out.
            #expect(probe == "the top table all 0xFF")
            #expect(lexicon.topWords(10).isEmpty)
            #expect(lexicon.cost(of: 0xFFFF_FFFF) == .max && lexicon.text(of: 0xFFFF_FFFF) == "")
            let predictor = TextPredictor(lexicon: lexicon)
            _ = predictor.suggestions(for: TypingContext(before: ""), count: 5)
            _ = predictor.suggestions(for: TypingContext(before: "the qu"), count: 5)
        }
        #expect(throws: LexiconError.corrupt(path: "crafted.clx", reason: "prefix node 0 is at depth 0 where 1 belongs")) {
            try Lexicon(bytes: Self.probes[0].1, origin: "crafted.clx", verifyingChecksum: false)
        }
    }

    /// Six of twenty copies with 2,000 flipped bits looped for minutes in the correction
    /// walk: flipped files fail their checksum; read anyway, they are refused or answer.
    @Test func flippedBitsAreCaughtAndNeverHang() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var bytes = TestLexicon.bytes()
            for _ in 0..<200 {
                let index = Int.random(in: LexiconFormat.headerSize..<bytes.count, using: &random)
                bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            }
            #expect(throws: LexiconError.self) { try Lexicon(bytes: bytes, origin: "flipped.clx") }
            guard let lexicon = try? Lexicon(bytes: bytes, origin: "flipped.clx", verifyingChecksum: false) else { continue }
            let predictor = TextPredictor(lexicon: lexicon)
            for typed in ["", "helo ", "the quik", "recieve", "thx"] {
                _ = predictor.suggestions(for: TypingContext(before: typed), count: 5)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LexiconAccentsTests {
    @Test func theAccentedFormsOfAKeyAreFoundByItsPrefixes() throws {
        var builder = LexiconBuilder()
        for (word, count) in [("żółw", 30), ("żółwie", 20), ("zoo", 90), ("Straße", 40), ("dass", 50), ("das", 900), ("über", 99)] {
            builder.add(word: word, count: count)
        }
        let lexicon = try Lexicon(bytes: builder.build())
        func forms(_ typed: String) -> [String] {
            lexicon.accentedForms(of: WordFolding.fold(typed)).map { lexicon.text(of: $0.id) + " \($0.accents)" }.sorted()
        }
        #expect(forms("zolw") == ["żółw 3"])
        #expect(forms("strasse") == ["Straße 1"])
        #expect(forms("daß") == ["dass 1"])
        #expect(forms("uber") == ["über 1"])
        #expect(forms("zoo").isEmpty, "the typed key itself is no accented form")
        #expect(forms("xyz").isEmpty)
    }
}
