import ClavisPrediction

/// What the slots above the keys show, left to right.
///
/// For English, three slots as iOS arranges them: the most likely word in the middle, the
/// next on the left and right; the letters as typed, in quotes, on the left when the lexicon
/// does not know them (so tapping there keeps them). For Japanese, the composition's
/// conversion candidates (`candidates(_:chosen:pageSize:)`). The bar only knows slots of text
/// and which one is highlighted; the session that filled it knows what a tap on each means.
///
/// The highlight is a promise: it marks the correction Space (or punctuation) will put in
/// place of the typed word, and nothing else. With no correction to make, no slot is
/// highlighted and Space leaves the word as typed.
///
///     SuggestionBar(ranked: [hello, help, held], typed: "helo", typedIsKnown: false, correction: "hello")
///     // slots ["\"helo\"", "hello", "help"], highlighted 1
///     SuggestionBar(ranked: [caretaker, career], typed: "caret", typedIsKnown: false, correction: nil)
///     // slots ["\"caret\"", "caretaker", "career"], highlighted nil
public struct SuggestionBar: Equatable, Sendable {
    /// How many slots the English bar has.
    public static let slotCount = 3

    /// The slots left to right; `nil` is an empty slot.
    public private(set) var slots: [Suggestion?]
    /// The slot drawn as the one a key would take: the correction Space makes, the chosen
    /// conversion candidate.
    public private(set) var highlighted: Int?
    /// Whether the bar is shown at all (not for passwords or number pads).
    public var isHidden: Bool

    /// The bar for a typed word: `ranked` best first, and `correction`, what Space will put
    /// in its place (`nil`: Space keeps it), shown highlighted in the middle.
    public init(ranked: [Suggestion], typed: String, typedIsKnown: Bool, correction: String? = nil, isHidden: Bool = false) {
        func at(_ index: Int, of list: [Suggestion]) -> Suggestion? { list.indices.contains(index) ? list[index] : nil }
        let correction = correction == typed ? nil : correction
        if !typed.isEmpty, !typedIsKnown || correction != nil {
            var others = ranked.filter { $0.text != typed }
            if let correction {
                let shown = others.first { $0.text == correction } ?? Suggestion(text: correction, kind: .correction)
                others = [shown] + others.filter { $0.text != correction }
            }
            slots = [Suggestion(text: typed, kind: .verbatim), at(0, of: others), at(1, of: others)]
        } else {
            slots = [at(1, of: ranked), at(0, of: ranked), at(2, of: ranked)]
        }
        highlighted = correction == nil ? nil : 1
        self.isHidden = isHidden
    }

    /// The word Space puts in place of the typed one: the highlighted slot's, if any.
    public var correction: String? {
        guard let highlighted, slots.indices.contains(highlighted), let slot = slots[highlighted], slot.kind != .verbatim else { return nil }
        return slot.text
    }

    /// A bar of exactly these slots.
    public init(slots: [Suggestion?], highlighted: Int? = nil, isHidden: Bool = false) {
        self.slots = slots
        self.highlighted = highlighted
        self.isHidden = isHidden
    }

    /// An empty bar.
    public static let empty = SuggestionBar(ranked: [], typed: "", typedIsKnown: true)

    /// The label a slot shows: the word, or the typed letters in quotes.
    public func label(ofSlot index: Int) -> String {
        guard slots.indices.contains(index), let suggestion = slots[index] else { return "" }
        return suggestion.kind == .verbatim ? "\u{201C}\(suggestion.text)\u{201D}" : suggestion.text
    }
}
