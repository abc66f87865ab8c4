import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisXkb
import Foundation
import TestSupport

/// `clavis-bench swipe`: how often the gesture decoder's first (and top three) candidates are
/// the word a synthetic stroke spells, typing the held-out text word by word with its context,
/// on the solved US, German and French layouts at a phone's and a desktop's size.
struct SwipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe",
        abstract: "Swipe decoding accuracy (top-1, top-3) on synthetic strokes of held-out text; decode time and memory."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "Held-out English text: fortunes, one blank-line or %-separated passage each (never used to build a lexicon).")
    var text = "/usr/share/games/fortunes/fortunes"

    @Option(help: "Held-out text of another language, as language=file (scripts/bench-swipe.sh prepares German and French).")
    var heldOut: [String] = []

    @Option(help: "How many passages of the text to type.")
    var passages = 100

    @Option(help: "Passages to skip first (a development split for tuning; the report uses the first ones).")
    var skip = 0

    @Option(help: "Languages and their layouts, as language=layout.")
    var keyboards = ["en=us"]

    @Option(help: "Tuning: location, shape, corner spreads, model weight and end spread, comma-separated (default: the decoder's).")
    var weights: String?

    @Option(help: "Sizes to measure: phone, desktop (a finger's strokes), desktop-pointer (a mouse's).")
    var sizes = ["phone", "desktop", "desktop-pointer"]

    @Flag(help: "Strip the strokes' times: what the decoder makes of a source without timestamps.")
    var untimed = false

    @Flag(help: .hidden)
    var memoryProbe = false

    struct Result {
        var words = 0
        var top1 = 0
        var top3 = 0
        /// Words the lexicon does not hold (no decoder can get them right; learned words aside).
        var unknown = 0
        /// Top-1 and top-3 hits among the words the lexicon holds.
        var knownTop1 = 0
        var knownTop3 = 0
        var skipped = 0
        var times = Latencies()
        var misses: [String] = []
        /// Anonymous memory the decoder added while it decoded every word, in bytes.
        var memory = 0.0
    }

    func run() throws {
        options.warnIfDebug()
        var texts = ["en": text]
        for pair in heldOut {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--held-out takes language=file") }
            texts[parts[0]] = parts[1]
        }
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        var rows: [(language: String, size: String, source: String, result: Result)] = []
        for pair in keyboards {
            let parts = pair.split(separator: "=").map(String.init)
            guard parts.count == 2 else { throw ValidationError("--keyboards takes language=layout") }
            guard let source = texts[parts[0]] else { throw ValidationError("no held-out text for \(parts[0]): give --held-out \(parts[0])=FILE") }
            let corpus = try SuggestCommand.passages(from: source).dropFirst(skip).prefix(passages).map { $0 }
            let lexicon = try lexicons.load(language: parts[0])
            let layout = try LayoutLibrary(generators: [XkbLayouts.prefix: { try XkbLayouts.layout($0) }]).load(parts[1])
            for (name, width, height, orientation) in [("phone", 390.0, 260.0, Orientation.portrait), ("desktop", 900.0, 300.0, .landscape),
                                                       ("desktop-pointer", 900.0, 300.0, .landscape)]
            where sizes.contains(name) {
                let arrangement = KeyboardArrangement(layout: layout)
                arrangement.resize(width: width, height: height, orientation: orientation)
                var tuned = GestureDecoder.Weights()
                if let values = weights?.split(separator: ",").compactMap({ Double($0) }), values.count == 5 {
                    (tuned.locationSpread, tuned.shapeSpread, tuned.cornerSpread, tuned.modelWeight, tuned.endSpread) =
                        (values[0], values[1], values[2], values[3], values[4])
                }
                if memoryProbe {
                    // In a process of its own (`probeMemory`): only the decoder's heap grows here.
                    let before = ProcessGroup.smaps(of: [getpid()]).anonymous
                    _ = Self.swipe(corpus, lexicon: lexicon, geometry: arrangement.geometry, weights: tuned, pointer: name.hasSuffix("pointer"), untimed: untimed)
                    print("memory \(max(0, ProcessGroup.smaps(of: [getpid()]).anonymous - before))")
                    return
                }
                var result = Self.measure(corpus, lexicon: lexicon, geometry: arrangement.geometry, weights: tuned, pointer: name.hasSuffix("pointer"), untimed: untimed)
                result.memory = try probeMemory(keyboard: pair, size: name)
                print("Swipe: \(parts[0]) \(parts[1]) \(name): top-1 \(Self.percent(result.top1, result.words)), top-3 \(Self.percent(result.top3, result.words))")
                print("  misses: \(result.misses.prefix(20).joined(separator: ", "))")
                rows.append(("\(parts[0]) (\(parts[1]))", name, "\(corpus.count) passages of `\(source)`", result))
            }
        }
        var body = "## Swipe typing\n\n`clavis-bench swipe`, \(machineDescription()). Every word of held-out text "
        body += "in order with the text before it as context; strokes from `SyntheticStrokes` (seeded): the path through the word's key centres "
        body += "on the solved layout (accented letters on their base letter's key), each key point moved by a Gaussian, the corners rounded over "
        body += "half a key width, the speed along the path following the two-thirds power law of drawing (Lacquaniti, Terzuolo & Viviani 1983: "
        body += "proportional to the cube root of the radius of curvature, so slower where the path turns), about 0.2 s plus 0.12 s a segment "
        body += "(±30 %), sampled at 60–120 Hz with each point's time. A finger's spread is a quarter key width both ways; a pointer's "
        body += "(`desktop-pointer`: a mouse or touchpad) a quarter key width across and a quarter row height down, the size-proportional part "
        body += "of the Dual Gaussian touch model (Bi & Zhai, UIST 2013). Phone: 390×260 portrait (keys taller than wide, rows 1.75 key widths "
        body += "apart); desktop: 900×300 landscape (rows about 0.8 key widths apart, so a finger's quarter key width crosses rows more often). "
        body += "Memory: in a process of its own for each row, the anonymous memory gained while a decoder was made and decoded every word, "
        body += "with glibc told never to give memory back (`MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`), so the figure is the peak; "
        body += "the lexicon is mapped and not counted (its pages are the file's, shared with every other reader).\n\n"
        body += "| language | size | text | words | not in the lexicon | top-1 | top-3 | top-1 / top-3 of the words the lexicon holds | "
        body += "decode p50 / p99 | decoder memory |\n|---|---|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            let result = row.result
            body += "| \(row.language) | \(row.size) | \(row.source) | \(result.words) | \(Self.percent(result.unknown, result.words)) | "
            body += "\(Self.percent(result.top1, result.words)) | "
            body += "\(Self.percent(result.top3, result.words)) | "
            let known = result.words - result.unknown
            body += "\(Self.percent(result.knownTop1, known)) / \(Self.percent(result.knownTop3, known)) | "
            body += "\(formatDuration(result.times.percentile(0.5))) / \(formatDuration(result.times.percentile(0.99))) | "
            body += String(format: "%.2f MB |\n", result.memory / 1_048_576)
        }
        body += "\n| target (issues 33 and 47) | figure | verdict |\n|---|---|---|\n"
        for row in rows {
            let result = row.result
            let top1 = Double(result.top1) / Double(max(1, result.words)), top3 = Double(result.top3) / Double(max(1, result.words))
            let p99 = result.times.percentile(0.99)
            // Issue 47 asks more of a desktop: top-3 ≥ 97.5 % and p99 < 10 ms.
            let desktop = row.size.hasPrefix("desktop")
            let (top3Target, p99Target) = desktop ? (0.975, 0.01) : (0.97, 0.02)
            body += "| \(row.language) \(row.size): top-1 ≥ 92 %, top-3 ≥ \(desktop ? "97.5" : "97") %, p99 < \(desktop ? 10 : 20) ms, memory ≤ 3 MB | "
            body += "\(Self.percent(result.top1, result.words)), "
            body += "\(Self.percent(result.top3, result.words)), \(formatDuration(p99)), " + String(format: "%.2f MB", result.memory / 1_048_576) + " | "
            body += "\(top1 >= 0.92 && top3 >= top3Target && p99 < p99Target && result.memory <= 3 * 1_048_576 ? "met" : "missed") |\n"
        }
        try options.publish(body, section: "swipe")
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        String(format: "%.1f %%", Double(part) / Double(max(1, whole)) * 100)
    }

    /// Swipes every word of the corpus on `geometry`'s letters: once to warm up (the
    /// lexicon's pages come in), then measured.
    static func measure(_ corpus: [String], lexicon: Lexicon, geometry: KeyboardGeometry, weights: GestureDecoder.Weights, pointer: Bool,
                        untimed: Bool) -> Result {
        _ = swipe(corpus, lexicon: lexicon, geometry: geometry, weights: weights, pointer: pointer, untimed: untimed)
        return swipe(corpus, lexicon: lexicon, geometry: geometry, weights: weights, pointer: pointer, untimed: untimed)
    }

    /// The decoder's peak memory for one row, measured by this program run again for that row
    /// alone (`--memory-probe`), so no other row's freed heap hides it.
    func probeMemory(keyboard: String, size: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        var arguments = ["swipe", "--memory-probe", "--keyboards", keyboard, "--sizes", size, "--text", text,
                         "--passages", "\(passages)", "--skip", "\(skip)"]
        arguments += heldOut.flatMap { ["--held-out", $0] } + (weights.map { ["--weights", $0] } ?? []) + (untimed ? ["--untimed"] : [])
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["MALLOC_TRIM_THRESHOLD_": "\(Int32.max)", "MALLOC_MMAP_THRESHOLD_": "\(32 << 20)"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("memory ") }),
              let bytes = Double(line.dropFirst("memory ".count)) else {
            throw ValidationError("the memory probe for \(keyboard) \(size) printed no figure: \(printed)")
        }
        return bytes
    }

    /// One pass over the corpus with a decoder of its own.
    static func swipe(_ corpus: [String], lexicon: Lexicon, geometry: KeyboardGeometry, weights: GestureDecoder.Weights, pointer: Bool,
                      untimed: Bool) -> Result {
        var centres: [Character: (x: Double, y: Double)] = [:]
        for key in geometry.letterKeys.keys { centres[Character(key.letter.lowercased())] = (key.x, key.y) }
        var decoder = GestureDecoder(lexicon: lexicon, geometry: geometry)
        decoder.weights = weights
        let keyWidth = decoder.keyWidth
        let rowHeight = pointer ? GestureDecoder.rowPitch(of: centres.values.map(\.y), keyWidth: keyWidth) : nil
        var strokes = SyntheticStrokes(seed: 42)
        var result = Result()
        for passage in corpus {
            var before = ""
            for token in passage.split(separator: " ") {
                let word = String(token).trimmingCharacters(in: CharacterSet.letters.inverted)
                defer { before += token + " " }
                guard word.count >= 2, word.allSatisfy(\.isLetter) else { continue }
                guard var stroke = strokes.stroke(for: word, centres: centres, keyWidth: keyWidth, rowHeight: rowHeight) else {
                    result.skipped += 1
                    continue
                }
                if untimed { stroke = stroke.map { GestureDecoder.Point(x: $0.x, y: $0.y) } }
                let context = before + String(token.prefix { !$0.isLetter })
                let start = DispatchTime.now().uptimeNanoseconds
                let candidates = decoder.candidates(for: stroke, context: TypingContext(before: context), count: 3).map { $0.lowercased() }
                result.times.values.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                result.words += 1
                let known = lexicon.id(of: word) != nil || lexicon.id(of: word.lowercased()) != nil
                if !known { result.unknown += 1 }
                if candidates.first == word.lowercased() {
                    result.top1 += 1
                    if known { result.knownTop1 += 1 }
                } else {
                    result.misses.append("\(word)→\(candidates.first ?? "-")")
                }
                if candidates.contains(word.lowercased()) {
                    result.top3 += 1
                    if known { result.knownTop3 += 1 }
                }
            }
        }
        return result
    }
}
