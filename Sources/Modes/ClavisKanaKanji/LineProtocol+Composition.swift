import ClavisJapanese
import ClavisLineProtocols

/// `clavis compose`'s answer, beside the converter it reports on (the line protocols' shared
/// layer names no input mode).
///
///     LineProtocol.composition(for: Array("nihon".utf8)) { converter.convert($0) }
///     // {"marked": "にほん", "candidates": ["日本", …], "segments": [{"reading": "にほん", "candidates": […]}]}
extension LineProtocol {
    /// The kana reading of a romaji line and its conversions (none without a converter).
    /// A line over `maximumCompositionLine` bytes is answered with nothing (`clavis compose`
    /// says why).
    public static func composition(for line: [UInt8], convert: (String) -> Conversion?) -> String {
        let line = line.count <= maximumCompositionLine ? line : []
        let reading = RomajiComposer.convert(String(decoding: line, as: UTF8.self))
        let conversion = convert(reading) ?? Conversion(sentences: [], segments: [])
        let segments = conversion.segments.map { segment in
            "{\"reading\": \(quoted(segment.reading)), \"candidates\": \(array(segment.candidates))}"
        }
        return "{\"marked\": \(quoted(reading)), \"candidates\": \(array(conversion.sentences)), "
            + "\"segments\": [\(segments.joined(separator: ", "))]}"
    }

}
