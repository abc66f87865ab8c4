import ClavisEngine
import ClavisPrediction

/// The kana–kanji conversions a user committed, learned as Japanese IMEs learn them: a
/// reading's chosen word comes first the next time, and is offered while its reading is being
/// typed (さく → 桜). Learning obeys Full Access and the field as English learning does
/// (never in password fields or fields that do not allow it), and is kept across keyboard
/// switches; the store is written a while after the last change (`LearnedWords`).
///
/// Stored as `UserWordStore` pairs (reading, word), so the file is crash-safe and bounded
/// like the learned English words:
///
///     p	さくら	桜	2
///
///     let memory = ConversionMemory()
///     memory.storage.fullAccess = true
///     memory.learn(reading: "さくら", word: "佐倉", traits: traits)
///     memory.ranked(["桜", "佐倉", "さくら"], for: "さくら")   // ["佐倉", "桜", "さくら"]
@MainActor
public final class ConversionMemory {
    /// Where the conversions are kept, and whether they may be (Full Access).
    public let storage = LearnedWords()

    public init() {}

    /// Counts a committed conversion, when Full Access is on and the field allows learning.
    public func learn(reading: String, word: String, traits: TextInputTraits) {
        guard storage.fullAccess, traits.learnsWords, !reading.isEmpty, !word.isEmpty else { return }
        storage.change { $0.learn(pair: .init(reading, word)) }
    }

    /// `candidates` with the words learned for `reading` first, most chosen first (learned
    /// words the converter did not offer are added).
    public func ranked(_ candidates: [String], for reading: String) -> [String] {
        let chosen = storage.learned.pairs.filter { $0.key.previous == reading }.sorted { ($1.value, $0.key.word) < ($0.value, $1.key.word) }
            .map(\.key.word)
        guard !chosen.isEmpty else { return candidates }
        return chosen + candidates.filter { !chosen.contains($0) }
    }

    /// Words learned for readings that begin with `prefix`, most chosen first: what the
    /// user may be typing.
    public func predictions(for prefix: String, limit: Int = 3) -> [(reading: String, word: String)] {
        guard !prefix.isEmpty else { return [] }
        return storage.learned.pairs.filter { $0.key.previous.hasPrefix(prefix) }
            .sorted { ($1.value, $0.key.word) < ($0.value, $1.key.word) }
            .prefix(limit).map { ($0.key.previous, $0.key.word) }
    }
}
