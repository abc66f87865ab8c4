import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisLineProtocols
import ClavisPrediction
import ClavisSession
import ClavisSettings
#if canImport(Glibc)
import Glibc
#endif

/// `clavis suggest --language LANG [--language LANG…]`: the suggestion engine over a line
/// protocol, for scripts and for benchmarking it against other predictors; with several
/// languages it answers as a keyboard that suggests in all of them (`alsoSuggestIn`).
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Answer each line of text-before-the-caret on stdin with suggestions as JSON.",
        discussion: """
            Each input line is the text before the caret; each answer is one line, flushed at once: \
            {"word": "<the partial word>", "suggestions": [{"text": "...", "kind": \
            "completion|correction|prediction"}], "space": "<the word Space would leave>"} \
            ("space" is the partial word itself when Space would correct nothing). An empty \
            line asks for sentence-start predictions. Exit status 2 for a language with no lexicon.
            """
    )

    @Option(help: "The language (en, de, fr, …): which lexicon, and which layout's key positions; again for more languages at once, the keyboard's own first.")
    var language: [String] = []

    @Option(help: "How many suggestions to answer with.")
    var count = 3

    @Flag(name: .customLong("list-languages"), help: "List the languages whose lexicons are installed, a line each (code, tab, name in the language), and exit.")
    var listLanguages = false

    func validate() throws {
        try Self.checkCount(count)
        if !listLanguages { try Self.checkLanguages(language) }
    }

    /// Refuses no `--language`, or more than a keyboard may suggest in (suggest and swipe).
    static func checkLanguages(_ languages: [String]) throws {
        guard !languages.isEmpty else { throw ValidationError("--language is required (en, de, fr, …)") }
        guard languages.count <= 1 + Settings.maximumExtraLanguages else {
            throw ValidationError("at most \(1 + Settings.maximumExtraLanguages) languages (got \(languages.count))")
        }
    }

    /// Refuses a `--count` outside 0…`LineProtocol.maximumAnswerCount` (suggest and swipe).
    static func checkCount(_ count: Int) throws {
        guard (0...LineProtocol.maximumAnswerCount).contains(count) else {
            throw ValidationError("--count must be from 0 to \(LineProtocol.maximumAnswerCount) (got \(count))")
        }
    }

    @Flag(help: "Also offer the words the keyboard learned from your typing (kept only with Full Access), as the keyboard does.")
    var learned = false

    func run() throws {
        if listLanguages {
            for code in LexiconLibrary(directories: ClavisData.textDirectories).languages {
                print("\(code)\t\(LanguageNames.endonym(of: code) ?? code)")
            }
            return
        }
        let proximity = Self.proximity(language: language[0]) ?? .qwerty
        func loaded() throws -> TextPredictor {
            let lexicons = try language.map { try Self.lexicon(language: $0, command: "suggest") }
            return TextPredictor(lexicons: lexicons, languages: language.map(KeyboardCatalog.baseLanguage), proximity: proximity)
        }
        var predictor = try loaded()
        if learned, let store = LearnedStores.user.words {
            let (words, problem, _) = store.load()
            predictor.userWords = words
            if let problem { reportProblem("clavis suggest: \(problem)") }
        }
        Self.eachLine(limit: LineProtocol.maximumTextLine, command: "suggest", refused: LineProtocol.noSuggestions) { line, number in
            // A lexicon written to in place since the last line (cp, rsync --inplace): read again.
            if let changed = predictor.lexicons.first(where: { !$0.isIntact }) {
                reportProblem("clavis suggest: \(changed.origin) changed on disk while in use; reading it again")
                guard let fresh = try? loaded() else { return LineProtocol.noSuggestions }
                fresh.userWords = predictor.userWords
                predictor = fresh
            }
            let (answer, problem) = LineProtocol.suggestions(for: line, predictor: predictor, count: count)
            if let problem { reportProblem("clavis suggest: line \(number): \(problem)") }
            return answer
        }
    }

    /// The installed lexicon of `language`; without one, says so as `clavis COMMAND` and
    /// exits with status 2.
    static func lexicon(language: String, command: String) throws -> Lexicon {
        do {
            let lexicon = try LexiconLibrary(directories: ClavisData.textDirectories).load(language: language)
            if let problem = lexicon.knownWordsProblem {
                reportProblem("clavis \(command): auto-correction knows only the lexicon's words: \(problem)")
            }
            return lexicon
        } catch {
            reportProblem("clavis \(command): \(error)")
            throw ExitCode(2)
        }
    }

    /// Writes one answer line straight to standard output (unbuffered), so a driver can
    /// wait for each answer.
    static func answer(_ line: String) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The key positions of the built-in layout for the language (portrait, letters).
    static func proximity(language: String) -> KeyProximity? {
        let primary = LexiconLibrary.fileName(language: language).dropLast(4)
        let id = primary == "en" ? "us" : String(primary)
        guard let layout = try? LayoutLibrary.installed.load(id), let layer = layout.layers.first,
              let solver = try? LayerSolver(layout: layout, layer: layer.name, width: 400, height: 260, orientation: .portrait)
        else { return nil }
        return KeyProximity(geometry: solver.geometry)
    }

    /// One line of stdin as bytes, without its newline, at most `limit` of them, and how many
    /// more the line had (skipped, not kept); `nil` at the end.
    static func readLine(limit: Int) -> (bytes: [UInt8], skipped: Int)? {
        var bytes: [UInt8] = []
        var skipped = 0
        while true {
            let c = getchar()
            if c == EOF { return bytes.isEmpty && skipped == 0 ? nil : (bytes, skipped) }
            if c == 10 { return (bytes, skipped) }
            if bytes.count < limit { bytes.append(UInt8(c)) } else { skipped += 1 }
        }
    }

    /// Answers each line of standard input with `respond(line, lineNumber)`, as `clavis
    /// suggest`, `compose` and `swipe` do; a line over `limit` bytes is not read past the
    /// limit (a hostile line is never held whole), and is answered with `refused` and a
    /// message saying so. The next line works as usual.
    static func eachLine(limit: Int, command: String, refused: String, _ respond: (_ line: [UInt8], _ number: Int) -> String) {
        var lineNumber = 0
        while let (line, skipped) = readLine(limit: limit) {
            lineNumber += 1
            guard skipped == 0 else {
                reportProblem("clavis \(command): line \(lineNumber): \(line.count + skipped) bytes; a line may have at most \(limit); not read")
                answer(refused)
                continue
            }
            answer(respond(line, lineNumber))
        }
    }
}
