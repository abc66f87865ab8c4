/// One thing the keyboard learned that the user removed in the settings window: its kind
/// (`word`, `emoji`, or an input mode's own, such as Japanese's `conversion`) and its parts
/// (the word; a reading and the word chosen for it). The mode that learned it forgets it;
/// the others pass it over.
///
///     ForgottenItem(kind: "conversion", parts: ["さくら", "佐倉"]).text   // "conversion\tさくら\t佐倉"
public struct ForgottenItem: Equatable, Sendable {
    public var kind: String
    public var parts: [String]

    public init(kind: String, parts: [String]) {
        self.kind = kind
        self.parts = parts
    }

    /// A learned word.
    public static func word(_ word: String) -> ForgottenItem { ForgottenItem(kind: "word", parts: [word]) }

    /// An emoji of the Recent page.
    public static func emoji(_ emoji: String) -> ForgottenItem { ForgottenItem(kind: "emoji", parts: [emoji]) }

    /// The one part of an item of `kind` that has one (`nil` for another kind or shape).
    public func single(_ kind: String) -> String? {
        self.kind == kind && parts.count == 1 ? parts[0] : nil
    }

    /// As the settings file holds it: the kind, then its parts, separated by tabs.
    public var text: String {
        ([kind] + parts).joined(separator: "\t")
    }

    /// Reads `text`; `nil` without a kind and at least one part. A kind this version does not
    /// know (a newer Clavis's) reads, and no mode forgets anything for it.
    public init?(text: String) {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2, let kind = fields.first, !kind.isEmpty, !kind.contains("\n") else { return nil }
        self.init(kind: kind, parts: Array(fields.dropFirst()))
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
