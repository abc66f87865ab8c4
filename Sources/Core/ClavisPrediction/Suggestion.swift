/// One entry of the suggestion bar.
///
///     Suggestion(text: "hello", kind: .correction)
public struct Suggestion: Equatable, Hashable, Sendable {
    /// Why the word is offered.
    public enum Kind: String, Sendable, CaseIterable {
        /// The word being typed, finished.
        case completion
        /// A word the typed letters probably meant.
        case correction
        /// The next word, after a space.
        case prediction
        /// The letters exactly as typed (shown in quotes when the lexicon does not know them).
        case verbatim
        /// A kana–kanji conversion candidate for the focused segment.
        case candidate
        /// The composition itself, shown in the bar when the field cannot show marked text.
        case composing
        /// Opens the full list of candidates.
        case more
    }

    public var text: String
    public var kind: Kind

    public init(text: String, kind: Kind) {
        self.text = text
        self.kind = kind
    }
}
