import ArgumentParser
import ClavisEngine
import ClavisJapanese
import ClavisKanaMode
import ClavisKkc
import ClavisLayout
import Foundation

/// `clavis-bench japanese`: libkkc's load time and conversion of 20-kana sentences, a key's
/// way into the marked text, and the keyboard's memory before and after the Japanese engine
/// loads (the demo, on the display).
struct JapaneseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "japanese",
        abstract: "Kana–kanji conversion time, key to marked text, and memory with and without the engine (needs DISPLAY for memory)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The clavis binary (its demo, for memory).")
    var clavis = ".build/release/clavis"

    /// Everyday sentences in romaji, each about 20 kana.
    static let sentences = [
        "kyouhatotemoiitenkidesune", "ashitanokaigihananjikaradesuka", "watashihanihongowobenkyoushiteimasu",
        "eki-madearuitejuppunkuraidesu", "konoshousetsuhatotemoomoshirokatta", "shuumatsunitomodachitoeigawomimasu",
        "ryourinotsukurikatawooshietekudasai", "densyagaokurete chikokushimashita", "kaisyanochikakuniatarashiimisegadekita",
        "raishuunoyoteiwokakuninshitaidesu", "kinouhaamegafutteitakaraieniita", "kodomotachigakouendeasondeiru",
        "shinkansendekyoutoniikimashita", "atatakaiocyawonomitaidesune", "kanojohapianogajouzudesu",
        "tanjoubinipurezentowomoratta", "toshokandehonwokarimashita", "yasuminohinihayukkurinemasu",
        "sensei ni shitsumon ga arimasu", "kyonenhokkaidouniryokoushita",
    ].map { $0.replacingOccurrences(of: " ", with: "") }

    func run() throws {
        try MainActor.assumeIsolated { try measureAll() }
    }

    @MainActor
    private func measureAll() throws {
        options.warnIfDebug()
        let readings = Self.sentences.map { String(RomajiComposer.convert($0).prefix(20)) }
        let loadStarted = Date()
        let converter = try KkcConverter()
        let load = Date().timeIntervalSince(loadStarted)
        _ = converter.convert("にほんご")

        // Conversion alone, and Space as the keyboard does it (convert, then the first
        // segment's own candidates).
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

        let memory = try measureMemory()
        var body = "## Japanese input\n\n`clavis-bench japanese` (`scripts/bench-japanese.sh`), \(machineDescription()). "
        body += "libkkc 0.3.5 with Debian's `sorted3` model; \(readings.count) everyday sentences cut to 20 kana "
        body += "(`JapaneseBenchmark.swift`), \(options.runs) runs. Key to marked text: `KeyboardController.handle(.release)` "
        body += "for each romaji letter on the `ja` layout into an in-memory document (romaji composing and `setMarkedText`; "
        body += "the bar's predictions wait for a 0.1 s pause and are timed on their own). "
        body += "Space: the keyboard's own Space while composing (conversion, phrases, the first segment's candidates widened).\n\n"
        body += "| measurement | p50 | p99 | max | target |\n|---|---|---|---|---|\n"
        func row(_ name: String, _ samples: Latencies, _ target: Double) -> String {
            let p99 = samples.percentile(0.99)
            return "| \(name) | \(formatDuration(samples.percentile(0.5))) | \(formatDuration(p99)) | \(formatDuration(samples.values.max() ?? .nan)) | "
                + "< \(formatDuration(target)) p99: \(p99 < target ? "met" : "missed") |\n"
        }
        body += row("convert a 20-kana sentence", conversion, 0.030)
        body += row("Space (convert as the keyboard does)", space, 0.030)
        body += row("key to marked text", keyToMarked, 0.005)
        body += row("predictions after a pause (readings up to 8 kana)", prediction, 0.030)
        body += "\nLoading the model: \(formatDuration(load)) (done once, after the first Japanese keyboard is drawn).\n\n"
        if let memory {
            body += "Memory of `clavis demo --layout us --layout ja` (release, Xvfb; `/proc/PID/smaps_rollup`):\n\n"
            body += "| state | RSS | PSS | private dirty |\n|---|---|---|---|\n"
            for (name, figures) in memory {
                func mb(_ bytes: Double) -> String { String(format: "%.1f MB", bytes / 1_048_576) }
                body += "| \(name) | \(mb(figures.rss)) | \(mb(figures.pss)) | \(mb(figures.privateDirty)) |\n"
            }
            body += "\nThe engine's share is the difference between the first two rows; the third adds one conversion. "
            body += "libkkc, libgee and json-glib are linked into `clavis` and mapped at start (shared, mostly clean); "
            body += "the model is loaded only when a Japanese keyboard is shown, and libkkc reads its bigram and trigram "
            body += "tables into private memory (about 27 MB), which is let go 30 s after the last Japanese keyboard goes.\n"
        } else {
            body += "Memory: not measured (no DISPLAY).\n"
        }
        try options.publish(body, section: "japanese")
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
