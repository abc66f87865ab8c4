/// Why a kana–kanji model could not be used; the message names the file.
public enum KanaKanjiModelError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case missing(searched: [String])

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): cannot read: \(reason)"
        case let .corrupt(path, reason):
            "\(path): not a usable Clavis kana–kanji model: \(reason); rebuild it with scripts/text-data.sh --force"
        case let .missing(searched):
            "no kana–kanji model (looked for \(KanaKanjiModel.fileName) in \(searched.joined(separator: ", "))); build it with scripts/text-data.sh"
        }
    }
}
