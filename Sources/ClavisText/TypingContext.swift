/// What the predictor needs of the text before the caret: the word being typed and the
/// (at most two) words before it in the same sentence.
///
///     TypingContext(before: "See you tomor")     // previous ["See", "you"], partial "tomor"
///     TypingContext(before: "Done. ")            // sentence start, partial ""
public struct TypingContext: Equatable, Sendable {
    /// The words before the partial word, oldest first, at most two.
    public var previous: [String]
    /// Whether `previous` reaches back to the start of a sentence (or of the text).
    public var atSentenceStart: Bool
    /// The letters typed of the current word (empty right after a space).
    public var partial: String

    public init(previous: [String], atSentenceStart: Bool, partial: String) {
        self.previous = previous
        self.atSentenceStart = atSentenceStart
        self.partial = partial
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
        var previous: [String] = []
        var atStart = true
        while previous.count < 2 {
            let trimmed = characters.reversed().prefix { $0 == " " || $0 == "\t" }.count
            characters = characters.dropLast(trimmed)
            guard let last = characters.last else { break }
            guard WordFolding.isWordCharacter(last) else {
                atStart = ".!?\n".contains(last)
                break
            }
            let start = characters.lastIndex { !WordFolding.isWordCharacter($0) }.map { characters.index(after: $0) } ?? characters.startIndex
            previous.insert(String(characters[start...]), at: 0)
            characters = characters[..<start]
            if previous.count == 2 { atStart = false }
        }
        self.init(previous: previous, atSentenceStart: atStart, partial: String(partial).trimmingApostrophes)
    }
}

extension String {
    /// The string without apostrophes at its start (a quotation mark, not part of a word).
    var trimmingApostrophes: String {
        String(drop { $0 == "'" || $0 == "\u{2019}" })
    }
}
