/// A long reading cut into pieces that a converter takes in bounded time and memory.
///
/// A statistical converter's search grows faster than the reading: libkkc's best path took
/// 1 s at 4,096 kana and 9 s at 16,384, and its n-best search 20 s and gigabytes at 96
/// (docs/reliability.md). Converting a reading piece by piece, each at most `maximum` kana,
/// keeps the time linear in the reading's length. Pieces end where a phrase ends if one is
/// near the limit — after punctuation, else after the particle を (almost never inside a
/// word) — so the cut seldom falls inside a word.
///
///     ReadingPieces.split("きょうはいいてんきです。あしたも", maximum: 12)
///     // ["きょうはいいてんきです。", "あしたも"]
public enum ReadingPieces {
    /// Kana or symbols after which a reading may be cut without splitting a word.
    static let punctuation: Set<Character> = ["。", "、", "！", "？", "」", "』", "）", "…", "・", "!", "?", ",", ".", " ", "　"]

    /// The pieces of `reading`, in order, each at most `maximum` characters (at least 1),
    /// joining back to `reading`.
    public static func split(_ reading: String, maximum: Int) -> [Substring] {
        let maximum = max(1, maximum)
        var pieces: [Substring] = []
        var rest = reading[...]
        while rest.count > maximum {
            let window = rest.prefix(maximum)
            // Cut in the last third of the window when a phrase ends there.
            let earliest = window.index(window.startIndex, offsetBy: maximum * 2 / 3)
            let tail = window[earliest...]
            let cut = tail.lastIndex(where: punctuation.contains) ?? tail.lastIndex(of: "を")
            let end = cut.map { window.index(after: $0) } ?? window.endIndex
            pieces.append(rest[..<end])
            rest = rest[end...]
        }
        if !rest.isEmpty { pieces.append(rest) }
        return pieces
    }
}

extension Conversion {
    /// The conversions of consecutive pieces of one reading as one: the best sentences
    /// joined (each piece's other sentences would multiply, so there is one sentence), the
    /// segments in order.
    ///
    ///     Conversion(joining: [converter.convert("にほんごを"), converter.convert("かく")])
    ///     // sentences ["日本語を書く"]
    public init(joining pieces: [Conversion]) {
        guard pieces.count != 1 else {
            self = pieces[0]
            return
        }
        let sentence = pieces.map { $0.sentences.first ?? $0.segments.map(\.reading).joined() }.joined()
        self.init(sentences: pieces.isEmpty ? [] : [sentence], segments: pieces.flatMap(\.segments))
    }
}
