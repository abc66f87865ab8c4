import CLazyKkc
import ClavisJapanese

/// Kana–kanji conversion with libkkc: its trigram language model ("sorted3", Debian
/// libkkc-data) and n-best decoder; its word segments joined into phrases (文節).
///
/// libkkc rather than anthy: a statistical model with n-best sentences and per-segment
/// candidates, maintained in Debian, and a C API over GObject that needs no server (mozc
/// would, over IPC). See docs/japanese.md.
///
///     let converter = try KkcConverter()
///     converter.convert("きょうはいいてんきです").sentences.first   // "今日はいい天気です"
public final class KkcConverter: KanaKanjiConverter {
    /// Why the engine is unavailable.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    private let decoder: OpaquePointer
    /// How many whole sentences a conversion considers. One by default: libkkc's search for
    /// more than the best path takes 10–30 times as long on a 20-kana sentence (up to half a
    /// second), and a segment's own candidates come from `candidates(for:)` when it is
    /// looked at.
    public var bestCount: Int32 = 1
    /// How many conversions of a segment's reading `candidates(for:)` considers.
    public var candidateCount: Int32 = 20

    /// Opens libkkc and loads the language model, or throws why not (libkkc2 or
    /// libkkc-data missing).
    public init(model: String = "sorted3") throws {
        if let failure = clavis_kkc_open() {
            throw Unavailable(description: "libkkc could not be opened (\(String(cString: failure))); install libkkc2")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = clavis_kkc_language_model_load(model, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw Unavailable(description: "libkkc's language model '\(model)' could not be loaded (\(reason)); install libkkc-data")
        }
        decoder = clavis_kkc_decoder_create(loaded)
        g_object_unref(UnsafeMutableRawPointer(loaded))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(decoder))
    }

    /// The longest reading converted in one search; longer ones are converted piece by
    /// piece (`ReadingPieces`), so the time grows with the reading's length and no faster.
    /// The keyboard's compositions are shorter (`CompositionSession.maximumLength`).
    public static let pieceLength = 128
    /// The longest reading for which more than the best path is searched: libkkc's n-best
    /// search grows steeply with the reading, the more so the more ways it can be cut (20
    /// paths: いう × 8, 16 kana, took 0.9 s and 190 MB, い × 24 3.9 s and 360 MB, and 96 kana
    /// of a sentence over 30 s and 1.7 GB; at 12 kana the worst seen was 0.25 s and 17 MB).
    /// Longer readings get the best path alone, and their phrases their own candidates.
    public static let nBestLength = 12

    public func convert(_ reading: String, segmentEnds: [Int]) -> Conversion {
        guard !reading.isEmpty else { return Conversion(sentences: [], segments: []) }
        guard reading.count > Self.pieceLength else { return convertPiece(reading, segmentEnds: segmentEnds) }
        var start = 0
        var pieces: [Conversion] = []
        for piece in ReadingPieces.split(reading, maximum: Self.pieceLength) {
            let count = piece.count
            let ends = segmentEnds.filter { $0 > start && $0 < start + count }.map { $0 - start }
            pieces.append(convertPiece(String(piece), segmentEnds: ends))
            start += count
        }
        return Conversion(joining: pieces)
    }

    public func candidates(for reading: String) -> [String] {
        guard reading.count <= Self.nBestLength else {
            let sentences = convert(reading).sentences
            return sentences.contains(reading) ? sentences : sentences + [reading]
        }
        var candidates: [String] = []
        for path in decode(reading, best: candidateCount, segmentEnds: []) {
            let text = path.map(\.output).joined()
            if !candidates.contains(text) { candidates.append(text) }
        }
        return candidates
    }

    /// How many paths a search of `reading` asks libkkc for when `best` are wanted: at least
    /// one, and one alone past `nBestLength`.
    public static func pathCount(for reading: String, best: Int32) -> Int32 {
        reading.count <= nBestLength ? max(1, best) : 1
    }

    private func convertPiece(_ reading: String, segmentEnds: [Int]) -> Conversion {
        let paths = decode(reading, best: bestCount, segmentEnds: segmentEnds)
        guard !paths.isEmpty else {
            return Conversion(sentences: [reading], segments: [Conversion.Segment(reading: reading, candidates: [reading])])
        }
        return Conversion(paths: paths).phrases(keeping: segmentEnds)
    }

    /// libkkc's n-best paths, each a list of (reading, output) words.
    private func decode(_ reading: String, best: Int32, segmentEnds: [Int]) -> [[(reading: String, output: String)]] {
        guard !reading.isEmpty else { return [] }
        var count: Int32 = 0
        var constraint = segmentEnds.filter { $0 > 0 && $0 <= reading.count }.map(Int32.init)
        let decoded = constraint.withUnsafeMutableBufferPointer { ends in
            clavis_kkc_decoder_decode(decoder, reading, Self.pathCount(for: reading, best: best), ends.baseAddress, Int32(ends.count), &count)
        }
        guard let results = decoded else { return [] }
        var paths: [[(reading: String, output: String)]] = []
        for index in 0..<Int(count) {
            var path: [(reading: String, output: String)] = []
            var segment = results[index]
            while let current = segment {
                path.append((String(cString: clavis_kkc_segment_get_input(current)), String(cString: clavis_kkc_segment_get_output(current))))
                segment = clavis_kkc_segment_next(current)
            }
            if let head = results[index] { g_object_unref(UnsafeMutableRawPointer(head)) }
            paths.append(path)
        }
        g_free(results)
        return paths
    }
}
