import ArgumentParser
import ClavisData
import ClavisPrediction
import Foundation

/// `clavis-bench autocorrect --held-out LANG=FILE …`: what Space does to held-out text in
/// every language, through the keyboard's own `TextPredictor.autocorrection` (what `clavis
/// suggest` answers as `"space"`): the correctly typed words it changes, the accents it puts
/// back, and the one-letter slips it puts right. Written as the autocorrect section of
/// docs/benchmarks.md (scripts/bench-autocorrect.sh).
struct AutocorrectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autocorrect",
        abstract: "Auto-correction on held-out text per language: correct words changed, accents restored, slips corrected."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "Held-out text of a language, as LANG=FILE (scripts/lib/held-out.sh prepares them).")
    var heldOut: [String] = []

    @Option(help: "How many passages of each language's held-out text to type.")
    var passages = 400

    /// The figures of one language.
    struct Row {
        var language: String
        /// Words typed exactly: those the language's dictionary accepts (its lexicon or its
        /// hunspell words), and those Space changed (with a few of them)…
        var words = 0, changed = 0
        var changedExamples: [String] = []
        /// …and the text's other words (names, foreign words, old spellings, accents the text
        /// itself left out), and those Space changed.
        var otherWords = 0, otherChanged = 0
        var otherExamples: [String] = []
        /// Words typed without their accents where only the accented spelling is a word, and
        /// those Space made right.
        var onlyAccented = 0, restored = 0
        var missedExamples: [String] = []
        /// Words typed without their accents where that too is a word, and those the bar
        /// showed in its three slots.
        var bothWords = 0, offered = 0
        var notOfferedExamples: [String] = []
        /// Known words typed with one slip, and what Space made of them.
        var slips = 0, corrected = 0, miscorrected = 0
        var slipExamples: [String] = []
        /// Of the slips, those in a capitalised word within a sentence (taken for a name and
        /// left alone, by design), and how many of them Space still put right.
        var nameLike = 0, nameLikeCorrected = 0
    }

    func run() throws {
        options.warnIfDebug()
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        var rows: [Row] = []
        for pair in heldOut {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--held-out takes LANG=FILE") }
            let corpus = try SuggestCommand.passages(from: parts[1], keepingLines: true).prefix(passages).map { $0 }
            let predictor = TextPredictor(lexicons: [try lexicons.load(language: parts[0])], languages: [parts[0]])
            print("Autocorrect \(parts[0]): \(corpus.count) passages of \(parts[1])…")
            rows.append(Self.measure(language: parts[0], corpus: corpus, predictor: predictor))
        }
        try options.publish(report(rows), section: "autocorrect")
    }

    /// Types every word of `corpus` three ways: as written, without its accents, and with one
    /// slip; each followed by Space.
    static func measure(language: String, corpus: [String], predictor: TextPredictor) -> Row {
        var row = Row(language: language)
        var index = 0
        for passage in corpus {
            // Each word with the text before it as typed (a line's end kept: a capital after it
            // starts a line, it is no name).
            for token in passage.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let word = token.trimmingCharacters(in: CharacterSet.letters.inverted)
                guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "\u{2019}" }),
                      let start = token.range(of: word) else { continue }
                let lead = String(passage[..<start.lowerBound])
                func space(_ typed: String) -> String {
                    predictor.autocorrection(for: typed, context: TypingContext(before: lead + typed)) ?? typed
                }
                let kept = space(word)
                if predictor.isKnown(word) || predictor.isCorrectlySpelled(word) {
                    row.words += 1
                    if kept != word {
                        row.changed += 1
                        if row.changedExamples.count < 4 { row.changedExamples.append("\(word) → \(kept)") }
                    }
                } else {
                    row.otherWords += 1
                    if kept != word {
                        row.otherChanged += 1
                        if row.otherExamples.count < 4 { row.otherExamples.append("\(word) → \(kept)") }
                    }
                }
                // Accents: of the words the dictionary knows (a name or an old spelling it
                // does not know cannot be restored but by chance).
                let bare = WordFolding.strippingAccents(word)
                if bare != word, predictor.isKnown(word) || predictor.isCorrectlySpelled(word) {
                    if !predictor.isCorrectlySpelled(bare) {
                        row.onlyAccented += 1
                        let result = space(bare)
                        if result == word { row.restored += 1 } else if row.missedExamples.count < 4 { row.missedExamples.append("\(bare) → \(result) (\(word))") }
                    } else {
                        row.bothWords += 1
                        let shown = predictor.suggestions(for: TypingContext(before: lead + bare), count: 3).map(\.text)
                        if shown.contains(word) {
                            row.offered += 1
                        } else if row.notOfferedExamples.count < 4 {
                            row.notOfferedExamples.append("\(bare) → \(shown.joined(separator: ", ")) (\(word))")
                        }
                    }
                }
                index += 1
                if word.count >= 4, predictor.isKnown(word), let slip = slip(of: word, number: index), !predictor.isCorrectlySpelled(slip) {
                    row.slips += 1
                    let result = space(slip)
                    if result == word { row.corrected += 1 } else if result != slip { row.miscorrected += 1 }
                    let context = TypingContext(before: lead + slip)
                    if slip.first?.isUppercase == true, !(context.atSentenceStart && context.previous.isEmpty) {
                        row.nameLike += 1
                        if result == word { row.nameLikeCorrected += 1 }
                    }
                    if result != word, row.slipExamples.count < 6 { row.slipExamples.append("\(slip) → \(result) (\(word))") }
                }
            }
        }
        return row
    }

    /// `word` with one slip of the kinds auto-correction puts right, in turn by `number`:
    /// a neighbouring key, two letters swapped, a letter left out, a doubled letter typed
    /// once. `nil` where that slip does not apply.
    static func slip(of word: String, number: Int) -> String? {
        var letters = Array(word)
        let position = (number * 7) % letters.count
        switch number % 4 {
        case 0:
            let letter = Character(letters[position].lowercased())
            guard let neighbour = neighbours[letter] else { return nil }
            letters[position] = letters[position].isUppercase ? Character(neighbour.uppercased()) : neighbour
        case 1:
            guard position + 1 < letters.count, letters[position] != letters[position + 1] else { return nil }
            letters.swapAt(position, position + 1)
        case 2:
            guard position > 0 else { return nil }
            letters.remove(at: position)
        default:
            guard let double = letters.indices.dropFirst().first(where: { letters[$0] == letters[$0 - 1] }) else { return nil }
            letters.remove(at: double)
        }
        return String(letters)
    }

    /// Each QWERTY letter's nearest neighbour to its right (to its left at a row's end).
    static let neighbours: [Character: Character] = {
        var map: [Character: Character] = [:]
        for row in ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map(Array.init) {
            for (index, letter) in row.enumerated() { map[letter] = index + 1 < row.count ? row[index + 1] : row[index - 1] }
        }
        return map
    }()

    func report(_ rows: [Row]) -> String {
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "–" : String(format: "%.1f %%", 100 * Double(part) / Double(whole)) }
        func ratio(_ part: Int, _ whole: Int) -> Double? { whole == 0 ? nil : 100 * Double(part) / Double(whole) }
        let strong: Set = ["pl", "cs", "sk", "de", "es", "pt", "fr", "ro", "tr", "hu"]
        var body = "## Auto-correction you can trust\n\n`clavis-bench autocorrect --held-out LANG=FILE …` (`scripts/bench-autocorrect.sh`), \(machineDescription()), \(dateString()). "
        body += "Each language's held-out text (never used to build a lexicon), up to \(passages) passages, each word followed by Space, through the keyboard's own "
        body += "`TextPredictor.autocorrection` (what `clavis suggest` answers as `\"space\"`), with the lexicon and the words its hunspell dictionary accepts.\n\n"
        body += "- **Correct words changed**: every word typed exactly as written. The target (≤ 0.5 %) is on the words the language's dictionary accepts "
        body += "(its lexicon or its hunspell words, `LANG.known`); the text's other words (names, foreign words, old spellings such as \"daß\", "
        body += "accents the text itself left out, as the Polish fortunes do) are counted apart: changing them is not always wrong.\n"
        body += "- **Accents**: each word of the dictionary with diacritics typed without them (`WordFolding.strippingAccents`): where only the accented spelling is a word, "
        body += "how often Space gives it (target ≥ 90 % in pl, cs, sk, de, es, pt, fr, ro, tr, hu); where the bare spelling is a word too, how often the "
        body += "accented one is among the three shown (target ≥ 80 % in those).\n"
        body += "- **Slips**: every fourth word of four or more letters the lexicon knows, typed with one slip (a neighbouring key, two letters swapped, a "
        body += "letter left out, a doubled letter typed once; only where the slip is not itself a word): how often Space makes the word, and how often another word; "
        body += "and apart, the slips in words capitalised within a sentence, which auto-correction takes for names and leaves (unless a key or a swap away from a "
        body += "word written with a capital; German corrects its nouns as ever), and how often Space corrects the rest.\n\n"
        body += "| language | dictionary words | changed (target ≤ 0.5 %) | other words | changed | accents: only accented is a word | Space restores | "
        body += "accents: both are words | accented shown | slips | Space corrects | Space makes another word | "
        body += "of them capitalised within a sentence | Space corrects the others | verdict |\n"
        body += "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            var failures: [String] = []
            if let changed = ratio(row.changed, row.words), changed > 0.5 { failures.append("changed > 0.5 %") }
            if strong.contains(row.language) {
                if let restored = ratio(row.restored, row.onlyAccented), restored < 90, row.onlyAccented >= 20 { failures.append("restored < 90 %") }
                if let offered = ratio(row.offered, row.bothWords), offered < 80, row.bothWords >= 20 { failures.append("shown < 80 %") }
            }
            let verdict = failures.isEmpty ? "pass" : "**fail** (\(failures.joined(separator: ", ")))"
            body += "| \(row.language) | \(row.words) | \(percent(row.changed, row.words)) (\(row.changed)) | \(row.otherWords) | \(percent(row.otherChanged, row.otherWords)) "
            body += "| \(row.onlyAccented) | \(percent(row.restored, row.onlyAccented)) | \(row.bothWords) | \(percent(row.offered, row.bothWords)) "
            body += "| \(row.slips) | \(percent(row.corrected, row.slips)) | \(percent(row.miscorrected, row.slips)) "
            body += "| \(row.nameLike) | \(percent(row.corrected - row.nameLikeCorrected, row.slips - row.nameLike)) | \(verdict) |\n"
        }
        body += "\nA target is judged where the text has at least 20 such words; \"–\" where it has none (English has no accents to leave out).\n"
        func examples(_ title: String, _ list: (Row) -> [String]) {
            let lines = rows.filter { !list($0).isEmpty }.map { "- \($0.language): \(list($0).joined(separator: "; "))\n" }
            guard !lines.isEmpty else { return }
            body += "\n\(title)\n\n" + lines.joined()
        }
        examples("Dictionary words Space changed:", \.changedExamples)
        examples("The text's other words Space changed:", \.otherExamples)
        examples("Accents left out that Space did not put back (typed → left (meant)):", \.missedExamples)
        examples("Both spellings words, the accented one not shown (typed → shown (meant)):", \.notOfferedExamples)
        examples("Slips Space did not put right (typed → left (meant)):", \.slipExamples)
        return body
    }
}
