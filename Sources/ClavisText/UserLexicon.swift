/// The words a user has taught the keyboard: words typed and kept, the
/// word pairs they came in, and names supplied by the app (a contact's first and last name).
///
/// Bounded: past `wordLimit` words or `pairLimit` pairs the least used go first.
///
///     var words = UserLexicon()
///     words.learn(word: "Clavis", after: "love")
///     words.count(of: "Clavis")   // 1
public struct UserLexicon: Equatable, Sendable {
    /// Learned words and how often they were kept.
    public private(set) var words: [String: Int] = [:]
    /// Learned pairs ("previous word", "word") and how often.
    public private(set) var pairs: [WordPair: Int] = [:]
    /// Names the app supplied; known while it runs, never written.
    public var names: Set<String> = []
    public var wordLimit = 5_000
    public var pairLimit = 20_000

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

    /// Counts one more use of `word`, and of the pair it makes with `previous`.
    public mutating func learn(word: String, after previous: String? = nil) {
        guard !word.isEmpty else { return }
        words[word, default: 0] += 1
        if let previous, !previous.isEmpty { pairs[WordPair(previous, word), default: 0] += 1 }
        trim()
    }

    /// Sets counts directly (loading a store).
    public mutating func set(word: String, count: Int) { words[word] = count }
    /// Drops a word (and nothing else).
    public mutating func remove(word: String) { words[word] = nil }
    /// Forgets a word the user asked to forget: the word and every pair it is in.
    public mutating func forget(word: String) {
        words[word] = nil
        pairs = pairs.filter { $0.key.word != word && $0.key.previous != word }
    }
    /// Forgets one pair (a Japanese conversion the user removed).
    public mutating func forget(pair: WordPair) { pairs[pair] = nil }
    public mutating func set(pair: WordPair, count: Int) { pairs[pair] = count }

    /// How often `word` was kept (names count as 5).
    public func count(of word: String) -> Int {
        words[word] ?? (names.contains(word) ? 5 : 0)
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
    }

    private mutating func trim() {
        if words.count > wordLimit {
            let keep = words.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(wordLimit * 9 / 10)
            words = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
        if pairs.count > pairLimit {
            let keep = pairs.sorted { $0.value > $1.value }.prefix(pairLimit * 9 / 10)
            pairs = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }
}
