import ClavisFiles
import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the learned words on disk, crash-safe: written whole to a temporary file, synced,
/// then renamed over the old one, so a crash leaves the old file or the new, never half.
///
/// The last line counts the records; a file that lacks it or disagrees (cut short by a full
/// disk or an editor) is set aside as `PATH.broken` with one message, and learning starts
/// afresh. The file is plain text, one record a line; version 2 adds the language a word
/// was typed in (version 1, read too, has none):
///
///     # clavis user words 2
///     w	Clavis	3
///     w	Grüße	2	de
///     p	love	Clavis	1
///     end	3
public struct UserWordStore: Sendable {
    public let path: String
    /// What the store keeps, as messages name it: "learned words", "recent addresses".
    public let contents: String

    public init(path: String, contents: String = "learned words") {
        self.path = path
        self.contents = contents
    }

    /// The most bytes of a store read: 25,000 records of long words fit in a quarter of it.
    public static let maximumFileSize = 8 << 20

    /// The learned words; a message when the file had to be set aside or records skipped;
    /// and whether the file may be written. A file of another version (a newer Clavis's)
    /// is kept as it is and not written: nothing learned is lost by going back and forth.
    /// A record whose bytes are not UTF-8 is skipped, and the rest of the file read.
    ///
    /// Bounded whatever the file holds: past `UserLexicon`'s word and pair limits the least
    /// used records are dropped (for the recent emoji, whose counts are their order, the
    /// oldest), and of a file over `maximumFileSize` only the first `maximumFileSize` bytes
    /// are read: the file is set aside whole and what was kept written in its place. Either
    /// is said in the one message.
    public func load() -> (words: UserLexicon, problem: String?, writable: Bool) {
        let bytes: [UInt8]
        let whole: Bool
        do {
            (bytes, whole) = try Files.readPrefix(path, count: Self.maximumFileSize)
        } catch where error.code == ENOENT {
            return (UserLexicon(), nil, true)
        } catch {
            return (UserLexicon(), "\(error); nothing learned is read from it, and it is not written", false)
        }
        let header = Array("# clavis user words ".utf8)
        if bytes.starts(with: header) {
            let version = String(decoding: bytes.dropFirst(header.count).prefix { $0 != UInt8(ascii: "\n") }.prefix(20), as: UTF8.self)
            if version != "1" && version != "2" {
                return (UserLexicon(), "\(path): \(contents) of format version '\(MessageText.quoted(version))' (this Clavis writes 2); kept as they are, and nothing is learned into them", false)
            }
        }
        guard let read = Self.parse(bytes, whole: whole) else {
            let aside = (try? Files.setAside(path, suffix: "broken")) ?? "where it is (it could not be moved)"
            return (UserLexicon(), "\(path): \(contents) cut short or damaged; set aside as \(aside), starting afresh", true)
        }
        var notes: [String] = []
        if !whole {
            // The whole file is kept aside, and what was kept of it written in its place, so
            // the next start reads a file of the usual size.
            let aside = try? Files.setAside(path, suffix: "broken")
            if aside != nil { try? save(read.words) }
            notes.append("over \(Self.maximumFileSize >> 20) MB, so only the first \(Self.maximumFileSize >> 20) MB were read"
                + (aside.map { " (the whole file is kept as \($0))" } ?? ""))
        }
        if read.skipped > 0 { notes.append("\(read.skipped) record\(read.skipped == 1 ? " is" : "s are") not UTF-8 text; skipped") }
        if read.dropped > 0 {
            notes.append("\(read.dropped) least used record\(read.dropped == 1 ? "" : "s") dropped (at most \(read.words.wordLimit) entries and \(read.words.pairLimit) pairs are read)")
        }
        return (read.words, notes.isEmpty ? nil : "\(path) (\(contents)): " + notes.joined(separator: "; "), true)
    }

    /// Writes `words` (names are never written).
    public func save(_ words: UserLexicon) throws(LexiconError) {
        do {
            // Private: what a user typed.
            try Files.write(Self.text(of: words), to: path, permissions: 0o600, folderPermissions: 0o700)
        } catch {
            throw .unreadable(path: error.path, reason: error.reason)
        }
    }

    /// The file's bytes for `words`, as `save` writes them (a fuzzer reads them back).
    public static func text(of words: UserLexicon) -> [UInt8] {
        // Version 2 adds each word's language; a file without any is written as version 1,
        // which Clavis before 2 still reads and learns into.
        let languages = words.languages.filter { isClean($0.value) && isClean($0.key) }
        var text = "# clavis user words \(languages.isEmpty ? 1 : 2)\n"
        var records = 0
        for (word, count) in words.words.sorted(by: { $0.key < $1.key }) where isClean(word) {
            text += "w\t\(word)\t\(count)" + (languages[word].map { "\t\($0)" } ?? "") + "\n"
            records += 1
        }
        for (pair, count) in words.pairs.sorted(by: { ($0.key.previous, $0.key.word) < ($1.key.previous, $1.key.word) })
        where isClean(pair.previous) && isClean(pair.word) {
            text += "p\t\(pair.previous)\t\(pair.word)\t\(count)\n"
            records += 1
        }
        text += "end\t\(records)\n"
        return Array(text.utf8)
    }

    /// Removes the file (and every one set aside): forgets every learned word.
    public func clear() {
        Files.remove(path)
        for aside in Files.setAsidePaths(of: path, suffix: "broken") { Files.remove(aside) }
    }

    /// What a file held: the words (within the lexicon's limits), how many records were
    /// skipped for bytes that are not UTF-8, and how many least-used ones were dropped.
    struct Parsed {
        var words = UserLexicon()
        var skipped = 0
        var dropped = 0
    }

    /// The records of a file; nil when the file is cut short or damaged. `whole` false: the
    /// bytes are the start of a longer file, read up to their last complete line, with no
    /// `end` record to check. Memory stays bounded: the words are cut back to their limits
    /// whenever they reach twice them.
    static func parse(_ bytes: [UInt8], whole: Bool = true) -> Parsed? {
        var parsed = Parsed()
        var records = 0
        var ended = false
        var lines = bytes.split(separator: UInt8(ascii: "\n"))[...]
        if !whole, bytes.last != UInt8(ascii: "\n") { lines = lines.dropLast() }
        func bound() {
            parsed.dropped += parsed.words.keepMostUsed(words: parsed.words.wordLimit, pairs: parsed.words.pairLimit)
        }
        for raw in lines where raw.first != UInt8(ascii: "#") {
            guard !ended else { return nil }
            guard let line = String(validating: raw, as: UTF8.self) else {
                parsed.skipped += 1
                records += 1
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("w", 3), ("w", 4):
                guard let count = Self.count(fields[2]) else { return nil }
                parsed.words.set(word: fields[1], count: count, language: fields.count == 4 ? fields[3] : nil)
                records += 1
            case ("p", 4):
                guard let count = Self.count(fields[3]) else { return nil }
                parsed.words.set(pair: .init(fields[1], fields[2]), count: count)
                records += 1
            case ("end", 2):
                guard Int(fields[1]) == records else { return nil }
                ended = true
            default:
                return nil
            }
            if parsed.words.words.count >= 2 * parsed.words.wordLimit || parsed.words.pairs.count >= 2 * parsed.words.pairLimit { bound() }
        }
        guard ended || !whole else { return nil }
        bound()
        return parsed
    }

    /// A record's count: digits, at least 1; more than any integer holds (a hand-edited file)
    /// is read as `UserLexicon.maximumCount`, as any count past it is.
    static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let count = Int(text) ?? UserLexicon.maximumCount
        return count > 0 ? count : nil
    }

    /// Reads `bytes` as a learned-words file, as `load` does, without touching the disk (a
    /// fuzzer's entry): the words, or nil for a file `load` would set aside.
    public static func words(in bytes: [UInt8]) -> UserLexicon? { parse(bytes)?.words }


    private static func isClean(_ word: String) -> Bool {
        !word.isEmpty && !word.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
