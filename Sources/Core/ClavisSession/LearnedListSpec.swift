import ClavisPrediction
import ClavisSettings

/// A list of what the keyboard learns, as Privacy shows it and "Forget everything" clears
/// it: the learned words and the Recent emoji of every keyboard, and an input mode's own
/// (Japanese's conversions), which the mode declares so that no shared layer names it.
///
///     LearnedListSpec(title: "Japanese conversions", explanation: "…", singular: "conversion",
///                     plural: "conversions", file: "learned-conversions.tsv", itemKind: "conversion", shape: .pairs)
public struct LearnedListSpec: Equatable, Sendable {
    /// How an item reads: a word (with how often it was used, or not), or a pair of the text
    /// before and the word chosen for it ("さくら → 佐倉").
    public enum Shape: Equatable, Sendable {
        case words(counted: Bool), pairs
    }

    public var title: String
    public var explanation: String
    /// "learned word", "learned words": for the Remove buttons' and the search's names.
    public var singular: String
    public var plural: String
    /// The file in the user's data folder.
    public var file: String
    /// What the file holds, in messages ("learned conversions"; `nil`: words).
    public var contents: String?
    /// The `ForgottenItem.kind` its removed items have.
    public var itemKind: String
    public var shape: Shape

    public init(title: String, explanation: String, singular: String, plural: String, file: String, contents: String? = nil,
                itemKind: String, shape: Shape) {
        self.title = title
        self.explanation = explanation
        self.singular = singular
        self.plural = plural
        self.file = file
        self.contents = contents
        self.itemKind = itemKind
        self.shape = shape
    }

    /// The words learned from typing (every keyboard of words).
    public static let words = LearnedListSpec(
        title: "Learned words", explanation: "Words the keyboard learned from your typing. Remove one and it is no longer suggested.",
        singular: "learned word", plural: "learned words", file: "learned-words.tsv", itemKind: "word", shape: .words(counted: true))

    /// The emoji keyboard's Recent page.
    public static let recentEmoji = LearnedListSpec(
        title: "Recent emoji", explanation: "The emoji on the emoji keyboard's Recent page.", singular: "recent emoji",
        plural: "recent emoji", file: "recent-emoji.tsv", contents: "recent emoji", itemKind: "emoji", shape: .words(counted: false))

    /// The forgotten item for an entry of this list's file: a word, or a pair.
    public func item(previous: String? = nil, word: String) -> ForgottenItem {
        ForgottenItem(kind: itemKind, parts: shape == .pairs ? [previous ?? "", word] : [word])
    }

    /// Removes `item` from `learned` (nothing for an item of another list).
    public func remove(_ item: ForgottenItem, from learned: inout UserLexicon) {
        guard item.kind == itemKind else { return }
        switch (shape, item.parts.count) {
        case (.words, 1): learned.forget(word: item.parts[0])
        case (.pairs, 2): learned.forget(pair: .init(item.parts[0], item.parts[1]))
        default: break
        }
    }
}
