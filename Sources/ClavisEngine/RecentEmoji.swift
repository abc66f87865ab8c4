import ClavisText

/// The emoji the user typed last, for the emoji keyboard's Recent page: kept only with Full
/// Access and never from fields that do not allow learning, like learned words.
///
/// Stored as `UserWordStore` words whose count is the order of use (1 the oldest kept), so
/// the file is crash-safe and bounded like the learned words. The kept ones are numbered
/// afresh on every use, so the order never grows past `limit` + 1 whatever a file held.
///
///     recent.use("🎉", traits: traits)
///     recent.recent()   // ["🎉", "😀", …], most recent first
@MainActor
public final class RecentEmoji {
    /// How many the Recent page shows.
    public static let limit = 32
    /// Where they are kept, and whether they may be (Full Access).
    public let storage = LearnedWords()

    public init() {}

    /// Notes an emoji typed, when Full Access is on and the field allows learning.
    public func use(_ emoji: String, traits: TextInputTraits) {
        guard storage.fullAccess, traits.learnsWords, !emoji.isEmpty else { return }
        storage.change { words in
            // The newest others, oldest first, then this one: numbered 1, 2, 3, …
            let others = words.allWords.filter { $0.word != emoji }.sorted { $0.count > $1.count }
            for (old, _) in words.allWords { words.remove(word: old) }
            for (order, kept) in others.prefix(Self.limit - 1).reversed().enumerated() { words.set(word: kept.word, count: order + 1) }
            words.set(word: emoji, count: min(others.count, Self.limit - 1) + 1)
        }
    }

    /// The emoji used, most recent first.
    public func recent() -> [String] {
        storage.learned.allWords.sorted { $0.count > $1.count }.prefix(Self.limit).map(\.word)
    }
}
