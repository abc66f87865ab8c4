/// Why a lexicon or a user-word store could not be used; the message names the file.
public enum LexiconError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case unknownLanguage(String, searched: [String])

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read: \(reason)"
        case let .corrupt(path, reason): "\(path): not a usable Clavis lexicon: \(reason); rebuild it with scripts/text-data.sh --force"
        case let .unknownLanguage(language, searched):
            "no lexicon for language '\(language)' (looked for \(language).clx in \(searched.joined(separator: ", ")))"
        }
    }
}
