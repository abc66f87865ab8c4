import ArgumentParser
import ClavisData
import ClavisPrediction
import Foundation

/// `clavis-bench suggest`: keystroke savings of Clavis and presage on the same held-out text,
/// in one run, through the same line protocol (`clavis suggest`), plus correction rate,
/// query time and memory.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Keystroke savings (3 suggestions) of Clavis and presage on held-out text; corrections, time, memory."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "Held-out text: fortunes, one blank-line or %-separated passage each (never used to build a lexicon).")
    var text = "/usr/share/games/fortunes/fortunes"

    @Option(help: "How many passages of the text to type.")
    var passages = 200

    @Option(help: "Passages to skip first (a development split for tuning; the report uses the first ones).")
    var skip = 0

    @Option(help: "The clavis binary (its `suggest` command).")
    var clavis = ".build/release/clavis"

    @Option(help: "presage behind the same protocol (scripts/bench/presage-suggest.c).")
    var presage = ".build-data/bench/presage-suggest"

    @Option(help: "presage's configuration (learning off).")
    var presageConfig = ".build-data/bench/presage.xml"

    @Option(help: "typed<TAB>meant misspellings.")
    var misspellings = "scripts/bench/misspellings-en.tsv"

    @Option(help: "Suggestions shown.")
    var count = 3

    @Option(help: "Held-out text of a language, as LANG=FILE: a row each beside Onboard's predictor (scripts/bench-suggest.sh prepares them).")
    var heldOut: [String] = []

    @Option(help: "Mixed text of two languages with held-out text, as L1+L2 (en+de): typed with both on and with each alone.")
    var mixed: [String] = []

    @Option(help: "How many passages of each language's held-out text to type.")
    var languagePassages = 150

    @Option(help: "Onboard's predictor behind the line protocol.")
    var onboard = "scripts/bench/onboard-suggest.py"

    @Option(help: "Onboard's language models (Debian onboard-data).")
    var onboardModels = "/usr/share/onboard/models"

    @Flag(help: "Only the languages section (skip English beside presage).")
    var languagesOnly = false

    func run() throws {
        options.warnIfDebug()
        if !heldOut.isEmpty { try runLanguages() }
        guard !languagesOnly else { return }
        let corpus = try Self.passages(from: text).dropFirst(skip).prefix(passages).map { $0 }
        let characters = corpus.reduce(0) { $0 + $1.count }
        print("Suggest: \(corpus.count) passages, \(characters) characters of \(text)")

        let pairs = try String(contentsOfFile: misspellings, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }.filter { $0.count == 2 }

        var results: [(name: String, result: Simulation.Result, corrected: Int, first: Double, memory: Int)] = []
        let predictors: [(String, [String])] = [
            ("Clavis", [clavis, "suggest", "--language", "en", "--count", "\(count)"]),
            ("presage", [presage, "--config", presageConfig, "--count", "\(count)"]),
            ("presage + recency", [presage, "--config", presageConfig, "--count", "\(count)", "--recency"]),
        ]
        for (name, command) in predictors {
            print("Suggest: \(name)…")
            let started = Date()
            let process = try LineProcess(command)
            _ = try process.ask("")
            let first = Date().timeIntervalSince(started)
            let result = try Simulation(passages: corpus).run { try process.ask($0).prefix(count).map { $0 } }
            var corrected = 0
            for pair in pairs where try process.ask(pair[0]).prefix(count).contains(where: { $0.lowercased() == pair[1] }) {
                corrected += 1
            }
            let memory = process.memoryKiB()
            process.close()
            results.append((name, result, corrected, first, memory))
        }

        let inProcess = try measureInProcess(corpus: corpus)
        let autocorrect = try measureAutocorrection(corpus: corpus, pairs: pairs)
        var body = "## Suggestions\n\n`clavis-bench suggest` (`scripts/bench-suggest.sh`), \(machineDescription()). "
        body += "Held-out text: \(skip == 0 ? "the first" : "after \(skip),") \(corpus.count) passages of `\(text)` (Debian fortunes-min; \(characters) characters), "
        body += "which no lexicon is built from. Simulation, the same for every predictor through the `clavis suggest` line protocol: "
        body += "before every letter of a word the text before the caret is sent; if the word is among the \(count) suggestions "
        body += "(ignoring case) it is chosen with one keystroke, which also types the space after it; every other character "
        body += "(letters, spaces, punctuation) is one keystroke, Shift none. presage 0.9.1 (Debian) runs its shipped English "
        body += "n-gram database with learning off (`ONLINE_LEARNING no`, no user database); \"+ recency\" adds its recency "
        body += "predictor, which draws on the words of the passage being typed. Corrections: \(pairs.count) common misspellings "
        body += "(`\(misspellings)`), typed whole with no context; counted when the right word is among the \(count) suggestions.\n\n"
        body += "| predictor | keystrokes saved (KSR) | words chosen | corrections in top \(count) | first answer after start | round trip p50 / p99 | private dirty memory (process) |\n"
        body += "|---|---|---|---|---|---|---|\n"
        for row in results {
            let ksr = String(format: "%.1f %%", row.result.savings * 100)
            let correction = String(format: "%.0f %% (%d/%d)", Double(row.corrected) / Double(max(1, pairs.count)) * 100, row.corrected, pairs.count)
            body += "| \(row.name) | \(ksr) | \(row.result.chosen) of \(row.result.words) | \(correction) | \(formatDuration(row.first)) | "
            body += "\(formatDuration(row.result.latency.percentile(0.5))) / \(formatDuration(row.result.latency.percentile(0.99))) | \(row.memory / 1024) MiB |\n"
        }
        let clavisKSR = results[0].result.savings * 100
        let presageKSR = results.dropFirst().map { $0.result.savings * 100 }.max() ?? 0
        let correctionRate = Double(results[0].corrected) / Double(max(1, pairs.count))
        body += "\nIn process (the engine alone, \(inProcess.queries) queries of the same simulation): p50 \(formatDuration(inProcess.latency.percentile(0.5))), "
        body += "p99 \(formatDuration(inProcess.latency.percentile(0.99))); engine private dirty memory \(inProcess.engineKiB) KiB "
        body += "(growth of this process's Private_Dirty across loading the lexicon and answering every query; the mapped lexicon itself is clean, shared page cache).\n\n"
        body += "Auto-correction (what a space would do, no context): \(autocorrect.fixed) of \(pairs.count) misspellings become the right word, "
        body += "\(autocorrect.wrong) become another word and the rest are left as typed; of the \(autocorrect.words) words of the held-out text "
        body += "(\(autocorrect.unknown) of them unknown to the lexicon), \(autocorrect.changed) would be changed (\(autocorrect.changedExamples.joined(separator: ", "))).\n\n"
        body += "| target | figure | verdict |\n|---|---|---|\n"
        body += "| KSR ≥ presage's best + 5 points | \(String(format: "%.1f", clavisKSR)) vs \(String(format: "%.1f", presageKSR)) + 5 | \(clavisKSR >= presageKSR + 5 ? "met" : "missed") |\n"
        body += "| corrections in top \(count) ≥ 90 % | \(String(format: "%.0f %%", correctionRate * 100)) | \(correctionRate >= 0.9 ? "met" : "missed") |\n"
        body += "| query p99 < 3 ms | \(formatDuration(inProcess.latency.percentile(0.99))) | \(inProcess.latency.percentile(0.99) < 3e-3 ? "met" : "missed") |\n"
        body += "| engine memory ≤ 5 MB private | \(inProcess.engineKiB) KiB | \(inProcess.engineKiB <= 5 * 1024 ? "met" : "missed") |\n"
        body += "| first query < 50 ms after the engine starts | \(formatDuration(inProcess.first)) (map the lexicon, first prediction; a whole `clavis suggest` process: \(formatDuration(results[0].first))) | \(inProcess.first < 0.05 ? "met" : "missed") |\n"
        try options.publish(body, section: "suggest")
    }

    /// A row a language with held-out text, beside Onboard; then the mixed texts.
    private func runLanguages() throws {
        var files: [(String, String)] = []
        for pair in heldOut {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--held-out takes LANG=FILE") }
            files.append((parts[0], parts[1]))
        }
        var rows = LanguageRows(count: count, passages: languagePassages, onboardScript: onboard, modelDirectory: onboardModels)
        rows.skip = skip
        let measured = try files.map { try rows.row(language: $0.0, file: $0.1) }
        let byLanguage = Dictionary(files, uniquingKeysWith: { first, _ in first })
        let mixedFigures = try mixed.map { pair in
            let languages = pair.split(separator: "+").map(String.init)
            guard languages.count == 2 else { throw ValidationError("--mixed takes L1+L2") }
            print("Suggest: mixed \(pair)…")
            return (pair, try rows.mixed(languages[0], languages[1], files: byLanguage))
        }
        try options.publish(rows.report(rows: measured, mixed: mixedFigures, machine: machineDescription()), section: "suggest-languages")
    }

    /// The engine in this process: query times over the simulation, and memory growth.
    private func measureInProcess(corpus: [String]) throws -> (queries: Int, latency: Latencies, engineKiB: Int, first: Double) {
        let before = privateDirtyKiB(pid: getpid())
        let started = DispatchTime.now().uptimeNanoseconds
        let lexicon = try LexiconLibrary(directories: ClavisData.textDirectories).load(language: "en")
        let predictor = TextPredictor(lexicon: lexicon)
        _ = predictor.suggestions(for: TypingContext(before: ""), count: count)
        let first = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let result = try Simulation(passages: corpus).run { text in
            predictor.suggestions(for: TypingContext(before: text), count: count).map(\.text)
        }
        let after = privateDirtyKiB(pid: getpid())
        return (result.queries, result.latency, max(0, after - before), first)
    }

    /// What auto-correction does to the misspellings, and to the held-out text's own words.
    private func measureAutocorrection(corpus: [String], pairs: [[String]])
        throws -> (fixed: Int, wrong: Int, words: Int, unknown: Int, changed: Int, changedExamples: [String]) {
        let lexicon = try LexiconLibrary(directories: ClavisData.textDirectories).load(language: "en")
        let predictor = TextPredictor(lexicon: lexicon)
        var fixed = 0, wrong = 0
        for pair in pairs {
            guard let correction = predictor.autocorrection(for: pair[0], context: TypingContext(before: "")) else { continue }
            if correction.lowercased() == pair[1] { fixed += 1 } else { wrong += 1 }
        }
        var words = 0, changed = 0, unknown = 0
        var examples: [String] = []
        for passage in corpus {
            var before = ""
            for token in passage.split(separator: " ") {
                let word = token.trimmingCharacters(in: CharacterSet.letters.union(["'"]).inverted)
                if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "'" }) {
                    words += 1
                    if !predictor.isKnown(word) { unknown += 1 }
                    let correction = predictor.autocorrection(for: word, context: TypingContext(before: before + word))
                    if let correction, correction.lowercased() != word.lowercased().replacingOccurrences(of: "'", with: "")
                        && correction.lowercased().replacingOccurrences(of: "'", with: "") != word.lowercased() {
                        changed += 1
                        if examples.count < 8 { examples.append("\(word) → \(correction)") }
                    }
                }
                before += token + " "
            }
        }
        return (fixed, wrong, words, unknown, changed, examples)
    }

    /// Passages separated by "%" lines (fortune files) or blank lines, whitespace collapsed.
    /// `keepingLines`: each line's own spaces collapsed, the lines kept apart ("\n"), as
    /// someone typing verse or a list would (a capital at a line's start is no name).
    static func passages(from path: String, keepingLines: Bool = false) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var passages: [String] = []
        var current: [Substring] = []
        func flush() {
            let joined = current.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .joined(separator: keepingLines ? "\n" : " ").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            if !joined.isEmpty { passages.append(joined) }
            current = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "%" || line.trimmingCharacters(in: .whitespaces).isEmpty { flush() } else { current.append(line) }
        }
        flush()
        return passages
    }
}

/// Query round-trip times.
struct Latencies {
    var values: [Double] = []
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}

/// The keystroke savings simulation (docs/benchmarks.md describes it).
struct Simulation {
    struct Result {
        var keystrokes = 0
        var characters = 0
        var words = 0
        var chosen = 0
        var queries = 0
        var latency = Latencies()
        var savings: Double { characters == 0 ? 0 : 1 - Double(keystrokes) / Double(characters) }
    }

    var passages: [String]

    func run(_ suggest: (String) throws -> [String]) throws -> Result {
        var result = Result()
        for passage in passages {
            let characters = Array(passage)
            result.characters += characters.count
            var position = 0
            while position < characters.count {
                guard characters[position].isLetter else {
                    result.keystrokes += 1
                    position += 1
                    continue
                }
                var end = position
                while end < characters.count, characters[end].isLetter || (characters[end] == "'" && end + 1 < characters.count && characters[end + 1].isLetter) {
                    end += 1
                }
                let word = String(characters[position..<end]).lowercased()
                result.words += 1
                var typed = position
                var done = false
                while typed < end {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let suggestions = try suggest(String(characters[0..<typed]))
                    result.latency.values.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                    result.queries += 1
                    if suggestions.contains(where: { $0.lowercased() == word }) {
                        result.keystrokes += 1
                        result.chosen += 1
                        position = end < characters.count && characters[end] == " " ? end + 1 : end
                        done = true
                        break
                    }
                    result.keystrokes += 1
                    typed += 1
                }
                if !done { position = end }
            }
        }
        return result
    }
}

/// A predictor process spoken to a line at a time.
final class LineProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(_ command: [String]) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = NSTemporaryDirectory() + "clavis-bench-home"
        process.environment = environment
        try process.run()
    }

    /// Sends one line and returns the suggestions' texts of the answer.
    func ask(_ line: String) throws -> [String] {
        input.fileHandleForWriting.write(Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let answer = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[(newline + 1)...])
                let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
                return (object?["suggestions"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw ValidationError("\(process.executableURL!.path) ended early") }
            buffer.append(chunk)
        }
    }

    /// The process's Private_Dirty now, in KiB.
    func memoryKiB() -> Int { privateDirtyKiB(pid: process.processIdentifier) }

    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Private_Dirty of a process, from /proc/PID/smaps_rollup, in KiB.
func privateDirtyKiB(pid: Int32) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").filter { $0.hasPrefix("Private_Dirty:") }
        .compactMap { Int($0.split(separator: " ").dropFirst().first ?? "") }.reduce(0, +)
}
