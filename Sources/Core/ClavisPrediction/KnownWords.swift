/// The words a language's spelling dictionary accepts, for auto-correction to leave alone.
///
/// The lexicon predicts a language's most frequent words; a correctly spelled rarer word
/// ("caret", "quaff", "zeugma") is not among them, and without this set it was "corrected" to
/// the nearest frequent one. The set is built at data-build time from hunspell
/// (`scripts/known-words.py`: every word of wordfreq's full list hunspell accepts, and the
/// dictionary's stems), one word a line in code-point order after a `CLAVISKW 1` line, and
/// mapped: a lookup is a binary search touching about twenty of its pages, once per word ended.
///
///     let known = try KnownWords(path: "/usr/share/clavis/text/en.known")
///     known.accepts("caret")    // true
///     known.accepts("Caret")    // true: a capital at a sentence's start
///     known.accepts("london")   // false: only "London" is a word
public final class KnownWords: @unchecked Sendable {
    /// The first line of every file, and the format's version.
    public static let header = Array("CLAVISKW 1\n".utf8)

    private let owner: AnyObject
    /// The word lines after the header.
    private let body: UnsafeRawBufferPointer

    /// Maps the file at `path`, or throws naming it and what is wrong.
    public convenience init(path: String) throws(LexiconError) {
        let file = try MappedFile(path: path)
        try self.init(owner: file, bytes: file.bytes, origin: path)
    }

    /// Reads a set held in memory (tests, fuzzing).
    public convenience init(bytes: [UInt8], origin: String = "memory") throws(LexiconError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        buffer.copyBytes(from: bytes)
        try self.init(owner: OwnedBuffer(buffer), bytes: UnsafeRawBufferPointer(rebasing: buffer[0..<bytes.count]), origin: origin)
    }

    private init(owner: AnyObject, bytes: UnsafeRawBufferPointer, origin: String) throws(LexiconError) {
        guard bytes.count >= Self.header.count, bytes.prefix(Self.header.count).elementsEqual(Self.header) else {
            throw .corrupt(path: origin, reason: "no CLAVISKW 1 header (a known-words file is a header line, then one word a line)")
        }
        self.owner = owner
        body = UnsafeRawBufferPointer(rebasing: bytes[Self.header.count...])
    }

    /// Lets go of the pages lookups have mapped (`MappedFile.releaseResidentPages`), with
    /// its lexicon's once typing pauses.
    public func releaseResidentPages() {
        (owner as? MappedFile)?.releaseResidentPages()
    }

    /// Whether the file is still as it was mapped (`MappedFile.isIntact`).
    public var isIntact: Bool { (owner as? MappedFile)?.isIntact ?? true }

    /// Whether `word` is in the set exactly as written.
    public func contains(_ word: String) -> Bool {
        let key = Array(word.utf8)
        guard !key.isEmpty, !key.contains(10), let line = firstLine(notBefore: key) else { return false }
        return line.count == key.count && Self.compare(body, line, key) == 0
    }

    /// The first line not before `key` in byte order (the lines are sorted), by binary search;
    /// `nil` when every line is before it. [low, high) is always whole lines: low at a line's
    /// start, high after a newline (or the end); each step drops the probed line and one side.
    private func firstLine(notBefore key: [UInt8]) -> Range<Int>? {
        var low = 0, high = body.count
        var found: Range<Int>?
        while low < high {
            let middle = low + (high - low) / 2
            var start = middle
            while start > low && body[start - 1] != 10 { start -= 1 }
            var end = middle
            while end < high && body[end] != 10 { end += 1 }
            if Self.compare(body, start..<end, key) < 0 {
                low = end + 1
            } else {
                found = start..<end
                high = start
            }
        }
        return found
    }

    /// Whether `word` is a word in a case the dictionary allows: as written, with its first
    /// letter lowered (a capital at a sentence's start: "Caret"), or, written all in capitals,
    /// in any case ("CARET", "NASA").
    public func accepts(_ word: String) -> Bool {
        if contains(word) { return true }
        guard let head = word.first, head.isUppercase else { return false }
        if contains(head.lowercased() + word.dropFirst()) { return true }
        let letters = word.filter(\.isLetter)
        guard letters.count > 1, letters.allSatisfy(\.isUppercase) else { return false }
        let lowered = word.lowercased()
        return contains(lowered) || contains(head.uppercased() + lowered.dropFirst())
    }

    /// The words of the set that are `word` with accents put back (each letter as typed or
    /// one of the accented letters `WordFolding.base` takes back to it, "ss" as "ß"), its
    /// first letter in either case ("gefuhl": "Gefühl"); at most `limit`. A walk over the
    /// sorted lines that drops a prefix as soon as no line starts with it, so a word of ten
    /// letters costs a few dozen binary searches, not every combination.
    ///
    ///     known.accentedForms(of: "rozterke")   // ["rozterkę"]
    public func accentedForms(of word: String, limit: Int = 8) -> [String] {
        let letters = Array(word.lowercased())
        guard !letters.isEmpty, letters.count <= 48 else { return [] }
        var found: [String] = []
        var prefix: [UInt8] = []
        func walk(_ index: Int) {
            guard found.count < limit else { return }
            guard index < letters.count else {
                let candidate = String(decoding: prefix, as: UTF8.self)
                if candidate != word, contains(candidate) { found.append(candidate) }
                return
            }
            let typed = String(letters[index])
            let accented = typed.utf16.count == 1 ? (WordFolding.accentedLetters[typed.utf16.first!] ?? []).compactMap(Unicode.Scalar.init).map(String.init) : []
            var options = [typed] + accented
            if index == 0 { options += options.map { $0.uppercased() } }
            if letters[index] == "s", index + 1 < letters.count, letters[index + 1] == "s" { options.append("ß") }
            for option in options {
                let bytes = Array(option.utf8)
                prefix += bytes
                if hasLine(startingWith: prefix) { walk(index + (option == "ß" ? 2 : 1)) }
                prefix.removeLast(bytes.count)
            }
        }
        walk(0)
        return found
    }

    /// Whether some line starts with `prefix`: the first line not before it does.
    private func hasLine(startingWith prefix: [UInt8]) -> Bool {
        guard let line = firstLine(notBefore: prefix), line.count >= prefix.count else { return false }
        return Self.compare(body, line.lowerBound..<(line.lowerBound + prefix.count), prefix) == 0
    }

    /// Byte order of the line `range` of `body` against `key`: negative, zero or positive.
    private static func compare(_ body: UnsafeRawBufferPointer, _ range: Range<Int>, _ key: [UInt8]) -> Int {
        let common = min(range.count, key.count)
        for offset in 0..<common {
            let a = body[range.lowerBound + offset], b = key[offset]
            if a != b { return Int(a) - Int(b) }
        }
        return range.count - key.count
    }
}
