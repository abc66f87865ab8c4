import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisLayout
@_spi(Benchmarks) import ClavisSession
import ClavisSettings
import ClavisPrediction
import ClavisWordMode
import Foundation
import TestSupport

/// `clavis-bench access`: how fast switch scanning and dwell type the held-out text, with
/// and without prediction, on QWERTY and on the scanning keyboard.
///
/// The simulation drives the real `KeyboardSession` and `Scanner` on virtual time: for each
/// character the simulated user picks the target (a suggestion holding the word when the bar
/// offers it, else the key that types the next character, through a layer key when it is on
/// another layer) and walks the scan to it exactly: `next` until the highlight is on the
/// group holding it, `select`, and so on down. A step is one highlight position shown (the
/// moves and the one selected at each level); a press is a switch press (auto-scan: the
/// selects; step-scan: moves and selects).
struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access",
        abstract: "Scan steps and switch presses per character for switch scanning (and dwells for dwell), with and without prediction."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "Held-out text: fortunes, one blank-line or %-separated passage each (never used to build a lexicon).")
    var text = "/usr/share/games/fortunes/fortunes"

    @Option(help: "How many passages of the text to type.")
    var passages = 100

    @Option(help: "Seconds per scan step for the characters-per-minute column (Onboard's default).")
    var interval = 1.2

    struct Configuration {
        var name: String
        var layout: String
        var order: ScanGroups.Order
        var prediction: Bool
    }

    struct Tally {
        var characters = 0
        var skipped = 0
        var steps = 0
        var selects = 0
        var moves = 0
        var wordsChosen = 0
        /// Keys and suggestions chosen (what dwell would rest on).
        var targets = 0
        var stepsPerCharacter: Double { Double(steps) / Double(max(1, characters)) }
        /// Auto-scan: one press per selection.
        var autoPressesPerCharacter: Double { Double(selects) / Double(max(1, characters)) }
        /// Step-scan: every move and every selection is a press.
        var stepPressesPerCharacter: Double { Double(selects + moves) / Double(max(1, characters)) }
    }

    func run() throws {
        options.warnIfDebug()
        let corpus = try SuggestCommand.passages(from: text).prefix(passages).map { $0 }
        let characters = corpus.reduce(0) { $0 + $1.count }
        print("Access: \(corpus.count) passages, \(characters) characters of \(text)")
        let configurations = [
            Configuration(name: "QWERTY (us), row–column, no prediction — the classic baseline", layout: "us", order: .rows, prediction: false),
            Configuration(name: "QWERTY (us), row–column, prediction", layout: "us", order: .rows, prediction: true),
            Configuration(name: "QWERTY (us), blocks, prediction", layout: "us", order: .blocks, prediction: true),
            Configuration(name: "scan, row–column, no prediction", layout: "scan", order: .rows, prediction: false),
            Configuration(name: "scan, row–column, prediction", layout: "scan", order: .rows, prediction: true),
            Configuration(name: "scan, blocks, prediction", layout: "scan", order: .blocks, prediction: true),
        ]
        var results: [(Configuration, Tally)] = []
        for configuration in configurations {
            print("Access: \(configuration.name)…")
            let tally = try MainActor.assumeIsolated { try Self.scan(corpus, configuration) }
            results.append((configuration, tally))
        }
        let dwell = try MainActor.assumeIsolated {
            try Self.scan(corpus, Configuration(name: "dwell", layout: "us", order: .rows, prediction: true))
        }

        let baseline = results[0].1
        let best = results.min { $0.1.stepsPerCharacter < $1.1.stepsPerCharacter }!
        var body = "## Switch scanning and dwell\n\n`clavis-bench access` (`scripts/bench-access.sh`), \(machineDescription()). "
        body += "Held-out text: the first \(corpus.count) passages of `\(text)` (\(characters) characters, case ignored), as in the suggestion benchmark. "
        body += "The simulation drives the real session and scanner on virtual time at a landscape 800 × 300 keyboard: before each character, "
        body += "a word in the bar that the text continues with, followed by a space or a punctuation mark (which takes the space the chosen word brought), "
        body += "is chosen (with prediction), else the key that types the character "
        body += "(through a layer key when it is on another layer; characters no layer has are skipped and counted). The simulated user "
        body += "walks the scan to the target exactly, from the top (where the bar is, when it offers words): a **step** is one highlight "
        body += "position shown, the selected ones included, so auto-scan takes steps × interval; **presses** are the switch presses of "
        body += "auto-scan (one per selection) and of step-scan (every move and selection). Characters per minute: 60 / (steps per character × \(interval) s), "
        body += "Onboard's default auto-scan interval, with no reaction time or errors. The baseline is what Onboard's default Autoscan does on a "
        body += "QWERTY layout: row–column, no prediction.\n\n"
        body += "| configuration | steps / char | presses / char (auto) | presses / char (step) | words chosen from the bar | chars / min at \(interval) s |\n"
        body += "|---|---|---|---|---|---|\n"
        for (configuration, tally) in results {
            body += "| \(configuration.name) | \(String(format: "%.2f", tally.stepsPerCharacter)) | \(String(format: "%.2f", tally.autoPressesPerCharacter)) | "
            body += "\(String(format: "%.2f", tally.stepPressesPerCharacter)) | \(tally.wordsChosen) | \(String(format: "%.1f", 60 / (tally.stepsPerCharacter * interval))) |\n"
        }
        let skipped = results.map { "\($0.1.skipped)" }.joined(separator: ", ")
        body += "\nCharacters skipped (no key types them, and the rest of their passage), in the table's order: \(skipped) of \(characters).\n\n"
        let dwells = Double(dwell.targets) / Double(max(1, dwell.characters))
        body += "Dwell (QWERTY, prediction): \(String(format: "%.2f", dwells)) dwells per character "
        body += "(\(dwell.targets) dwells on keys and suggestions for \(dwell.characters) characters; \(dwell.wordsChosen) words from the bar). "
        body += "At the default 0.8 s dwell time, with no time to move between keys: \(String(format: "%.0f", 60 / (dwells * 0.8))) characters per minute at most.\n\n"
        let ratio = best.1.stepsPerCharacter / baseline.stepsPerCharacter
        body += "| target | figure | verdict |\n|---|---|---|\n"
        body += "| best configuration ≤ half the baseline's steps per character | \(best.0.name): \(String(format: "%.2f", best.1.stepsPerCharacter)) vs \(String(format: "%.2f", baseline.stepsPerCharacter)) (\(String(format: "%.0f %%", ratio * 100))) | \(ratio <= 0.5 ? "met" : "missed") |\n"
        body += "| best configuration ≤ 1.5 switch presses per character (auto-scan) | \(String(format: "%.2f", best.1.autoPressesPerCharacter)) | \(best.1.autoPressesPerCharacter <= 1.5 ? "met" : "missed") |\n"
        try options.publish(body, section: "access")
    }

    /// Types the corpus with one configuration and counts.
    @MainActor
    static func scan(_ corpus: [String], _ configuration: Configuration) throws -> Tally {
        let scheduler = ManualScheduler()
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        let library = LayoutLibrary(generators: [ScanLayout.prefix: { try ScanKeyboard.layout($0, lexicons: lexicons) }])
        let dependencies = SessionDependencies(
            scheduler: scheduler, modes: [WordMode(loadLexicon: { try lexicons.load(language: $0) })], library: library)
        let session = KeyboardSession(layouts: [try library.load(configuration.layout)], dependencies: dependencies)
        var settings = Settings()
        settings.suggestions = configuration.prediction
        settings.scanning = .step
        settings.scanOrder = configuration.order
        session.apply(settings, loadKeyboards: nil)
        session.area.resize(width: 800, height: 300)
        var tally = Tally()
        for passage in corpus {
            let document = TextDocument(text: "")
            session.proxy = document
            session.access.scan(.stop)
            session.access.scan(.start)
            let target = Array(passage)
            let lowered = passage.lowercased()
            while !document.text.lowercased().hasPrefix(lowered) {
                let typed = Array(document.text.lowercased())
                let common = zip(typed, lowered).prefix { $0 == $1 }.count
                // Typed as the passage has it; or with a chosen word's space where the passage
                // has a punctuation mark next, which will take that space.
                let pendingSpace = common == typed.count - 1 && typed.last == " " && Self.takesTheSpace(target, at: common)
                guard common == typed.count || pendingSpace, common < target.count else { break }
                let next = target[common]
                if configuration.prediction, !pendingSpace, let slot = wordSlot(session, target: target, typed: common) {
                    walk(session, to: .suggestion(slot: slot), tally: &tally)
                    tally.wordsChosen += 1
                    continue
                }
                // Nothing types it: the rest of the passage cannot follow.
                guard let path = keyPath(session, for: next) else { break }
                let before = document.text
                for id in path { walk(session, to: .key(id: id), tally: &tally) }
                if document.text == before { break }
            }
            // What was typed as the passage has it; the rest (a character no key types, a
            // change the keyboard made) is skipped.
            let matched = zip(document.text.lowercased(), passage.lowercased()).prefix { $0 == $1 }.count
            tally.characters += matched
            tally.skipped += target.count - matched
        }
        return tally
    }

    /// The slot of a suggestion that is the word being typed (ignoring case), when the
    /// passage goes on with a space or a punctuation mark (choosing a word types it and a
    /// space, which a punctuation mark typed next takes: "word, ").
    @MainActor
    static func wordSlot(_ session: KeyboardSession, target: [Character], typed: Int) -> Int? {
        var start = typed
        while start > 0, target[start - 1].isLetter || target[start - 1] == "'" { start -= 1 }
        var end = typed
        while end < target.count, target[end].isLetter || target[end] == "'" { end += 1 }
        guard end > start, end > typed, end == target.count || target[end] == " " || Self.takesTheSpace(target, at: end) else { return nil }
        let word = String(target[start..<end]).lowercased()
        return (session.scene.bar?.content.slots ?? []).firstIndex { $0.map { $0.text.lowercased() == word && $0.kind != .verbatim } ?? false }
    }

    /// Whether the passage has a mark at `index` that takes a chosen word's space: a
    /// punctuation mark followed by a space or the end.
    static func takesTheSpace(_ target: [Character], at index: Int) -> Bool {
        ".,!?;:".contains(target[index]) && (index + 1 == target.count || target[index + 1] == " ")
    }

    /// The keys to choose to type `character`: its key on this layer, or a layer key and then its key.
    @MainActor
    static func keyPath(_ session: KeyboardSession, for character: Character) -> [String]? {
        func types(_ key: KeyDefinition) -> Bool {
            switch key.action {
            case .insert(let text): text.lowercased() == String(character).lowercased()
            case .space: character == " "
            default: false
            }
        }
        let shown = session.scene.geometry.frames.map(\.key)
        if let key = shown.first(where: types) { return [key.id] }
        let layout = session.layout
        for layer in layout.layers where layer.name != session.scene.layer {
            let ids = Set(layer.rows.flatMap(\.items).compactMap { item -> String? in if case .key(let id, _) = item { id } else { nil } })
            guard let key = layout.keys.first(where: { ids.contains($0.id) && types($0) }),
                  let switcher = shown.first(where: { $0.action == .switchLayer(layer.name) }) else { continue }
            return [switcher.id, key.id]
        }
        return nil
    }

    /// Walks the scan from where it is to `item`, counting steps, moves and selections.
    @MainActor
    static func walk(_ session: KeyboardSession, to item: ScanGroups.Item, tally: inout Tally) {
        let scanner = session.access.scannerForBenchmarks
        if !scanner.isScanning { scanner.start() }
        tally.targets += 1
        var nodes = scanner.groups.top
        while true {
            guard let index = nodes.firstIndex(where: { $0.items.contains(item) || $0 == .item(item, frame: $0.frame) }),
                  let current = scanner.path.last else { return }
            let moves = (index - current + nodes.count) % nodes.count
            for _ in 0..<moves { scanner.tap(.next) }
            tally.moves += moves
            tally.steps += moves + 1
            tally.selects += 1
            let node = nodes[index]
            scanner.tap(.select)
            guard case .group(let children, _) = node else { return }
            nodes = children
        }
    }
}
