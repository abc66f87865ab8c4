import ArgumentParser
import Foundation

/// `clavis-bench apps`: Clavis beside Onboard, xvkbd and matchbox-keyboard, each started the
/// same way on the same display: start-up until its window is up, memory of its whole process
/// group idle and after 1,000 clicks on its keys; and Clavis's press-to-text latency.
struct AppsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Start-up and memory of Clavis and peer keyboards, and Clavis's press-to-text latency (needs DISPLAY)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The clavis binary.")
    var clavis = ".build/release/clavis"

    @Option(help: "Clicks before measuring memory again, and presses for the latency.")
    var clicks = 1000

    struct Result {
        var startups: [Double] = []
        var idleRSS: [Double] = []
        var idlePSS: [Double] = []
        var typedRSS: Double = .nan
        var typedPSS: Double = .nan
        var failure: String?
    }

    func run() throws {
        options.warnIfDebug()
        let programs = [
            KeyboardProgram.clavis(clavis),
            KeyboardProgram.onboard,
            KeyboardProgram(name: "xvkbd", command: ["xvkbd"], search: ["--onlyvisible", "--class", "XVkbd"]),
            KeyboardProgram(name: "matchbox-keyboard", command: ["matchbox-keyboard"], search: ["--onlyvisible", "--name", "Keyboard"]),
        ]
        // One session bus for every program (Onboard needs one), so none pays for its own.
        let bus = try SessionBus()
        defer { bus.stop() }
        let sound = SoundServer()
        defer { sound.stop() }
        var results: [String: Result] = [:]
        for program in programs {
            var result = Result()
            do {
                try PageCache.settle(program)
            } catch {
                result.failure = "\(error)"
            }
            for run in 0..<options.runs where result.failure == nil {
                do {
                    let measured = try launchKeyboard(program, typing: run == 0 ? clicks : 0)
                    result.startups.append(measured.startup)
                    result.idleRSS.append(measured.idle.rss)
                    result.idlePSS.append(measured.idle.pss)
                    if let typed = measured.typed { (result.typedRSS, result.typedPSS) = (typed.rss, typed.pss) }
                } catch {
                    result.failure = "\(error)"
                    break
                }
            }
            results[program.name] = result
            print("\(program.name): \(result.failure ?? "startup \(Samples(values: result.startups).summary)")")
        }
        let latency = try pressToTextLatencies(clavis: clavis, clicks: clicks)
        try options.publish(report(programs.map(\.name), results, latency), section: "apps")
    }

    private func report(_ names: [String], _ results: [String: Result], _ latency: [Double]) -> String {
        func mb(_ bytes: Double) -> String { bytes.isNaN ? "–" : String(format: "%.1f MB", bytes / 1_048_576) }
        let clavis = results["Clavis"]!
        var table = "| program | start-up to window | idle RSS / PSS | after \(clicks) clicks RSS / PSS | Clavis ÷ it (start-up, idle RSS) |\n|---|---|---|---|---|\n"
        for name in names {
            let result = results[name]!
            if let failure = result.failure, result.startups.isEmpty {
                table += "| \(name) | could not be measured: \(failure) | | | |\n"
                continue
            }
            let startup = Samples(values: result.startups)
            let rss = Samples(values: result.idleRSS)
            let pss = Samples(values: result.idlePSS)
            let ratio = name == "Clavis" ? "–" : String(format: "%.2f, %.2f",
                Samples(values: clavis.startups).median / startup.median, Samples(values: clavis.idleRSS).median / rss.median)
            table += "| \(name) | \(startup.summary) | \(mb(rss.median)) / \(mb(pss.median)) | \(mb(result.typedRSS)) / \(mb(result.typedPSS)) | \(ratio) |\n"
        }
        let p50 = Samples(values: latency).percentile(0.5)
        let p99 = Samples(values: latency).percentile(0.99)
        let onboardStartup = results["Onboard"].flatMap { $0.startups.isEmpty ? nil : Samples(values: $0.startups).median }
        let clavisStartup = Samples(values: clavis.startups).median
        return """
            ## Clavis beside other keyboards

            `scripts/bench.sh` (the apps part) — \(machineDescription()), Xvfb with no window manager. \
            Each program is started the same way on the same display, in its own process group, \(options.runs) \
            times, after two unmeasured starts with the files it maps dropped from the page cache in \
            between, so they are read back as from disk (`PageCache.settle`); start-up runs until its window is mapped (for Clavis: until its first frame is \
            drawn and exported); memory is the sum over its process group (RSS and PSS from /proc) \
            once idle, and after \(clicks) clicks on its keys (xdotool, at the window's centre for the \
            peers, on the j key for Clavis). Each program is ended by its process group. All share one \
            D-Bus session bus (Onboard needs one) and one PulseAudio with a null sink for their clicks \
            (`SoundServer`), neither counted.

            \(table)
            | Clavis target | figure | verdict |
            |---|---|---|
            | start-up < 150 ms and ≤ half of Onboard's | \(formatDuration(clavisStartup))\(onboardStartup.map { " (Onboard \(formatDuration($0)))" } ?? "") | \(clavisStartup < 0.15 && (onboardStartup.map { clavisStartup <= $0 / 2 } ?? false) ? "met" : "**missed**") |
            | ≤ 30 MB RSS idle and after typing | \(mb(Samples(values: clavis.idleRSS).median)), \(mb(clavis.typedRSS)) | \(Samples(values: clavis.idleRSS).median <= 30 * 1_048_576 && clavis.typedRSS <= 30 * 1_048_576 ? "met" : "**missed**") |
            | press-to-text p99 < 5 ms (`--trace-latency`, \(latency.count) presses) | p50 \(formatDuration(p50)), p99 \(formatDuration(p99)) | \(p99 < 5e-3 ? "met" : "**missed**") |

            The latency is timed inside Clavis from the release event reaching the keyboard (keys \
            type on release) to the text being in the GtkEntry; the X server's delivery is not included.

            """
    }
}

/// A keyboard program a benchmark starts, and how to find its window.
struct KeyboardProgram {
    var name: String
    var command: [String]
    /// How to find its window: an xdotool search.
    var search: [String]
    /// Clavis: `--geometry-out` says when its first frame is drawn, and where its keys are.
    var exportsGeometry = false

    static func clavis(_ binary: String, name: String = "Clavis") -> KeyboardProgram {
        KeyboardProgram(name: name, command: [binary, "--layout", "us"], search: ["--onlyvisible", "--name", "^Clavis$"], exportsGeometry: true)
    }

    static let onboard = KeyboardProgram(name: "Onboard", command: ["onboard"], search: ["--onlyvisible", "--class", "Onboard"])
}

/// What `launchKeyboard` measured: seconds to the window, memory idle and after typing.
struct KeyboardLaunch {
    var startup: Double
    var idle: ProcessGroup.Memory
    var typed: ProcessGroup.Memory?
}

/// Starts one program, waits for its window, reads its memory once idle (and hands the running
/// group to `whileIdle`), optionally clicks on it `count` times and reads its memory again.
func launchKeyboard(_ program: KeyboardProgram, typing count: Int,
                whileIdle: (ProcessGroup) -> Void = { _ in }) throws -> KeyboardLaunch {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-apps-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let geometry = folder.appendingPathComponent("keys.json")
    var command = program.command
    if program.exportsGeometry { command += ["--geometry-out", geometry.path] }
    let started = Date()
    let group = try ProcessGroup(command, environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
    defer { group.stop() }
    var window: String?
    while Date().timeIntervalSince(started) < 20 {
        if program.exportsGeometry {
            if let data = try? Data(contentsOf: geometry), String(decoding: data, as: UTF8.self).contains("\"visible\":true") {
                window = ""
            }
        } else {
            window = capture(["xdotool", "search"] + program.search).split(separator: "\n").first.map(String.init)
        }
        if window != nil { break }
        usleep(5000)
    }
    guard window != nil else { throw BenchError("\(program.name)'s window did not appear within 20 s") }
    let startup = Date().timeIntervalSince(started)
    Thread.sleep(forTimeInterval: 2)
    let idle = group.smaps()
    whileIdle(group)
    guard count > 0 else { return KeyboardLaunch(startup: startup, idle: idle, typed: nil) }
    var target: (Int, Int)?
    if program.exportsGeometry {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: geometry)) as? [String: Any]
        let key = (json?["keys"] as? [[String: Any]])?.first { $0["id"] as? String == "j" }
        if let key, let x = key["x"] as? Int, let y = key["y"] as? Int, let w = key["width"] as? Int, let h = key["height"] as? Int {
            target = (x + w / 2, y + h / 2)
        }
    } else if let id = window {
        let shape = capture(["xdotool", "getwindowgeometry", "--shell", id])
        let values = Dictionary(uniqueKeysWithValues: shape.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        })
        if let x = values["X"], let y = values["Y"], let w = values["WIDTH"], let h = values["HEIGHT"] { target = (x + w / 2, y + h / 2) }
    }
    guard let (x, y) = target else { throw BenchError("no place to click on \(program.name)") }
    _ = capture(["xdotool", "mousemove", "\(x)", "\(y)", "click", "--repeat", "\(count)", "--delay", "2", "1"])
    Thread.sleep(forTimeInterval: 1)
    return KeyboardLaunch(startup: startup, idle: idle, typed: group.smaps())
}


/// Runs a program (looked up on PATH) to its end and returns its standard output.
@discardableResult
func capture(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A private D-Bus session bus for the programs a benchmark starts (set as this process's
/// `DBUS_SESSION_BUS_ADDRESS`, so children inherit it).
final class SessionBus {
    private let socket = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-bus-\(UUID())").path
    private let daemon: ProcessGroup

    init() throws {
        daemon = try ProcessGroup(["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(socket)"], environment: [:])
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
        setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=\(socket)", 1)
    }

    func stop() {
        daemon.stop()
        try? FileManager.default.removeItem(atPath: socket)
    }
}

/// A program started in its own process group, measured and ended as a whole.
final class ProcessGroup {
    let pid: pid_t

    init(_ arguments: [String], environment: [String: String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// RSS, PSS and private dirty memory, in bytes.
    struct Memory {
        var rss = 0.0
        var pss = 0.0
        var privateDirty = 0.0
        /// Anonymous memory (the heap and other memory no file backs).
        var anonymous = 0.0
    }

    /// The processes in the group now.
    var members: [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { getpgid($0) == pid }
    }

    /// RSS, PSS and private dirty memory summed over every process in the group, in bytes
    /// (`/proc/PID/smaps_rollup`).
    func smaps() -> Memory {
        Self.smaps(of: members)
    }

    /// The same figures summed over these processes (one another program started).
    static func smaps(of processes: [pid_t]) -> Memory {
        var figures = Memory()
        for member in processes {
            guard let text = try? String(contentsOfFile: "/proc/\(member)/smaps_rollup", encoding: .utf8) else { continue }
            func field(_ name: String) -> Double {
                let line = text.split(separator: "\n").first { $0.hasPrefix(name) }
                return (line?.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) * 1024
            }
            figures.rss += field("Rss:")
            figures.pss += field("Pss:")
            figures.privateDirty += field("Private_Dirty:")
            figures.anonymous += field("Anonymous:")
        }
        return figures
    }

    /// Ends the whole group and reaps the leader.
    /// Waits until the program ends (at most 10 s).
    func wait() {
        var status: Int32 = 0
        for _ in 0..<1000 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || result == -1 { return }
            usleep(10_000)
        }
    }

    func stop() {
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<200 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(10_000)
        }
        kill(-pid, SIGKILL)
        waitpid(pid, &status, WNOHANG)
    }
}
