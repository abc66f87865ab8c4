import ClavisJapanese

/// Kana–kanji conversion of Clavis's own: a lattice of every word the model has for every
/// stretch of the reading, the best paths through it by the model's word trigrams
/// (`LatticeDecoder`), and the words joined into phrases (文節) as a user edits them. The
/// model is memory-mapped (`KanaKanjiModel`), so converting costs the keyboard no private
/// memory beyond one lattice, and the pages a conversion mapped are let go when it returns.
///
///     let converter = LatticeConverter(model: try KanaKanjiModel.load(directories: ClavisData.textDirectories))
///     converter.convert("きょうはいいてんきです").sentences.first   // "今日はいい天気です"
///     converter.convert("こんいちは").sentences.first               // "こんにちは" (typed "konnichiha")
public final class LatticeConverter: KanaKanjiConverter {
    public let model: KanaKanjiModel
    /// How many whole sentences a conversion gives: the best and a few behind it, which
    /// also give each phrase the other words that fit it.
    public var sentenceCount = 4
    /// How many conversions of a phrase's reading `candidates(for:)` gives at most.
    public var candidateCount = 20
    /// The longest reading converted in one lattice; longer ones are converted piece by
    /// piece (`ReadingPieces`), so a lattice's memory stays bounded. The keyboard's
    /// compositions are shorter (`CompositionSession.maximumLength`).
    public static let pieceLength = 128
    /// How many sentences each piece of a reading longer than `pieceLength` is searched for:
    /// only the best of each goes into the line's sentence, and its phrases' candidates need
    /// no more, so a line of 8 KB is converted in well under a second at any `sentenceCount`.
    public static let sentencesPerPiece = 2
    /// How much everyday writing counts among a reading's kanji spellings (`Lattice.everydayCosts`).
    /// These two weights were chosen on a development set of 236 everyday sentences kept
    /// apart from the benchmark's (`scripts/bench/japanese-development.tsv`; `clavis-bench
    /// japanese` prints how the others fare there).
    public var everydayMix = 0.5
    /// How much being rarer in everyday writing than in the model costs a kanji spelling.
    public var rarityWeight = 0.1

    public init(model: KanaKanjiModel) {
        self.model = model
    }

    public func convert(_ reading: String, segmentEnds: [Int]) -> Conversion {
        guard !reading.isEmpty else { return Conversion(sentences: [], segments: []) }
        defer { model.releaseResidentPages() }
        guard reading.count > Self.pieceLength else { return convertPiece(reading, segmentEnds: segmentEnds) }
        var start = 0
        var pieces: [Conversion] = []
        for piece in ReadingPieces.split(reading, maximum: Self.pieceLength) {
            let count = piece.count
            let ends = segmentEnds.filter { $0 > start && $0 < start + count }.map { $0 - start }
            pieces.append(convertPiece(String(piece), segmentEnds: ends, sentences: min(sentenceCount, Self.sentencesPerPiece)))
            start += count
        }
        return Conversion(joining: pieces)
    }

    /// The reading's conversions best first, then the reading itself and its other forms
    /// (katakana, half-width, full-width).
    public func candidates(for reading: String) -> [String] {
        guard !reading.isEmpty else { return [] }
        defer { model.releaseResidentPages() }
        var candidates: [String] = []
        let paths = reading.count <= Self.pieceLength ? decode(reading, count: candidateCount, segmentEnds: []) : []
        for path in paths {
            let text = path.map(\.output).joined()
            if !candidates.contains(text) { candidates.append(text) }
        }
        if paths.isEmpty { candidates = convert(reading).sentences }
        for form in [reading] + TextForms.alternatives(of: reading) where !candidates.contains(form) {
            candidates.append(form)
        }
        return candidates
    }

    private func convertPiece(_ reading: String, segmentEnds: [Int], sentences: Int? = nil) -> Conversion {
        let paths = decode(reading, count: sentences ?? sentenceCount, segmentEnds: segmentEnds)
        guard !paths.isEmpty else {
            return Conversion(sentences: [reading], segments: [Conversion.Segment(reading: reading, candidates: [reading])])
        }
        return Conversion(paths: paths).phrases(keeping: segmentEnds)
    }

    /// The `count` best paths through `reading`'s lattice, each as (reading, output) words;
    /// a path's readings are the kana as typed, even where a word read them another way.
    func decode(_ reading: String, count: Int, segmentEnds: [Int]) -> [[(reading: String, output: String)]] {
        let lattice = Lattice(reading: reading, model: model, segmentEnds: segmentEnds, everydayMix: everydayMix, rarityWeight: rarityWeight)
        let decoder = LatticeDecoder(lattice: lattice, model: model)
        // Many paths differ only in how they cut the same words: search on until `count`
        // different sentences (every path on the way gives its phrases' candidates).
        var paths: [[(reading: String, output: String)]] = []
        var seen = Set<String>()
        var sentences = Set<String>()
        for nodes in decoder.paths(count: count * 8) {
            let words = nodes.map { index in
                let node = lattice.nodes[index]
                let typed = String(lattice.characters[node.start..<node.end])
                return (reading: typed, output: node.word == Lattice.unknown ? typed : model.output(of: node.word))
            }
            guard seen.insert(words.map { "\($0.reading)/\($0.output)" }.joined(separator: "|")).inserted else { continue }
            sentences.insert(words.map(\.output).joined())
            paths.append(words)
            if sentences.count == count { break }
        }
        return paths
    }
}
