import ClavisFormats
import ClavisJapanese
import ClavisPrediction

/// The answers of `clavis suggest` and `clavis compose`: one JSON line for each line a
/// script sends, whatever bytes the line holds (a fuzzer feeds these).
///
///     LineProtocol.suggestions(for: Array("see you tom".utf8), predictor: predictor, count: 3).answer
///     // {"word": "tom", "suggestions": [{"text": "tomorrow", "kind": "completion"}, …]}
///     LineProtocol.composition(for: Array("nihon".utf8)) { converter.convert($0) }
///     // {"marked": "にほん", "candidates": ["日本", …], "segments": [{"reading": "にほん", "candidates": […]}]}
public enum LineProtocol {
    /// The longest line `clavis suggest` and `clavis compose` read, in bytes: the text before
    /// a caret, or a romaji sentence, is far shorter; a longer line is refused unread.
    public static let maximumTextLine = 65_536
    /// The longest `clavis compose` line, in bytes: a paragraph of romaji (4,000 kana and
    /// more), converted piece by piece in bounded time; a longer line is refused unread.
    public static let maximumCompositionLine = 8192
    /// The longest `clavis swipe` line, in bytes: `maximumSwipePoints` points of about 50
    /// bytes each. A longer line is refused before any point is built (a million points took
    /// 194 MB to parse only to be refused).
    public static let maximumSwipeLine = 512 * 1024
    /// The most suggestions or candidates a line may ask for (`--count`).
    public static let maximumAnswerCount = 100
    /// The answer to a suggest line that could not be read.
    public static let noSuggestions = suggestionsJSON(word: "", suggestions: [], space: "")
    /// The answer to a swipe line that could not be read.
    public static let noCandidates = "{\"candidates\": []}"

    /// The suggestions for the text before the caret; a line that is not UTF-8 is answered
    /// with none and a problem to report.
    public static func suggestions(for line: [UInt8], predictor: TextPredictor, count: Int) -> (answer: String, problem: String?) {
        guard let text = String(validating: line, as: UTF8.self) else {
            return (noSuggestions, "not UTF-8; answered with no suggestions")
        }
        let context = TypingContext(before: text)
        let space = predictor.autocorrection(for: context.partial, context: context) ?? context.partial
        return (suggestionsJSON(word: context.partial, suggestions: predictor.suggestions(for: context, count: max(0, count)), space: space), nil)
    }

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

    /// `space`: the word Space would leave in place of `word` (`word` itself when it would
    /// correct nothing), from the same `TextPredictor.autocorrection` the keyboard asks.
    static func suggestionsJSON(word: String, suggestions: [Suggestion], space: String) -> String {
        let items = suggestions.map { "{\"text\": \(quoted($0.text)), \"kind\": \"\($0.kind.rawValue)\"}" }
        return "{\"word\": \(quoted(word)), \"suggestions\": [\(items.joined(separator: ", "))], \"space\": \(quoted(space))}"
    }

    static func quoted(_ text: String) -> String { JSONValue.string(text).text() }

    static func array(_ texts: [String]) -> String { "[" + texts.map(quoted).joined(separator: ", ") + "]" }
}
