import ClavisJapanese

/// A kana–kanji converter over a small dictionary, so composition tests know every
/// candidate: the reading is cut into the longest words the dictionary has (and at any
/// `segmentEnds` asked for); a stretch it does not know is one segment of itself.
///
///     let converter = FakeConverter(["にほん": ["日本", "二本"], "ご": ["語", "後"]])
///     converter.convert("にほんご").sentences   // ["日本語", "二本語", "日本後"]
public final class FakeConverter: KanaKanjiConverter {
    public let words: [String: [String]]
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
            let known = words[piece] ?? []
            segments.append(Conversion.Segment(reading: piece, candidates: known.contains(piece) ? known : known + [piece]))
            start = end
        }
        let best = segments.map { $0.candidates[0] }.joined()
        var sentences = [best]
        for (index, segment) in segments.enumerated() where segment.candidates.count > 1 {
            var other = segments.map { $0.candidates[0] }
            other[index] = segment.candidates[1]
            sentences.append(other.joined())
        }
        return Conversion(sentences: sentences, segments: segments)
    }
}
