/// One thing the keyboard learned that the user removed in the settings window: a word, a
/// recent emoji, or a Japanese conversion (a reading and the word chosen for it).
///
///     ForgottenItem.conversion(reading: "さくら", word: "佐倉").text   // "conversion\tさくら\t佐倉"
public enum ForgottenItem: Equatable, Sendable {
    case word(String)
    case emoji(String)
    case conversion(reading: String, word: String)

    /// As the settings file holds it: the kind, then its parts, separated by tabs.
    public var text: String {
        switch self {
        case .word(let word): "word\t\(word)"
        case .emoji(let emoji): "emoji\t\(emoji)"
        case .conversion(let reading, let word): "conversion\t\(reading)\t\(word)"
        }
    }

    /// Reads `text`; `nil` for a kind this version does not know (a newer Clavis's).
    public init?(text: String) {
        let parts = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("word", 2): self = .word(parts[1])
        case ("emoji", 2): self = .emoji(parts[1])
        case ("conversion", 3): self = .conversion(reading: parts[1], word: parts[2])
        default: return nil
        }
    }
}

/// The journal through which a running keyboard hears what the settings window removed: the
/// window removes an item from its store file and appends it here; the keyboard forgets its
/// own copy of every item appended since it last looked (`forgotten(since:)`). Counting, not
/// comparing, so a word learned again after being removed is not removed again.
extension Settings {
    /// Records that the user removed `item` (kept to the last `forgottenKept`).
    public mutating func forget(_ item: ForgottenItem) {
        forgotten.append(item.text)
        let excess = forgotten.count - Self.forgottenKept
        if excess > 0 {
            forgotten.removeFirst(excess)
            forgottenBefore = min(forgottenBefore + excess, Self.maximumCounter)
        }
    }

    /// How many items were ever removed (the journal's end).
    public var forgottenTotal: Int { forgottenBefore + forgotten.count }

    /// The items removed after the first `count` (those a keyboard that saw `count` must
    /// forget), oldest first.
    public func forgotten(since count: Int) -> [ForgottenItem] {
        forgotten.suffix(max(0, min(forgottenTotal - count, forgotten.count))).compactMap(ForgottenItem.init(text:))
    }
}
