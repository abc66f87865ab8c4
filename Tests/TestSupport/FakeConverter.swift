import ClavisJapanese

/// A kana–kanji converter over a small dictionary, so composition tests know every
/// candidate: the reading is cut into the longest words the dictionary has (and at any
/// `segmentEnds` asked for); a stretch it does not know is one segment of itself.
///
///     let converter = FakeConverter(["にほん": ["日本", "二本"], "ご": ["語", "後"]])
///     converter.convert("にほんご").sentences   // ["日本語", "二本語", "日本後"]
///
/// Sentences: the best, then each other word of each segment in its place.
public final class FakeConverter: KanaKanjiConverter {
    public let words: [String: [String]]
    /// How many of a word's conversions a segment offers (the rest only come as whole
    /// sentences, as an n-best decoder gives a segment only the words that fit the sentence).
    public var segmentCandidates = Int.max
    /// Every call's reading and segment ends, in order.
    public private(set) var calls: [(reading: String, segmentEnds: [Int])] = []

    public init(_ words: [String: [String]]) {
        self.words = words
    }

    public func convert(_ reading: String, segmentEnds: [Int]) -> Conversion {
        calls.append((reading, segmentEnds))
        let characters = Array(reading)
        var segments: [Conversion.Segment] = []
        var start = 0
        while start < characters.count {
            let limit = segmentEnds.first { $0 > start } ?? characters.count
            var end = limit
            if !segmentEnds.contains(limit) {
                while end > start + 1, words[String(characters[start..<end])] == nil { end -= 1 }
            }
            let piece = String(characters[start..<end])
            let known = Array((words[piece] ?? []).prefix(segmentCandidates))
            segments.append(Conversion.Segment(reading: piece, candidates: known.contains(piece) ? known : known + [piece]))
            start = end
        }
        let best = segments.map { $0.candidates[0] }.joined()
        var sentences = [best]
        for (index, segment) in segments.enumerated() {
            for word in (words[segment.reading] ?? []).dropFirst() {
                var other = segments.map { $0.candidates[0] }
                other[index] = word
                sentences.append(other.joined())
            }
        }
        return Conversion(sentences: sentences, segments: segments)
    }
}
