import ArgumentParser
import ClavisData
import ClavisPrediction
import Foundation

/// `clavis-bench suggest --held-out LANG=FILE …`: keystroke savings in every language with
/// held-out text, Clavis beside Onboard's own predictor (its pypredict module and the
/// language's model from onboard-data) through the same simulation, and mixed text typed with
/// two languages on. Written as the suggest-languages section of docs/benchmarks.md.
struct LanguageRows {
    /// Onboard's model file for a language, as Debian's onboard-data names them.
    static let onboardModels = [
        "bg": "bg_BG", "da": "da_DK", "de": "de_DE", "el": "el_GR", "en": "en_US", "eo": "eo_XX", "es": "es_ES",
        "fr": "fr_FR", "ga": "ga_IE", "gd": "gd_GB", "it": "it_IT", "lb": "lb_LU", "nl": "nl_NL", "pl": "pl_PL",
        "pt": "pt_BR", "ro": "ro_RO", "ru": "ru_RU", "sv": "sv_SE", "tr": "tr_TR",
    ]

    struct Row {
        var language: String
        var source: String
        var passages: Int
        var clavis: Simulation.Result
        var onboard: Simulation.Result?
    }

    var count: Int
    var passages: Int
    /// Passages skipped first (a development split for tuning; the report uses the first ones).
    var skip = 0
    var onboardScript: String
    var modelDirectory: String
    let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)

    /// One row a language: Clavis in process, Onboard through its line process.
    func row(language: String, file: String) throws -> Row {
        let corpus = try SuggestCommand.passages(from: file).dropFirst(skip).prefix(passages).map { $0 }
        let predictor = TextPredictor(lexicons: [try lexicons.load(language: language)], languages: [language])
        print("Suggest \(language): \(corpus.count) passages of \(file)…")
        let clavis = try Simulation(passages: corpus).run { predictor.suggestions(for: TypingContext(before: $0), count: count).map(\.text) }
        var onboard: Simulation.Result?
        if let model = Self.onboardModels[language].map({ "\(modelDirectory)/\($0).lm" }), FileManager.default.fileExists(atPath: model) {
            let process = try LineProcess(["/usr/bin/python3", onboardScript, "--model", model, "--count", "\(count)"])
            onboard = try Simulation(passages: corpus).run { try process.ask($0) }
            process.close()
        }
        return Row(language: language, source: file, passages: corpus.count, clavis: clavis, onboard: onboard)
    }

    /// Mixed text: each passage of the first language followed by one of the second, typed
    /// with both languages on and with each alone; and each language's own text with both on.
    func mixed(_ first: String, _ second: String, files: [String: String])
        throws -> (both: Double, alone: [Double], ownWithBoth: [Double], ownAlone: [Double], engineKiB: (one: Int, two: Int)) {
        guard let firstFile = files[first], let secondFile = files[second] else {
            throw ValidationError("mixed \(first)+\(second) needs --held-out for both")
        }
        // Equal amounts of each language (by characters), so the mean of the two languages'
        // own figures is what typing the mixed text could save: passages of each, alternating,
        // the language behind taking the next.
        var firstPassages = try SuggestCommand.passages(from: firstFile).dropFirst(skip).makeIterator()
        var secondPassages = try SuggestCommand.passages(from: secondFile).dropFirst(skip).makeIterator()
        var a: [String] = [], b: [String] = [], mixedText: [String] = []
        var lengths = (0, 0)
        while a.count + b.count < passages {
            if lengths.0 <= lengths.1 {
                guard let next = firstPassages.next() else { break }
                a.append(next)
                lengths.0 += next.count
                mixedText.append(next)
            } else {
                guard let next = secondPassages.next() else { break }
                b.append(next)
                lengths.1 += next.count
                // Typed on from the passage before: the language changes mid-text.
                mixedText[mixedText.count - 1] += " " + next
            }
        }
        func savings(_ predictor: TextPredictor, _ text: [String]) throws -> Double {
            try Simulation(passages: text).run { predictor.suggestions(for: TypingContext(before: $0), count: count).map(\.text) }.savings * 100
        }
        // Memory: each predictor's growth over a whole simulation, the one-language one first.
        let before = privateDirtyKiB(pid: getpid())
        let one = TextPredictor(lexicon: try lexicons.load(language: first))
        let firstAlone = try savings(one, a)
        let afterOne = privateDirtyKiB(pid: getpid())
        let both = TextPredictor(lexicons: [try lexicons.load(language: first), try lexicons.load(language: second)])
        let bothMixed = try savings(both, mixedText)
        let afterTwo = privateDirtyKiB(pid: getpid())
        let other = TextPredictor(lexicon: try lexicons.load(language: second))
        return (bothMixed, [try savings(one, mixedText), try savings(other, mixedText)], [try savings(both, a), try savings(both, b)],
                [firstAlone, try savings(other, b)], (max(0, afterOne - before), max(0, afterTwo - afterOne)))
    }

    /// The section: a row a language, then mixed text, each with its targets' verdicts.
    func report(rows: [Row], mixed: [(pair: String, figures: (both: Double, alone: [Double], ownWithBoth: [Double], ownAlone: [Double], engineKiB: (one: Int, two: Int)))],
                machine: String) -> String {
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", $0) } ?? "–" }
        var body = "## Suggestions in every language\n\n`clavis-bench suggest --held-out LANG=FILE …` (`scripts/bench-suggest.sh`), \(machine). "
        body += "The simulation of the English section, the same for both predictors, \(count) suggestions: Clavis in process, with the "
        body += "language's lexicon alone; Onboard 1.4.1's own predictor (`pypredict` from Debian's onboard, the language's model from "
        body += "onboard-data, `scripts/bench/onboard-suggest.py`), queried as Onboard queries it: absolute-discounting smoothing, "
        body += "case-insensitive-smart and accent-insensitive-smart, the text before the caret tokenised by Onboard, no learning. "
        body += "Held-out text, never used to build a lexicon: Debian's fortunes in the language, the Debian FAQ in French, "
        body += "vimtutor's translation where no fortunes exist (software instructions: harder than everyday text).\n\n"
        body += "| language | held-out text | passages | Clavis KSR | Onboard KSR | words chosen | Clavis query p50 / p99 | targets (≥ Onboard + 5, ≥ 25 %, p99 < 3 ms) |\n"
        body += "|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            let clavis = row.clavis.savings * 100
            let onboard = row.onboard.map { $0.savings * 100 }
            var verdicts: [String] = []
            if let onboard { verdicts.append(clavis >= onboard + 5 ? "met" : "missed") } else { verdicts.append("no Onboard model") }
            verdicts.append(clavis >= 25 ? "met" : "missed")
            let p99 = row.clavis.latency.percentile(0.99)
            verdicts.append(p99 < 3e-3 ? "met" : "missed")
            body += "| \(row.language) | `\((row.source as NSString).lastPathComponent)` | \(row.passages) | \(percent(clavis)) | \(percent(onboard)) | "
            body += "\(row.clavis.chosen) of \(row.clavis.words) | \(formatDuration(row.clavis.latency.percentile(0.5))) / \(formatDuration(p99)) | "
            body += verdicts.joined(separator: ", ") + " |\n"
        }
        guard !mixed.isEmpty else { return body }
        body += "\nTwo languages at once (`alsoSuggestIn`): mixed text is passages of the two languages, alternating, the language "
        body += "with fewer characters so far taking the next (so both are about as much of the text), each typed on from the one before "
        body += "(the language changes mid-text); each language's own passages of it are typed again alone and with both on. "
        body += "Engine memory: growth of this process's private dirty memory for the first lexicon's predictor and then for the "
        body += "two-language one (both lexicons mapped, clean pages).\n\n"
        body += "| languages | mixed text, both on | mixed, first alone / second alone | own texts, both on | own texts, alone | engine memory one / two | targets (mixed ≥ mean − 2; own text loses ≤ 1.5; two ≤ 1 MB more) |\n"
        body += "|---|---|---|---|---|---|---|\n"
        for (pair, figures) in mixed {
            let mean = figures.ownAlone.reduce(0, +) / Double(figures.ownAlone.count)
            let loss = zip(figures.ownAlone, figures.ownWithBoth).map { $0 - $1 }.max() ?? 0
            let verdicts = [figures.both >= mean - 2 ? "met" : "missed", loss <= 1.5 ? "met" : "missed",
                            figures.engineKiB.two <= 1024 ? "met" : "missed"]
            body += "| \(pair) | \(percent(figures.both)) | \(figures.alone.map { percent($0) }.joined(separator: " / ")) | "
            body += "\(figures.ownWithBoth.map { percent($0) }.joined(separator: " / ")) | \(figures.ownAlone.map { percent($0) }.joined(separator: " / ")) | "
            body += "\(figures.engineKiB.one) / \(figures.engineKiB.two) KiB | \(verdicts.joined(separator: ", ")) (mean \(String(format: "%.1f", mean)), largest loss \(String(format: "%.1f", loss))) |\n"
        }
        return body
    }
}
