import ClavisFiles

/// Keeps the learned words on disk, crash-safe: written whole to a temporary file, synced,
/// then renamed over the old one, so a crash leaves the old file or the new, never half.
///
/// The last line counts the records; a file that lacks it or disagrees (cut short by a full
/// disk or an editor) is set aside as `PATH.broken` with one message, and learning starts
/// afresh. The file is plain text, one record a line:
///
///     # clavis user words 1
///     w	Clavis	3
///     p	love	Clavis	1
///     end	2
public struct UserWordStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The learned words; a message when the file had to be set aside or records skipped;
    /// and whether the file may be written. A file of another version (a newer Clavis's)
    /// is kept as it is and not written: nothing learned is lost by going back and forth.
    /// A record whose bytes are not UTF-8 is skipped, and the rest of the file read.
    public func load() -> (words: UserLexicon, problem: String?, writable: Bool) {
        guard let bytes = try? Files.read(path) else { return (UserLexicon(), nil, true) }
        let header = Array("# clavis user words ".utf8)
        if bytes.starts(with: header) {
            let version = String(decoding: bytes.dropFirst(header.count).prefix { $0 != UInt8(ascii: "\n") }.prefix(20), as: UTF8.self)
            if version != "1" {
                return (UserLexicon(), "\(path): learned words of format version '\(version)' (this Clavis writes 1); kept as they are, and nothing is learned into them", false)
            }
        }
        if let (words, skipped) = Self.parse(bytes) {
            let problem = skipped > 0 ? "\(path): \(skipped) learned word record\(skipped == 1 ? " is" : "s are") not UTF-8 text; skipped" : nil
            return (words, problem, true)
        }
        let aside = path + ".broken"
        try? Files.move(path, to: aside)
        return (UserLexicon(), "\(path): learned words cut short or damaged; set aside as \(aside), starting afresh", true)
    }

    /// Writes `words` (names are never written).
    public func save(_ words: UserLexicon) throws(LexiconError) {
        var text = "# clavis user words 1\n"
        var records = 0
        for (word, count) in words.words.sorted(by: { $0.key < $1.key }) where Self.isClean(word) {
            text += "w\t\(word)\t\(count)\n"
            records += 1
        }
        for (pair, count) in words.pairs.sorted(by: { ($0.key.previous, $0.key.word) < ($1.key.previous, $1.key.word) })
        where Self.isClean(pair.previous) && Self.isClean(pair.word) {
            text += "p\t\(pair.previous)\t\(pair.word)\t\(count)\n"
            records += 1
        }
        text += "end\t\(records)\n"
        do {
            // Private: what a user typed.
            try Files.write(Array(text.utf8), to: path, permissions: 0o600, folderPermissions: 0o700)
        } catch {
            throw .unreadable(path: error.path, reason: error.reason)
        }
    }

    /// Removes the file (and a set-aside one): forgets every learned word.
    public func clear() {
        Files.remove(path)
        Files.remove(path + ".broken")
    }

    /// The records of a file, and how many were skipped for bytes that are not UTF-8; nil
    /// when the file is cut short or damaged.
    static func parse(_ bytes: [UInt8]) -> (words: UserLexicon, skipped: Int)? {
        var words = UserLexicon()
        var records = 0
        var skipped = 0
        var ended = false
        for raw in bytes.split(separator: UInt8(ascii: "\n")) where raw.first != UInt8(ascii: "#") {
            guard !ended else { return nil }
            guard let line = String(validating: raw, as: UTF8.self) else {
                skipped += 1
                records += 1
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("w", 3):
                guard let count = Int(fields[2]), count > 0 else { return nil }
                words.set(word: fields[1], count: count)
                records += 1
            case ("p", 4):
                guard let count = Int(fields[3]), count > 0 else { return nil }
                words.set(pair: .init(fields[1], fields[2]), count: count)
                records += 1
            case ("end", 2):
                guard Int(fields[1]) == records else { return nil }
                ended = true
            default:
                return nil
            }
        }
        return ended ? (words, skipped) : nil
    }

    /// Reads `bytes` as a learned-words file, as `load` does, without touching the disk (a
    /// fuzzer's entry): the words, or nil for a file `load` would set aside.
    public static func words(in bytes: [UInt8]) -> UserLexicon? { parse(bytes)?.words }

    private static func isClean(_ word: String) -> Bool {
        !word.isEmpty && !word.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
