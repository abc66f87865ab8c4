import ArgumentParser
import Foundation

/// `clavis-bench compare`: Clavis built from an earlier commit beside the current build and
/// Onboard, measured in one run on one display: start-up and memory (idle, after typing,
/// by mapping), the layout engine's 500-key build and orientation toggle, and the leak check.
/// The builds take turns, run by run, so a busy moment of the machine hits both alike.
/// `scripts/bench-compare.sh` builds the earlier commit in a worktree and runs this.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Before and after: Clavis from an earlier commit beside the current build and Onboard, in one run (needs DISPLAY)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The earlier clavis binary (built in its own source tree, so it finds its data).")
    var before: String

    @Option(help: "The earlier clavis-bench binary (for the layout engine's timings).")
    var beforeBench: String

    @Option(help: "What the earlier build is, for the report (a commit).")
    var beforeLabel = "before"

    @Option(help: "The current clavis binary.")
    var after = ".build/release/clavis"

    @Option(help: "The current clavis-bench binary.")
    var afterBench = ".build/release/clavis-bench"

    @Option(help: "A bare GTK 3 program (scripts/bench/gtk-floor.c, built): the memory floor, measured in the same run.")
    var floor: String?

    @Option(help: "Clicks on a key before memory is read again.")
    var clicks = 300

    @Option(help: "Presses in the leak check (j and backspace in turn; 0 leaves the leak check out).")
    var leakPresses = 1_000

    @Option(help: "Clicks on a key for the press-to-text latency, each of three rounds per build.")
    var latencyPresses = 300

    @Option(help: "Orientation toggles and theme reloads in the leak check.")
    var leakToggles = 50

    /// What one program's runs gave.
    struct Measured {
        var startups: [Double] = []
        var idle: [ProcessGroup.Memory] = []
        var typed: ProcessGroup.Memory?
        var mappings: [String: ProcessGroup.Memory] = [:]
        var failure: String?
    }

    func run() throws {
        options.warnIfDebug()
        var programs = [KeyboardProgram.clavis(before, name: "before"), KeyboardProgram.clavis(after, name: "after"), KeyboardProgram.onboard]
        if let floor {
            // `clavis keyboard` (typing into other programs) beside the demo, and GTK's floor.
            programs.append(KeyboardProgram(name: "keyboard", command: [after, "keyboard", "--layout", "us"],
                                            search: ["--onlyvisible", "--name", "^Clavis$"], exportsGeometry: true))
            programs.append(KeyboardProgram(name: "floor", command: [floor], search: ["--onlyvisible", "--name", "^Floor$"]))
        }
        let bus = try SessionBus()
        defer { bus.stop() }
        let sound = SoundServer()
        defer { sound.stop() }
        var measured: [String: Measured] = [:]
        for program in programs {
            do {
                try PageCache.settle(program)
            } catch {
                measured[program.name] = Measured(failure: "\(error)")
            }
        }
        for run in 0..<options.runs {
            for program in programs where measured[program.name]?.failure == nil {
                var result = measured[program.name] ?? Measured()
                do {
                    let launch = try launchKeyboard(program, typing: run == 0 && program.name != "floor" ? clicks : 0) { group in
                        if run == 0 { result.mappings = mappingMemory(of: group) }
                    }
                    result.startups.append(launch.startup)
                    result.idle.append(launch.idle)
                    if let typed = launch.typed { result.typed = typed }
                } catch {
                    result.failure = "\(error)"
                }
                measured[program.name] = result
            }
            print("run \(run + 1) of \(options.runs): " + programs.map { "\($0.name) \(measured[$0.name]?.startups.last.map { formatDuration($0) } ?? "–")" }.joined(separator: ", "))
        }
        print("layout engine timings…")
        var layouts: [String: [Int: (build: [Double], toggle: [Double])]] = [:]
        for _ in 0..<3 {
            for (name, bench) in [("before", beforeBench), ("after", afterBench)] {
                for (keys, timing) in layoutTimings(bench) {
                    layouts[name, default: [:]][keys, default: ([], [])].build.append(timing.build)
                    layouts[name, default: [:]][keys, default: ([], [])].toggle.append(timing.toggle)
                }
            }
        }
        print("leak checks…")
        let leaks = leakPresses == 0 ? [] : try [("before", before), ("after", after)].map { name, binary in
            (name, try LeakCheck(clavis: binary, presses: leakPresses, toggles: leakToggles).run())
        }
        print("press-to-text…")
        // Both builds in turn, three rounds, so a busy moment of the machine falls on both.
        var latencies: [String: [Double]] = [:]
        for _ in 0..<3 {
            for (name, binary) in [("before", before), ("after", after)] {
                latencies[name, default: []] += (try? pressToTextLatencies(clavis: binary, clicks: latencyPresses)) ?? []
            }
        }
        try options.publish(report(measured, layouts: layouts, leaks: Dictionary(uniqueKeysWithValues: leaks), latencies: latencies),
                            section: "compare")
    }

    /// Each size's build and toggle medians from a clavis-bench's `layouts` run (parsed from
    /// its "500 keys: build 6.11 ms (…), toggle 431 µs (…)" lines, which both builds print).
    private func layoutTimings(_ bench: String) -> [Int: (build: Double, toggle: Double)] {
        let output = capture([bench, "layouts", "--runs", "9"])
        var timings: [Int: (build: Double, toggle: Double)] = [:]
        for line in output.split(separator: "\n") where line.contains(" keys: build ") {
            let words = line.split(separator: " ")
            guard words.count >= 9, let keys = Int(words[0]), let build = seconds(words[3], words[4]),
                  let toggleAt = words.firstIndex(of: "toggle"), toggleAt + 2 < words.count,
                  let toggle = seconds(words[toggleAt + 1], words[toggleAt + 2]) else { continue }
            timings[keys] = (build, toggle)
        }
        return timings
    }

    private func seconds(_ value: Substring, _ unit: Substring) -> Double? {
        guard let number = Double(value) else { return nil }
        switch unit {
        case "ns": return number / 1e9
        case "µs": return number / 1e6
        case "ms": return number / 1e3
        case "s": return number
        default: return nil
        }
    }

    private func report(_ measured: [String: Measured], layouts: [String: [Int: (build: [Double], toggle: [Double])]],
                        leaks: [String: LeakCheck.Stages], latencies: [String: [Double]]) -> String {
        func mb(_ bytes: Double?) -> String { bytes.map { String(format: "%.1f MB", $0 / 1_048_576) } ?? "–" }
        func median(_ values: [Double]) -> Double { Samples(values: values).median }
        func idle(_ name: String, _ field: KeyPath<ProcessGroup.Memory, Double>) -> Double? {
            guard let runs = measured[name]?.idle, !runs.isEmpty else { return nil }
            return median(runs.map { $0[keyPath: field] })
        }
        func startup(_ name: String) -> String {
            guard let runs = measured[name]?.startups, !runs.isEmpty else { return measured[name]?.failure ?? "–" }
            return Samples(values: runs).summary
        }
        func layout(_ name: String, _ keys: Int, _ field: KeyPath<(build: [Double], toggle: [Double]), [Double]>) -> Double? {
            layouts[name]?[keys].map { median($0[keyPath: field]) }
        }
        func growth(_ name: String) -> String {
            guard let small = layout(name, 400, \.build), let large = layout(name, 800, \.build) else { return "–" }
            return String(format: "%.2f×", large / small)
        }
        func duration(_ seconds: Double?) -> String { seconds.map { formatDuration($0) } ?? "–" }
        func leak(_ name: String) -> String {
            guard let stages = leaks[name] else { return "–" }
            return String(format: "%@ settled, %+.2f MB at most", mb(stages.settled), stages.worstGrowth / 1_048_576)
        }

        var table = "| | \(beforeLabel) | now | Onboard | target |\n|---|---|---|---|---|\n"
        table += "| start-up to the first frame (window for Onboard) | \(startup("before")) | \(startup("after")) | \(startup("Onboard")) | ≤ 80 ms |\n"
        table += "| RSS idle | \(mb(idle("before", \.rss))) | \(mb(idle("after", \.rss))) | \(mb(idle("Onboard", \.rss))) | ≤ 30 MB |\n"
        table += "| PSS idle | \(mb(idle("before", \.pss))) | \(mb(idle("after", \.pss))) | \(mb(idle("Onboard", \.pss))) | |\n"
        table += "| private dirty idle | \(mb(idle("before", \.privateDirty))) | \(mb(idle("after", \.privateDirty))) | \(mb(idle("Onboard", \.privateDirty))) | ≤ 8 MB |\n"
        for (label, field) in [("RSS", \ProcessGroup.Memory.rss), ("PSS", \.pss), ("private dirty", \.privateDirty)] as [(String, KeyPath<ProcessGroup.Memory, Double>)] {
            table += "| \(label) after \(clicks) clicks | \(mb(measured["before"]?.typed?[keyPath: field])) | \(mb(measured["after"]?.typed?[keyPath: field])) | \(mb(measured["Onboard"]?.typed?[keyPath: field])) | \(label == "RSS" ? "≤ 30 MB" : label == "private dirty" ? "≤ 8 MB" : "") |\n"
        }
        if let floor = idle("floor", \.rss) {
            // Issue 47: idle RSS at most GTK's own floor + 6 MB, for the demo and `clavis keyboard`.
            table += "| RSS idle: a bare GTK 3 program (`scripts/bench/gtk-floor.c`) | | \(mb(floor)) | | |\n"
            for (label, name) in [("the demo", "after"), ("`clavis keyboard`", "keyboard")] {
                guard let rss = idle(name, \.rss) else { continue }
                table += "| RSS idle above the floor: \(label) | \(name == "after" ? idle("before", \.rss).map { mb($0 - floor) } ?? "–" : "") | "
                table += "\(mb(rss - floor)) | | ≤ 6 MB: \(rss - floor <= 6 * 1_048_576 ? "met" : "missed") |\n"
            }
            table += "| private dirty idle: `clavis keyboard` | | \(mb(idle("keyboard", \.privateDirty))) | | ≤ 7 MB |\n"
            table += "| start-up to the first frame: `clavis keyboard` | | \(startup("keyboard")) | | not slower than the demo |\n"
        }
        table += "| 500-key layout built | \(duration(layout("before", 500, \.build))) | \(duration(layout("after", 500, \.build))) | | < 5 ms |\n"
        table += "| build growth, 400 → 800 keys | \(growth("before")) | \(growth("after")) | | ≤ 2.2× |\n"
        table += "| 500-key orientation toggle (mean of 20, with the one build) | \(duration(layout("before", 500, \.toggle))) | \(duration(layout("after", 500, \.toggle))) | | |\n"
        table += "| leak check (\(leakPresses) presses, \(leakToggles) toggles, \(leakToggles) theme reloads) | \(leak("before")) | \(leak("after")) | | within 1 MB |\n"
        func pressToText(_ name: String) -> String {
            let samples = Samples(values: latencies[name] ?? [])
            return samples.values.isEmpty ? "–" : "p50 \(formatDuration(samples.median)), p99 \(formatDuration(samples.percentile(0.99)))"
        }
        let presses = min(latencies["before"]?.count ?? 0, latencies["after"]?.count ?? 0)
        table += "| press-to-text in the demo (`--trace-latency`, \(presses) presses each, three rounds in turn) | \(pressToText("before")) | \(pressToText("after")) | | not slower |\n"

        var mappings = "| mapping (idle, RSS / private dirty) | \(beforeLabel) | now |\n|---|---|---|\n"
        let earlier = measured["before"]?.mappings ?? [:]
        let now = measured["after"]?.mappings ?? [:]
        let names = Set(earlier.keys).union(now.keys).sorted {
            max(earlier[$0]?.rss ?? 0, now[$0]?.rss ?? 0) > max(earlier[$1]?.rss ?? 0, now[$1]?.rss ?? 0)
        }
        func cell(_ memory: ProcessGroup.Memory?) -> String {
            guard let memory else { return "–" }
            return "\(mb(memory.rss)) / \(mb(memory.privateDirty))"
        }
        for name in names.prefix(16) { mappings += "| \(name) | \(cell(earlier[name])) | \(cell(now[name])) |\n" }
        func rest(_ all: [String: ProcessGroup.Memory]) -> ProcessGroup.Memory {
            names.dropFirst(16).compactMap { all[$0] }.reduce(into: ProcessGroup.Memory()) {
                $0.rss += $1.rss
                $0.privateDirty += $1.privateDirty
            }
        }
        mappings += "| the other \(max(0, names.count - 16)) (libraries, fonts, locale files) | \(cell(rest(earlier))) | \(cell(rest(now))) |\n"
        mappings += "| files mapped | \(earlier.count) | \(now.count) |\n"

        return """
            ## Before and after

            `scripts/bench-compare.sh \(beforeLabel)` — \(dateString()), \(machineDescription()), Xvfb with no \
            window manager, one run: Clavis built from \(beforeLabel) (as it was built then) and now (as \
            `scripts/lib/release.sh` builds it), and Onboard, each started \(options.runs) times in turns \
            (after one start to learn the files it maps, those files dropped from the page cache and \
            one more start to read them back, as from disk: `PageCache.settle`), memory read 2 s after the first frame (the window for Onboard) over the whole process group \
            (`/proc/PID/smaps_rollup`), and again after \(clicks) clicks on j (Onboard: on its centre), \
            the clicks' sounds going to a PulseAudio null sink as on a desktop (`SoundServer`); medians. The layout engine's figures are each build's own `clavis-bench layouts --runs 9`, \
            three times in turns (median of the three medians); the leak check is `clavis-bench leaks` on each; \
            press-to-text is each demo's `--trace-latency` over \(latencyPresses) clicks on j, three rounds in turns.

            \(table)
            Memory by mapping (the demo idle, first run; RSS counts a library's pages this process \
            has mapped, shared or not: the kernel maps up to 64 KB around each page touched, or the \
            whole page-cache folio holding it):

            \(mappings)
            """
    }
}

/// Memory by mapped file (basename; `[heap]`, `[anon]`, `[stack]` for the others), summed over
/// the group's processes (`/proc/PID/smaps`).
func mappingMemory(of group: ProcessGroup) -> [String: ProcessGroup.Memory] {
    var result: [String: ProcessGroup.Memory] = [:]
    for pid in group.members {
        // Read to the end: /proc files report no size, and a sized read stops at the first page.
        guard let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")?.readDataToEndOfFile() else { continue }
        let text = String(decoding: data, as: UTF8.self)
        var name = "[anon]"
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":") {
                name = fields.count > 5 ? String(fields[5].split(separator: "/").last ?? fields[5]) : "[anon]"
            } else if first == "Rss:", fields.count > 1, let kilobytes = Double(fields[1]) {
                result[name, default: ProcessGroup.Memory()].rss += kilobytes * 1024
            } else if first == "Private_Dirty:", fields.count > 1, let kilobytes = Double(fields[1]) {
                result[name, default: ProcessGroup.Memory()].privateDirty += kilobytes * 1024
            }
        }
    }
    return result
}
