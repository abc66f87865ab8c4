/// Converts a kana reading to kanji: the whole sentence's best guesses, and the segments
/// (文節) of the best one with their own candidates.
///
///     let conversion = converter.convert("にほんご")
///     conversion.sentences.first   // "日本語"
///     converter.convert("ここではきものをぬぐ", segmentEnds: [2]).segments.first?.reading   // "ここ"
public protocol KanaKanjiConverter: AnyObject {
    /// Converts `reading`; `segmentEnds` are offsets (in characters) where segments must end,
    /// ascending: what the user fixed by resizing segments. Segments after the last one are
    /// the converter's choice.
    func convert(_ reading: String, segmentEnds: [Int]) -> Conversion

    /// Everything one segment's reading may be, best first: the candidates a segment offers
    /// once the user looks at it (a sentence's conversion gives each segment only its best).
    func candidates(for reading: String) -> [String]
}

extension KanaKanjiConverter {
    /// Converts `reading`, segmenting it freely.
    public func convert(_ reading: String) -> Conversion {
        convert(reading, segmentEnds: [])
    }

    /// The whole-reading conversions of `reading`.
    public func candidates(for reading: String) -> [String] {
        convert(reading).sentences
    }
}

/// What a conversion found.
public struct Conversion: Equatable, Sendable {
    /// One segment of the best sentence: its reading and the words it may be, best first.
    public struct Segment: Equatable, Sendable {
        public var reading: String
        public var candidates: [String]

        public init(reading: String, candidates: [String]) {
            self.reading = reading
            self.candidates = candidates
        }
    }

    /// Whole-sentence conversions, best first.
    public var sentences: [String]
    /// The best sentence's segments.
    public var segments: [Segment]

    public init(sentences: [String], segments: [Segment]) {
        self.sentences = sentences
        self.segments = segments
    }

    /// Builds a conversion from n-best paths, each a list of (reading, output) segments: the
    /// sentences in order, and for each segment of the best path every output that a path
    /// gives the same stretch of reading.
    public init(paths: [[(reading: String, output: String)]]) {
        var sentences: [String] = []
        var seen = Set<String>()
        for path in paths {
            let sentence = path.map(\.output).joined()
            if seen.insert(sentence).inserted { sentences.append(sentence) }
        }
        var segments: [Segment] = []
        if let best = paths.first {
            // Every path's words by the stretch of the reading each covers, in the paths'
            // order: each word's length counted once (a long reading of many paths counted
            // them over and over, seconds for a line of ーーー…).
            var outputs: [Range<Int>: [String]] = [:]
            for path in paths {
                var start = 0
                for word in path {
                    let range = start..<(start + word.reading.count)
                    if outputs[range]?.contains(word.output) != true { outputs[range, default: []].append(word.output) }
                    start = range.upperBound
                }
            }
            var offset = 0
            for segment in best {
                let range = offset..<(offset + segment.reading.count)
                offset = range.upperBound
                var candidates = outputs[range] ?? []
                if !candidates.contains(segment.reading) { candidates.append(segment.reading) }
                segments.append(Segment(reading: segment.reading, candidates: candidates))
            }
        }
        self.init(sentences: sentences, segments: segments)
    }
}

extension Conversion {
    /// Function words that end a phrase rather than start one (particles, copulas, polite
    /// endings), besides any single kana.
    static let functionWords: Set<String> = [
        "から", "まで", "より", "です", "でした", "でしょう", "しょう", "ましょう", "ます", "ました", "ません", "ない", "たい",
        "って", "った", "んだ", "ので", "のに", "けど", "だけ", "しか", "ほど", "など", "たち", "さん",
    ]

    /// The segments joined into phrases (文節) as a user edits them: a segment whose best
    /// conversion is itself and is a function word in hiragana (a particle or an ending:
    /// で, を, ぐ, です) joins the one before it, unless a segment end the user fixed lies
    /// between them. Converters that segment by words give ここ|で|は|着物|を|脱|ぐ;
    /// this gives ここで|は|着物を|脱ぐ.
    public func phrases(keeping segmentEnds: [Int] = []) -> Conversion {
        var grouped: [Segment] = []
        var offset = 0
        for segment in segments {
            let isParticle = segment.candidates.first == segment.reading
                && segment.reading.unicodeScalars.allSatisfy { (0x3041...0x309F).contains($0.value) }
                && (segment.reading.count == 1 || Self.functionWords.contains(segment.reading))
            if isParticle, !grouped.isEmpty, !segmentEnds.contains(offset) {
                grouped[grouped.count - 1].reading += segment.reading
                grouped[grouped.count - 1].candidates = grouped[grouped.count - 1].candidates.map { $0 + segment.reading }
            } else {
                grouped.append(segment)
            }
            offset += segment.reading.count
        }
        return Conversion(sentences: sentences, segments: grouped)
    }
}
