import ClavisEngine
import ClavisJapanese

extension CompositionSession {
    /// A conversion on screen: the reading's segments (文節), the candidate shown for each,
    /// and the segment Space, the bar and the arrows act on.
    public struct Converting: Equatable, Sendable {
        /// The segments of the reading, each with its candidates.
        public var segments: [Conversion.Segment]
        /// The candidate shown for each segment.
        public var chosen: [Int]
        /// The segment Space, the bar and the arrows act on.
        public var focus: Int
        /// The converter's best sentence, offered whole in the bar until the user changes
        /// anything (a reading of several segments, such as 日本|語).
        public var sentence: String?
        /// The segments whose candidates were widened with a conversion of their reading
        /// alone (done when a segment is first focused).
        var widened: Set<Int> = []

        /// What each segment shows: its chosen candidate.
        var shown: [String] {
            zip(segments, chosen).map { $0.candidates.indices.contains($1) ? $0.candidates[$1] : $0.reading }
        }

        /// The text shown.
        public var text: String { shown.joined() }

        /// The focused segment's range in `text`, in characters.
        public var focusRange: Range<Int> {
            let shown = shown
            let start = shown.prefix(focus).reduce(0) { $0 + $1.count }
            return start..<(start + (shown.indices.contains(focus) ? shown[focus].count : 0))
        }
    }
}

extension CompositionSession.Converting {
    /// Each segment's first candidate shown, the first segment focused.
    init(segments: [Conversion.Segment], sentence: String? = nil) {
        self.init(segments: segments, chosen: segments.map { _ in 0 }, focus: 0, sentence: sentence)
    }
}
