import ClavisText

/// The emoji the user typed last, for the emoji keyboard's Recent page: kept only with Full
/// Access and never from fields that do not allow learning, like learned words.
///
/// Stored as `UserWordStore` words whose count is the order of use, so the file is
/// crash-safe and bounded like the learned words.
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
        let order = (storage.learned.allWords.map(\.count).max() ?? 0) + 1
        storage.change { words in
            words.set(word: emoji, count: order)
            // Only the newest are kept.
            for (old, _) in words.allWords.sorted(by: { $0.count > $1.count }).dropFirst(Self.limit) {
                words.remove(word: old)
            }
        }
    }

    /// The emoji used, most recent first.
    public func recent() -> [String] {
        storage.learned.allWords.sorted { $0.count > $1.count }.prefix(Self.limit).map(\.word)
    }
}
