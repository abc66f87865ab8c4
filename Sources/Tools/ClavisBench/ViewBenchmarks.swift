import ArgumentParser
import ClavisLayout
import ClavisUI
import Foundation

/// `clavis-bench view`: drawing a frame, starting the app, and its memory.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Time a full-keyboard frame, the app's start-up to its first frame, and its memory (needs DISPLAY)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The clavis binary to start.")
    var clavis = ".build/release/clavis"

    @Option(help: "Characters to type before measuring memory again.")
    var characters = 1000

    func run() throws {
        options.warnIfDebug()
        let sound = SoundServer()
        defer { sound.stop() }
        let frame = try MainActor.assumeIsolated { try frameTimes() }
        var startups: [Double] = []
        var idle: [(rss: Double, pss: Double)] = []
        var typed: [(rss: Double, pss: Double)] = []
        for run in 0..<options.runs {
            let result = try startApp(typing: run == 0 ? characters : 0)
            startups.append(result.startup)
            idle.append(result.idle)
            if let after = result.afterTyping { typed.append(after) }
        }
        let startup = Samples(values: startups)
        let rss = Samples(values: idle.map(\.rss))
        let pss = Samples(values: idle.map(\.pss))
        func megabytes(_ value: Double) -> String { String(format: "%.1f MB", value / 1_048_576) }
        let typedText = typed.first.map { "\(megabytes($0.rss)) RSS, \(megabytes($0.pss)) PSS" } ?? "–"
        let typedVerdict = typed.first.map { $0.rss <= 30 * 1_048_576 ? "met" : "**missed**" } ?? "–"
        let body = """
            ## View and app

            `scripts/bench-view.sh` — \(machineDescription()), Xvfb, GDK_GL=disable (Clavis sets it). \
            Frame: the US layout's letters drawn into a 1280×400 image by the window's painter, \
            \(frame.values.count) frames. Start-up: from starting `clavis --geometry-out` until its \
            first drawn frame is written (\(options.runs) starts). Memory: the whole process once idle, \
            and after typing \(characters) characters with real clicks (xdotool), their sounds going to a \
            PulseAudio null sink (`SoundServer`).

            | measurement | median (min–max) | target | verdict |
            |---|---|---|---|
            | frame at 1280×400, p50 | \(formatDuration(frame.median)) (p99 \(formatDuration(percentile(frame.values, 0.99)))) | < 2 ms | \(frame.median < 2e-3 ? "met" : "**missed**") |
            | start-up to first frame | \(startup.summary) | < 150 ms | \(startup.median < 0.15 ? "met" : "**missed**") |
            | memory idle | \(megabytes(rss.median)) RSS, \(megabytes(pss.median)) PSS | ≤ 30 MB RSS | \(rss.median <= 30 * 1_048_576 ? "met" : "**missed**") |
            | memory after typing \(characters) characters | \(typedText) | ≤ 30 MB RSS | \(typedVerdict) |

            """
        try options.publish(body, section: "view")
    }

    private func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    @MainActor
    private func frameTimes() throws -> Samples {
        let layout = try LayoutLibrary().load("us")
        let solver = try LayerSolver(layout: layout, layer: "letters", width: 1280, height: 400, orientation: .landscape)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-frame.png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var values: [Double] = []
        let renderer = OffscreenRenderer(style: nil)
        for _ in 0..<300 {
            values.append(try time { try renderer.paintOnly(solver.geometry) })
        }
        try renderer.render(solver.geometry, to: path)
        return Samples(values: Array(values.dropFirst(20)))
    }

    /// Starts the app, waits for its first frame, reads its memory, optionally types.
    private func startApp(typing count: Int) throws -> (startup: Double, idle: (rss: Double, pss: Double), afterTyping: (rss: Double, pss: Double)?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let geometry = folder.appendingPathComponent("keys.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clavis)
        process.arguments = ["--geometry-out", geometry.path, "--layout", "us"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.path
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var startup = Double.nan
        while Date().timeIntervalSince(start) < 20 {
            if let data = try? Data(contentsOf: geometry), String(decoding: data, as: UTF8.self).contains("\"visible\":true") {
                startup = Date().timeIntervalSince(start)
                break
            }
            usleep(1000)
        }
        Thread.sleep(forTimeInterval: 1.0)
        let idle = memory(of: process.processIdentifier)
        guard count > 0 else { return (startup, idle, nil) }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: geometry)) as? [String: Any]
        let keys = json?["keys"] as? [[String: Any]] ?? []
        guard let key = keys.first(where: { $0["id"] as? String == "j" }),
              let x = key["x"] as? Int, let y = key["y"] as? Int, let w = key["width"] as? Int, let h = key["height"] as? Int else {
            throw BenchError("no key 'j' in \(geometry.path)")
        }
        let click = Process()
        click.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        click.arguments = ["xdotool", "mousemove", "\(x + w / 2)", "\(y + h / 2)", "click", "--repeat", "\(count)", "--delay", "2", "1"]
        try click.run()
        click.waitUntilExit()
        Thread.sleep(forTimeInterval: 1.0)
        return (startup, idle, memory(of: process.processIdentifier))
    }

    /// Resident and proportional set size, in bytes, from /proc.
    private func memory(of pid: Int32) -> (rss: Double, pss: Double) {
        func kilobytes(_ file: String, _ field: String) -> Double {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
                  let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return .nan }
            return value * 1024
        }
        return (kilobytes("/proc/\(pid)/status", "VmRSS:"), kilobytes("/proc/\(pid)/smaps_rollup", "Pss:"))
    }
}
