import ClavisFormats
import ClavisPrediction

/// The answers of `clavis suggest`, `clavis swipe` and `clavis compose`: one JSON line for
/// each line a script sends, whatever bytes the line holds (a fuzzer feeds these). Japanese's
/// answer (`composition`) is with its converter, in ClavisKanaKanji.
///
///     LineProtocol.suggestions(for: Array("see you tom".utf8), predictor: predictor, count: 3).answer
///     // {"word": "tom", "suggestions": [{"text": "tomorrow", "kind": "completion"}, …]}
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

    /// `space`: the word Space would leave in place of `word` (`word` itself when it would
    /// correct nothing), from the same `TextPredictor.autocorrection` the keyboard asks.
    static func suggestionsJSON(word: String, suggestions: [Suggestion], space: String) -> String {
        let items = suggestions.map { "{\"text\": \(quoted($0.text)), \"kind\": \"\($0.kind.rawValue)\"}" }
        return "{\"word\": \(quoted(word)), \"suggestions\": [\(items.joined(separator: ", "))], \"space\": \(quoted(space))}"
    }

    package static func quoted(_ text: String) -> String { JSONValue.string(text).text() }

    package static func array(_ texts: [String]) -> String { "[" + texts.map(quoted).joined(separator: ", ") + "]" }
}
