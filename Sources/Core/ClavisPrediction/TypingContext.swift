/// What the predictor needs of the text before the caret: the word being typed, the
/// (at most two) words before it in the same sentence, and the last few words whatever the
/// sentence (which language is being typed).
///
///     TypingContext(before: "See you tomor")     // previous ["See", "you"], partial "tomor"
///     TypingContext(before: "Done. ")            // sentence start, partial "", recent ["Done"]
public struct TypingContext: Equatable, Sendable {
    /// The words before the partial word, oldest first, at most two.
    public var previous: [String]
    /// The last words before the partial word, oldest first, at most `recentCount`, across
    /// sentence ends: `LanguageMix` reads the language being typed from them.
    public var recent: [String]
    public static let recentCount = 6
    /// The words of the text before, oldest first, at most `earlierCount` (from its last 400
    /// characters): what was typed recently is likely again (a name, the topic's words).
    public var earlier: [String]
    public static let earlierCount = 50
    /// Whether `previous` reaches back to the start of a sentence (or of the text).
    public var atSentenceStart: Bool
    /// The letters typed of the current word (empty right after a space).
    public var partial: String

    /// `recent` defaults to `previous`, `earlier` to none.
    public init(previous: [String], atSentenceStart: Bool, partial: String, recent: [String]? = nil, earlier: [String] = []) {
        self.previous = previous
        self.atSentenceStart = atSentenceStart
        self.partial = partial
        self.recent = recent ?? previous
        self.earlier = earlier
    }

    /// Splits `text` (the text before the caret) into the partial word and its context.
    public init(before text: String) {
        var characters = text[...]
        var partial = Substring()
        if let start = characters.lastIndex(where: { !WordFolding.isWordCharacter($0) }) {
            partial = characters[characters.index(after: start)...]
            characters = characters[...start]
        } else {
            partial = characters
            characters = ""
        }
        let before = characters
        var previous: [String] = []
        var atStart = true
        while previous.count < 2 {
            let trimmed = characters.reversed().prefix { $0 == " " || $0 == "\t" }.count
            characters = characters.dropLast(trimmed)
            guard let last = characters.last else { break }
            guard WordFolding.isWordCharacter(last) else {
                atStart = ".!?\n。！？".contains(last)
                break
            }
            let start = characters.lastIndex { !WordFolding.isWordCharacter($0) }.map { characters.index(after: $0) } ?? characters.startIndex
            previous.insert(String(characters[start...]), at: 0)
            characters = characters[..<start]
            if previous.count == 2 { atStart = false }
        }
        self.init(previous: previous, atSentenceStart: atStart, partial: String(partial).trimmingApostrophes,
                  recent: Self.lastWords(of: characters, count: Self.recentCount - previous.count) + previous,
                  earlier: Self.lastWords(of: before, count: Self.earlierCount, within: 400))
    }

    /// The last `count` words of `text`, oldest first, whatever lies between them; at most
    /// the last `within` characters are looked at (a long paste costs nothing more).
    static func lastWords(of text: Substring, count: Int, within: Int = 200) -> [String] {
        guard count > 0 else { return [] }
        var words: [String] = []
        var current: [Character] = []
        for character in text.suffix(within).reversed() {
            if WordFolding.isWordCharacter(character) {
                current.append(character)
                continue
            }
            if !current.isEmpty {
                words.append(String(current.reversed()))
                current = []
                if words.count == count { break }
            }
        }
        if !current.isEmpty, words.count < count { words.append(String(current.reversed())) }
        return words.reversed()
    }
}

extension String {
    /// The string without apostrophes at its start (a quotation mark, not part of a word).
    var trimmingApostrophes: String {
        String(drop { $0 == "'" || $0 == "\u{2019}" })
    }
}
