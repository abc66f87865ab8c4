import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisJapanese
import ClavisKanaKanji
import ClavisKanaMode
import ClavisLayout
import Foundation

/// `clavis-bench japanese`: how often Clavis's kana–kanji converter gets held-out sentences
/// right, beside libkkc and Mozc run on the same readings; its conversion time, a key's way
/// into the marked text, and the keyboard's memory before, while and after it converts (the
/// demo, on the display).
struct JapaneseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "japanese",
        abstract: "Kana–kanji accuracy beside libkkc and Mozc, conversion time, key to marked text, and memory (needs DISPLAY for memory)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The clavis binary (its demo, for memory).")
    var clavis = ".build/release/clavis"

    @Option(help: "Held-out sentences: reading<TAB>intended text lines.")
    var sentencesFile = "scripts/bench/japanese-sentences.tsv"

    @Option(help: "The development sentences the converter's weights were chosen on (reading<TAB>intended text).")
    var developmentFile = "scripts/bench/japanese-development.tsv"

    @Option(help: "libkkc's converter (readings in, three best sentences and the seconds out).")
    var kkc = "scripts/bench/kkc-convert.py"

    @Option(help: "Mozc's converter over mozc_emacs_helper (readings in, its sentence and the seconds out).")
    var mozc = "scripts/bench/mozc-convert.py"

    /// Everyday sentences in romaji, each about 20 kana: the keyboard's own way in.
    static let sentences = [
        "kyouhatotemoiitenkidesune", "ashitanokaigihananjikaradesuka", "watashihanihongowobenkyoushiteimasu",
        "eki-madearuitejuppunkuraidesu", "konoshousetsuhatotemoomoshirokatta", "shuumatsunitomodachitoeigawomimasu",
        "ryourinotsukurikatawooshietekudasai", "densyagaokurete chikokushimashita", "kaisyanochikakuniatarashiimisegadekita",
        "raishuunoyoteiwokakuninshitaidesu", "kinouhaamegafutteitakaraieniita", "kodomotachigakouendeasondeiru",
        "shinkansendekyoutoniikimashita", "atatakaiocyawonomitaidesune", "kanojohapianogajouzudesu",
        "tanjoubinipurezentowomoratta", "toshokandehonwokarimashita", "yasuminohinihayukkurinemasu",
        "sensei ni shitsumon ga arimasu", "kyonenhokkaidouniryokoushita",
    ].map { $0.replacingOccurrences(of: " ", with: "") }

    /// One converter's answers over the held-out sentences.
    struct Accuracy {
        var name: String
        var exact = 0
        /// `nil`: the converter gives one sentence only.
        var topThree: Int? = 0
        var seconds = Latencies()
    }

    func run() throws {
        try MainActor.assumeIsolated { try measureAll() }
    }

    @MainActor
    private func measureAll() throws {
        options.warnIfDebug()
        let loadStarted = Date()
        let model = try KanaKanjiModel.load(directories: ClavisData.textDirectories)
        let converter = LatticeConverter(model: model)
        let load = Date().timeIntervalSince(loadStarted)
        _ = converter.convert("にほんご")

        func sentences(_ path: String) throws -> [(reading: String, intended: String)] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                return (reading: fields[0], intended: fields.count > 1 ? fields[1] : "")
            }
        }
        let held = try sentences(sentencesFile)
        // The weights of everyday writing, on the development set (never the benchmark's).
        let development = try sentences(developmentFile)
        var weights: [(mix: Double, rarity: Double, exact: Int)] = []
        for (mix, rarity) in [(0.0, 0.0), (0.25, 0.1), (0.5, 0.0), (0.5, 0.1), (0.5, 0.2), (0.75, 0.1)] {
            let trial = LatticeConverter(model: model)
            trial.everydayMix = mix
            trial.rarityWeight = rarity
            weights.append((mix, rarity, development.filter { trial.convert($0.reading).sentences.first == $0.intended }.count))
        }
        var ours = Accuracy(name: "Clavis (`LatticeConverter`, `ja.kkm`)")
        for sentence in held {
            let started = DispatchTime.now().uptimeNanoseconds
            let sentences = converter.convert(sentence.reading).sentences
            ours.seconds.values.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            if sentences.first == sentence.intended { ours.exact += 1 }
            if sentences.prefix(3).contains(sentence.intended) { ours.topThree! += 1 }
        }
        var others: [Accuracy] = []
        for (name, command, giveThree) in [("libkkc 0.3.5 (`sorted3`, Kkc.Decoder 3-best)", kkc, true),
                                           ("Mozc 2.28 (mozc_emacs_helper, first Space)", mozc, false)] {
            guard let answers = try? Self.lines(of: ["/usr/bin/python3", command], input: held.map(\.reading)), answers.count == held.count else {
                print("japanese: \(command) gave no answers (scripts/deps.sh bench installs it); left out")
                continue
            }
            var accuracy = Accuracy(name: name, topThree: giveThree ? 0 : nil)
            for (sentence, answer) in zip(held, answers) {
                let candidates = Array(answer.dropLast())
                if candidates.first == sentence.intended { accuracy.exact += 1 }
                if giveThree, candidates.prefix(3).contains(sentence.intended) { accuracy.topThree! += 1 }
                accuracy.seconds.values.append(Double(answer.last ?? "") ?? .nan)
            }
            others.append(accuracy)
        }

        // Conversion alone, and Space as the keyboard does it (convert, then the first
        // segment's own candidates).
        let readings = Self.sentences.map { String(RomajiComposer.convert($0).prefix(20)) }
        var conversion = Latencies()
        var space = Latencies()
        for _ in 0..<options.runs {
            for reading in readings {
                let started = DispatchTime.now().uptimeNanoseconds
                _ = converter.convert(reading)
                conversion.values.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            }
        }
        let layout = try LayoutLibrary().load("ja")
        var keyToMarked = Latencies()
        var prediction = Latencies()
        let scheduler = HeldScheduler()
        for _ in 0..<options.runs {
            for romaji in Self.sentences {
                let document = TextDocument(text: "")
                let controller = KeyboardController(layout: layout)
                controller.proxy = document
                let composition = CompositionSession(converter: converter)
                composition.scheduler = scheduler
                controller.mode = composition
                for letter in romaji {
                    guard let key = layout.key(String(letter)) ?? layout.key(letter == "-" ? "choon" : "") else { continue }
                    let started = DispatchTime.now().uptimeNanoseconds
                    controller.handle(.release, on: key)
                    keyToMarked.values.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                    // The predictions a pause would show, timed on their own.
                    if let task = scheduler.take() {
                        let started = DispatchTime.now().uptimeNanoseconds
                        task()
                        prediction.values.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                    }
                }
                let spaceKey = layout.key("space")!
                let started = DispatchTime.now().uptimeNanoseconds
                controller.handle(.release, on: spaceKey)
                space.values.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                precondition(document.markedRange != nil, "the conversion is marked text")
            }
        }

        let hostile = Self.longLines(converter: converter)
        let memory = try measureMemory()
        let modelBytes = (try? FileManager.default.attributesOfItem(atPath: model.origin)[.size] as? Int) ?? 0
        func percent(_ count: Int) -> String { String(format: "%d (%.1f %%, %.1f per 40)", count, 100 * Double(count) / Double(held.count), 40 * Double(count) / Double(held.count)) }
        var body = "## Japanese input\n\n`clavis-bench japanese` (`scripts/bench-japanese.sh`), \(machineDescription()).\n\n"
        body += "### Conversion accuracy\n\n\(held.count) held-out sentences of everyday Japanese written for this benchmark "
        body += "(`scripts/bench/japanese-sentences.tsv`: never any model's training text), each typed as its whole reading "
        body += "and converted once; the first conversion must be the intended text exactly. Same readings, same run.\n\n"
        body += "| converter | exactly right first | intended among the first 3 | time a sentence p50 | p99 |\n|---|---|---|---|---|\n"
        for accuracy in [ours] + others {
            body += "| \(accuracy.name) | \(percent(accuracy.exact)) | \(accuracy.topThree.map(percent) ?? "— (one sentence)") | "
            body += "\(formatDuration(accuracy.seconds.percentile(0.5))) | \(formatDuration(accuracy.seconds.percentile(0.99))) |\n"
        }
        let kkcExact = others.first { $0.name.hasPrefix("libkkc") }?.exact
        let mozcExact = others.first { $0.name.hasPrefix("Mozc") }?.exact
        body += "\nTargets: first candidates exactly right ≥ libkkc's: "
        body += kkcExact.map { ours.exact >= $0 ? "met (\(ours.exact) ≥ \($0))" : "missed (\(ours.exact) < \($0))" } ?? "not measured"
        body += "; within 2 sentences per 40 of Mozc's: "
        body += mozcExact.map { mozc in
            let gap = 40 * Double(mozc - ours.exact) / Double(held.count)
            return gap <= 2 ? String(format: "met (%.1f behind)", gap) : String(format: "missed (%.1f behind)", gap)
        } ?? "not measured"
        body += ". libkkc's and Mozc's times are taken inside their Python drivers (Mozc's through its helper and server); "
        body += "Clavis's is `convert`, the keyboard's call.\n\n"
        body += "The weights of everyday writing (`LatticeConverter.everydayMix`, `rarityWeight`) were chosen on "
        body += "\(development.count) other sentences (`\(developmentFile)`), never on these:\n\n"
        body += "| everyday mix | rarity weight | exactly right of \(development.count) |\n|---|---|---|\n"
        for weight in weights {
            let chosen = weight.mix == converter.everydayMix && weight.rarity == converter.rarityWeight
            body += "| \(weight.mix) | \(weight.rarity) | \(weight.exact)\(chosen ? " (chosen)" : "") |\n"
        }
        body += "\n"
        body += "### Speed\n\n\(readings.count) everyday sentences cut to 20 kana (`JapaneseBenchmark.swift`), \(options.runs) runs. "
        body += "Key to marked text: `KeyboardController.handle(.release)` for each romaji letter on the `ja` layout into an "
        body += "in-memory document (romaji composing and `setMarkedText`; the bar's predictions wait for a 0.1 s pause and are "
        body += "timed on their own). Space: the keyboard's own Space while composing (conversion, phrases, the first segment's "
        body += "candidates widened).\n\n"
        body += "| measurement | p50 | p99 | max | target |\n|---|---|---|---|---|\n"
        func row(_ name: String, _ samples: Latencies, _ target: Double) -> String {
            let p99 = samples.percentile(0.99)
            return "| \(name) | \(formatDuration(samples.percentile(0.5))) | \(formatDuration(p99)) | \(formatDuration(samples.values.max() ?? .nan)) | "
                + "< \(formatDuration(target)) p99: \(p99 < target ? "met" : "missed") |\n"
        }
        body += row("convert a 20-kana sentence", conversion, 0.020)
        body += row("Space (convert as the keyboard does)", space, 0.030)
        body += row("key to marked text", keyToMarked, 0.005)
        body += row("predictions after a pause (readings up to 8 kana)", prediction, 0.030)
        body += "\nLong lines (`clavis compose`, a line of at most 8 KB, converted in pieces of 128 kana): the slowest of 3 "
        body += "conversions, with 4 and with 100 sentences asked (`--best`).\n\n| line | sentences | slowest | target |\n|---|---|---|---|\n"
        for line in hostile {
            body += "| \(line.name) | \(line.best) | \(formatDuration(line.seconds)) | < 1 s: \(line.seconds < 1 ? "met" : "missed") |\n"
        }
        body += "\nMapping and checking the model: \(formatDuration(load)) (done once, after the first Japanese keyboard is drawn). "
        body += String(format: "The model's file, `ja.kkm`: %.1f MB on disk (target ≤ 40 MB: %@).\n\n",
                       Double(modelBytes) / 1_048_576, modelBytes <= 40 * 1_048_576 ? "met" : "missed")
        if let memory {
            body += "### Memory\n\nMemory of `clavis demo --layout us --layout ja` (release, Xvfb; `/proc/PID/smaps_rollup`):\n\n"
            body += "| state | RSS | PSS | private dirty |\n|---|---|---|---|\n"
            for (name, figures) in memory {
                func mb(_ bytes: Double) -> String { String(format: "%.1f MB", bytes / 1_048_576) }
                body += "| \(name) | \(mb(figures.rss)) | \(mb(figures.pss)) | \(mb(figures.privateDirty)) |\n"
            }
            let converting = memory[2].1
            body += String(format: "\nTargets while the Japanese keyboard converts: private dirty ≤ 10 MB: %@ (%.1f MB); RSS ≤ 45 MB: %@ (%.1f MB). ",
                           converting.privateDirty <= 10 * 1_048_576 ? "met" : "missed", converting.privateDirty / 1_048_576,
                           converting.rss <= 45 * 1_048_576 ? "met" : "missed", converting.rss / 1_048_576)
            body += "The model is mapped when a Japanese keyboard is first shown. The pages a conversion reads are the page "
            body += "cache's (shared and clean): never the keyboard's private memory, but RSS counts them while mapped, and the "
            body += "kernel maps whole page-cache folios of up to 2 MB, so one sentence mapped 15 MB of the 25 MB file. Each "
            body += "conversion lets them go when it returns (`KanaKanjiModel.releaseResidentPages`); the mapping itself "
            body += "is let go 30 s after the last Japanese keyboard goes.\n"
        } else {
            body += "Memory: not measured (no DISPLAY).\n"
        }
        try options.publish(body, section: "japanese")
    }

    /// Runs `command` with `input` as its lines and gives each line it answers, split at tabs.
    static func lines(of command: [String], input: [String]) throws -> [[String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-ja-input-\(getpid())")
        try (input.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = try FileHandle(forReadingFrom: file)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("\(command.joined(separator: " ")) failed (exit \(process.terminationStatus))") }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The demo's memory with the US keyboard up, after switching to Japanese (the engine
    /// loads), and after one conversion; `nil` without a display.
    private func measureMemory() throws -> [(String, ProcessGroup.Memory)]? {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-ja-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let geometry = folder.appendingPathComponent("keys.json")
        let group = try ProcessGroup([clavis, "--layout", "us", "--layout", "ja", "--geometry-out", geometry.path],
                                     environment: ["XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path, "HOME": folder.path])
        defer { group.stop() }
        func keys() -> (layout: String, keys: [String: (Int, Int)])? {
            guard let data = try? Data(contentsOf: geometry),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  json["visible"] as? Bool == true, let layout = json["keyboard"] as? String,
                  let keys = json["keys"] as? [[String: Any]] else { return nil }
            var centres: [String: (Int, Int)] = [:]
            for key in keys {
                if let id = key["id"] as? String, let x = key["x"] as? Int, let y = key["y"] as? Int,
                   let w = key["width"] as? Int, let h = key["height"] as? Int { centres[id] = (x + w / 2, y + h / 2) }
            }
            return (layout, centres)
        }
        func waitFor(_ layout: String) throws -> [String: (Int, Int)] {
            for _ in 0..<2000 {
                if let shown = keys(), shown.layout == layout { return shown.keys }
                usleep(10_000)
            }
            throw BenchError("the \(layout) keyboard did not appear")
        }
        func click(_ id: String, in keys: [String: (Int, Int)]) {
            guard let (x, y) = keys[id] else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdotool", "mousemove", "\(x)", "\(y)", "click", "1"]
            try? process.run()
            process.waitUntilExit()
            usleep(50_000)
        }
        let us = try waitFor("us")
        Thread.sleep(forTimeInterval: 2)
        let before = group.smaps()
        click("globe", in: us)
        let ja = try waitFor("ja")
        Thread.sleep(forTimeInterval: 2)
        let loaded = group.smaps()
        for letter in "nihongonobenkyou" { click(String(letter), in: ja) }
        click("space", in: ja)
        Thread.sleep(forTimeInterval: 1)
        let converted = group.smaps()
        click("return", in: ja)
        click("globe", in: ja)
        _ = try waitFor("us")
        Thread.sleep(forTimeInterval: 33)
        let unloaded = group.smaps()
        return [("US keyboard, engine not loaded", before), ("Japanese keyboard shown, engine loaded", loaded),
                ("after typing and converting にほんごのべんきょう", converted),
                ("back on the US keyboard, 33 s later (engine let go after 30 s)", unloaded)]
    }
}

/// Holds the one task a composition schedules (its predictions) until the benchmark runs it.
@MainActor
final class HeldScheduler: Scheduler {
    private final class Task: ScheduledTask {
        var action: (@MainActor () -> Void)?
        func cancel() { action = nil }
    }

    private var pending: Task?

    var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask {
        let task = Task()
        task.action = action
        pending = task
        return task
    }

    /// The task scheduled last, unless it was cancelled.
    func take() -> (@MainActor () -> Void)? {
        defer { pending = nil }
        return pending?.action
    }
}
