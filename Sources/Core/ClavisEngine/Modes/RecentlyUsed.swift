import ClavisPrediction

/// What the user typed last, most recent first — emoji for the emoji keyboard's Recent page,
/// addresses for email and web fields: kept only with Full Access and never from fields that
/// do not allow learning, like learned words.
///
/// Stored as `UserWordStore` words whose count is the order of use (1 the oldest kept), so
/// the file is crash-safe and bounded like the learned words. The kept ones are numbered
/// afresh on every use, so the order never grows past `limit` + 1 whatever a file held.
///
///     recent.use("🎉", traits: traits)
///     recent.recent()   // ["🎉", "😀", …], most recent first
@MainActor
public final class RecentlyUsed {
    /// How many are kept (the emoji keyboard's Recent page shows 32).
    public let limit: Int
    /// Where they are kept, and whether they may be (Full Access).
    public let storage = LearnedWords()

    public init(limit: Int = 32) {
        self.limit = limit
    }

    /// Notes an item typed, when Full Access is on and the field allows learning.
    public func use(_ item: String, traits: TextInputTraits) {
        guard storage.fullAccess, traits.learnsWords, !item.isEmpty else { return }
        storage.change { words in
            // The newest others, oldest first, then this one: numbered 1, 2, 3, …
            let others = words.allWords.filter { $0.word != item }.sorted { $0.count > $1.count }
            for (old, _) in words.allWords { words.remove(word: old) }
            for (order, kept) in others.prefix(limit - 1).reversed().enumerated() { words.set(word: kept.word, count: order + 1) }
            words.set(word: item, count: min(others.count, limit - 1) + 1)
        }
    }

    /// The items used, most recent first.
    public func recent() -> [String] {
        storage.learned.allWords.sorted { $0.count > $1.count }.prefix(limit).map(\.word)
    }
}
