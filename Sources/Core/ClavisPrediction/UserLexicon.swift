/// The words a user has taught the keyboard: words typed and kept, the
/// word pairs they came in, and names supplied by the app (a contact's first and last name).
///
/// Bounded: past `wordLimit` words or `pairLimit` pairs the least used go first, and no count
/// goes past `maximumCount` (a count read from a hand-edited file included), so adding one
/// more use never overflows.
///
///     var words = UserLexicon()
///     words.learn(word: "Clavis", after: "love")
///     words.count(of: "Clavis")   // 1
public struct UserLexicon: Equatable, Sendable {
    /// Learned words and how often they were kept.
    public private(set) var words: [String: Int] = [:]
    /// Learned pairs ("previous word", "word") and how often.
    public private(set) var pairs: [WordPair: Int] = [:]
    /// The language each learned word was typed in ("de"), where the keyboard had one: a word
    /// learned on a German keyboard is offered where German is suggested, not on a French one.
    /// Words without one (learned before, names) are offered everywhere.
    public private(set) var languages: [String: String] = [:]
    /// Names the app supplied; known while it runs, never written.
    public var names: Set<String> = []
    public var wordLimit = 5_000
    public var pairLimit = 20_000
    /// The highest count kept: a word typed a thousand times a day for two thousand years.
    /// Counts past it (only a hand-edited file has them) are read as it.
    public static let maximumCount = 1_000_000_000

    /// Two words in a row.
    public struct WordPair: Hashable, Sendable {
        public var previous: String
        public var word: String
        public init(_ previous: String, _ word: String) {
            self.previous = previous
            self.word = word
        }
    }

    public init() {}

    /// Counts one more use of `word`, and of the pair it makes with `previous`; `language`:
    /// the language it was typed in (the latest one kept).
    public mutating func learn(word: String, after previous: String? = nil, language: String? = nil) {
        guard !word.isEmpty else { return }
        words[word] = Self.oneMore(words[word])
        if let language, !language.isEmpty { languages[word] = language }
        if let previous, !previous.isEmpty { pairs[WordPair(previous, word)] = Self.oneMore(pairs[WordPair(previous, word)]) }
        trim()
    }

    /// Counts one more use of a pair alone (a Japanese conversion: the reading, then the word
    /// chosen for it).
    public mutating func learn(pair: WordPair) {
        pairs[pair] = Self.oneMore(pairs[pair])
        trim()
    }

    /// Sets counts directly (loading a store), within 1...`maximumCount`, and the language.
    public mutating func set(word: String, count: Int, language: String? = nil) {
        words[word] = Self.clamped(count)
        languages[word] = language.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// Drops a word (and nothing else).
    public mutating func remove(word: String) {
        words[word] = nil
        languages[word] = nil
    }
    /// Forgets a word the user asked to forget: the word and every pair it is in.
    public mutating func forget(word: String) {
        words[word] = nil
        languages[word] = nil
        pairs = pairs.filter { $0.key.word != word && $0.key.previous != word }
    }
    /// Forgets one pair (a Japanese conversion the user removed).
    public mutating func forget(pair: WordPair) { pairs[pair] = nil }
    public mutating func set(pair: WordPair, count: Int) { pairs[pair] = Self.clamped(count) }

    /// How often `word` was kept (names count as 5).
    public func count(of word: String) -> Int {
        words[word] ?? (names.contains(word) ? 5 : 0)
    }

    /// The words (and their pairs) to offer where `offered` are the languages suggested:
    /// those learned in one of them or in none. Every word when `offered` is empty.
    ///
    ///     words.only(languages: ["en", "de"])   // not the words learned in French
    public func only(languages offered: [String]) -> UserLexicon {
        guard !offered.isEmpty, !languages.isEmpty else { return self }
        var kept = self
        for (word, language) in languages where !offered.contains(language) {
            kept.words[word] = nil
            kept.languages[word] = nil
        }
        kept.pairs = kept.pairs.filter { kept.languages[$0.key.word] != nil || languages[$0.key.word] == nil }
        return kept
    }

    /// Every learned word or name, with its count.
    public var allWords: [(word: String, count: Int)] {
        var all = words.map { (word: $0.key, count: $0.value) }
        for name in names where words[name] == nil { all.append((name, 5)) }
        return all
    }

    /// How often `word` followed `previous`.
    public func count(of word: String, after previous: String) -> Int { pairs[WordPair(previous, word)] ?? 0 }

    /// How likely a learned word is next: a word written after `previous` before is a strong
    /// guess (like a recency cache); otherwise a learned word counts as a fairly common one.
    /// `nil` for a word not learned.
    ///
    ///     user.probability(of: "Clavis", after: "use")   // 0.15 after one "use Clavis"
    public func probability(of word: String, after previous: String?) -> Double? {
        let count = count(of: word)
        guard count > 0 else { return nil }
        let pair = previous.map { self.count(of: word, after: $0) } ?? 0
        return pair > 0 ? 0.3 * Double(pair) / Double(pair + 1) : Double(count) / Double(count + 2) * 2e-3
    }

    /// Whether nothing has been learned (names aside).
    public var isEmpty: Bool { words.isEmpty && pairs.isEmpty }

    /// Forgets everything learned.
    public mutating func removeAll() {
        words = [:]
        pairs = [:]
        languages = [:]
    }

    /// Keeps the `words` most used words and `pairs` most used pairs (ties: the later in
    /// alphabetical order go first); returns how many were dropped.
    @discardableResult
    public mutating func keepMostUsed(words wordCount: Int, pairs pairCount: Int) -> Int {
        var dropped = 0
        if words.count > wordCount {
            dropped += words.count - wordCount
            let keep = words.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(wordCount)
            words = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
            languages = languages.filter { words[$0.key] != nil }
        }
        if pairs.count > pairCount {
            dropped += pairs.count - pairCount
            let keep = pairs.sorted { ($0.value, $1.key.previous, $1.key.word) > ($1.value, $0.key.previous, $0.key.word) }.prefix(pairCount)
            pairs = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
        return dropped
    }

    private mutating func trim() {
        if words.count > wordLimit { keepMostUsed(words: wordLimit * 9 / 10, pairs: pairs.count) }
        if pairs.count > pairLimit { keepMostUsed(words: words.count, pairs: pairLimit * 9 / 10) }
    }

    private static func oneMore(_ count: Int?) -> Int { min((count ?? 0) + 1, maximumCount) }

    private static func clamped(_ count: Int) -> Int { min(max(count, 1), maximumCount) }
}
