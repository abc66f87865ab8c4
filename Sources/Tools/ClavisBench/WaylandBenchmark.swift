import ArgumentParser
import Foundation
import PlatformTestSupport
import TestSupport

/// `clavis-bench wayland`: Clavis beside squeekboard and wvkbd on one headless sway
/// (`scripts/bench-wayland.sh` starts it): start-up until the keyboard's first frame is on
/// the output, memory once idle, and key press → text in a GTK client.
struct WaylandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wayland",
        abstract: "Start-up, memory and press-to-text of Clavis, squeekboard and wvkbd on Wayland (needs WAYLAND_DISPLAY and SWAYSOCK)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The clavis binary.")
    var clavis = ".build/release/clavis"

    @Option(help: "Key presses timed per keyboard.")
    var presses = 60

    @Option(help: "Only these keyboards (comma-separated names: Clavis, squeekboard, wvkbd), for a look at one.")
    var only: String?

    struct Program {
        var name: String
        var command: [String]
        /// Asks the keyboard to show itself, when it starts hidden (squeekboard).
        var showOverDBus = false
        /// Settings it reads: GSettings keys set (in a keyfile of the run's own) before it starts.
        var settings: [[String]] = []
    }


    func run() throws {
        options.warnIfDebug()
        guard let display = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"], display.hasPrefix("/"),
              ProcessInfo.processInfo.environment["SWAYSOCK"] != nil else {
            throw BenchError("run it through scripts/bench-wayland.sh (WAYLAND_DISPLAY as a full path, and SWAYSOCK)")
        }
        let allPrograms = [
            Program(name: "Clavis", command: [clavis, "keyboard", "--layout", "us", "--dock"]),
            // squeekboard shows itself for a focused field only when the desktop's screen keyboard is on.
            Program(name: "squeekboard", command: ["squeekboard"], showOverDBus: true,
                    settings: [["org.gnome.desktop.a11y.applications", "screen-keyboard-enabled", "true"]]),
            Program(name: "wvkbd", command: ["wvkbd-mobintl"]),
        ]
        let chosen = only.map { Set($0.split(separator: ",").map(String.init)) }
        let programs = allPrograms.filter { chosen?.contains($0.name) ?? true }
        let output = try outputSize()
        let pointer = try VirtualPointer(display: display, output: output)
        let bus = try SessionBus()
        defer { bus.stop() }

        var results: [String: KeyboardFigures] = [:]
        var breakdown: StageBreakdown?
        for program in programs {
            var result = KeyboardFigures()
            for run in 0..<options.runs {
                do {
                    try measure(program, output: output, pointer: pointer, timingPresses: run == 0, into: &result, breakdown: &breakdown)
                } catch {
                    result.failure = "\(error)"
                    break
                }
            }
            results[program.name] = result
            print("\(program.name): \(result.failure ?? "start-up \(Samples(values: result.startups).summary)")")
        }
        if let breakdown { print(breakdown.table(for: "Clavis")) }
        try options.publish(report(programs.map(\.name), results, breakdown: breakdown), section: "wayland")
    }

    /// One start of `program`: until its first frame reserves the bottom of the output, its
    /// memory a second later, and (with `timingPresses`) presses on it into a GTK entry.
    private func measure(_ program: Program, output: (width: Int, height: Int), pointer: VirtualPointer,
                         timingPresses: Bool, into result: inout KeyboardFigures, breakdown: inout StageBreakdown?) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-wayland-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path, "HOME": folder.path,
                           "GDK_BACKEND": "wayland", "GSETTINGS_BACKEND": "keyfile"]
        for setting in program.settings {
            let gsettings = try ProcessGroup(["gsettings", "set"] + setting, environment: environment)
            gsettings.wait()
        }
        guard try usableHeight() == output.height else { throw BenchError("the output is not free before \(program.name) starts") }
        // Clavis stamps each stage of a press (`--trace-stages`), to split its press → text.
        let stages = folder.appendingPathComponent("stages.txt").path
        let traced = program.name == "Clavis" && timingPresses
        let started = Date()
        let keyboard = try ProcessGroup(program.command + (traced ? ["--trace-stages", stages] : []), environment: environment)
        defer {
            keyboard.stop()
            // The exclusive zone goes with the surface.
            for _ in 0..<200 where (try? usableHeight()) != output.height { usleep(10_000) }
        }
        var top: Int?
        while Date().timeIntervalSince(started) < 20 {
            if program.showOverDBus { _ = capture(["gdbus", "call", "--session", "--dest", "sm.puri.OSK0", "--object-path", "/sm/puri/OSK0",
                                               "--method", "sm.puri.OSK0.SetVisible", "true"]) }
            let height = try usableHeight()
            if height < output.height {
                top = height
                break
            }
            usleep(2000)
        }
        guard let top else { throw BenchError("\(program.name) reserved no part of the output within 20 s") }
        result.startups.append(Date().timeIntervalSince(started))
        Thread.sleep(forTimeInterval: 1)
        let memory = keyboard.smaps()
        result.rss.append(memory.rss)
        result.pss.append(memory.pss)
        result.privateDirty.append(memory.privateDirty)
        guard timingPresses else { return }
        let presses = try timePresses(keyboardTop: top, output: output, pointer: pointer, folder: folder)
        result.latencies = presses.map { $0.changed - $0.pressed }
        if traced { breakdown = StageBreakdown(presses: presses, stages: StageBreakdown.stages(at: stages)) }
    }

    /// Clicks a letter key of the keyboard docked below `keyboardTop` and times each press
    /// until the GTK entry's text changes (both clocks CLOCK_MONOTONIC).
    private func timePresses(keyboardTop: Int, output: (width: Int, height: Int), pointer: VirtualPointer,
                             folder: URL) throws -> [(pressed: Double, changed: Double)] {
        let script = try TimedEntry.script(in: folder)
        let changes = folder.appendingPathComponent("changes.txt")
        let target = try ProcessGroup(["/usr/bin/python3", script.path, changes.path], environment: ["GDK_BACKEND": "wayland"])
        defer { target.stop() }
        Thread.sleep(forTimeInterval: 1.5)
        // Two fifths down the keyboard, a little left of the middle: a letter key on all three.
        let x = output.width * 45 / 100
        let y = keyboardTop + (output.height - keyboardTop) * 2 / 5
        pointer.move(x: x, y: y)
        let follower = LineFollower(path: changes.path)
        return TimedEntry.timedPresses(presses, changes: follower) {
            pointer.button(pressed: true)
            var pressed = timespec()
            clock_gettime(CLOCK_MONOTONIC, &pressed)
            pointer.button(pressed: false)
            return Double(pressed.tv_sec) + Double(pressed.tv_nsec) / 1e9
        }
    }

    private func report(_ names: [String], _ results: [String: KeyboardFigures], breakdown: StageBreakdown?) -> String {
        let table = KeyboardFigures.table(names, results, startup: "start-up to first frame")
        let clavis = results["Clavis"] ?? KeyboardFigures()
        let squeekboard = results["squeekboard"] ?? KeyboardFigures()
        let fasterStart = clavis.startsFaster(than: squeekboard)
        let smaller = clavis.isSmaller(than: squeekboard)
        // wvkbd types on the press and draws little: the floor of the protocol path.
        let floor = results["wvkbd"] ?? KeyboardFigures()
        let nearFloor = { (p: Int) in
            !clavis.latencies.isEmpty && !floor.latencies.isEmpty
                && KeyboardFigures.percentile(clavis.latencies, p) <= KeyboardFigures.percentile(floor.latencies, p) + 0.001
        }
        return """
            ## Clavis beside squeekboard and wvkbd on Wayland

            `scripts/bench-wayland.sh` — \(machineDescription()), one headless sway 1.7 (pixman renderer, \
            one 1280×800 output, no input devices but a virtual pointer). Each keyboard is started \(options.runs) \
            times, docked: start-up runs until its first frame is on the output (its exclusive zone \
            shrinks the workspace, read over sway's IPC every 2 ms; squeekboard starts hidden and is asked \
            to show over `sm.puri.OSK0` from the start, as Phosh does, and has the screen keyboard \
            setting on, so it shows itself for a focused field). Memory is its process group's \
            (`/proc/PID/smaps_rollup`) a second after the first frame. Press → text: the virtual pointer \
            presses a letter key and releases it; timed from the press to the GTK 3 entry's `changed` \
            signal in another process (both on CLOCK_MONOTONIC), \(presses) presses 60 ms apart. One \
            session bus for all (squeekboard needs one), not counted.

            \(table)
            | target | verdict |
            |---|---|
            | Clavis starts faster than squeekboard | \(fasterStart ? "met" : "**missed**") |
            | Clavis uses less memory than squeekboard (RSS and private dirty) | \(smaller ? "met" : "**missed**") |
            | Clavis press → text p50 at most wvkbd's + 1 ms | \(nearFloor(50) ? "met" : "**missed**") |
            | Clavis press → text p99 at most wvkbd's + 1 ms | \(nearFloor(99) ? "met" : "**missed**") |

            Where Clavis's presses went (its `--trace-stages` stamps against the press and the entry's change, \
            the same presses as above):

            \(breakdown?.table(for: "Clavis") ?? "No trace (Clavis not measured).\n")
            """
    }

    /// The output's size, from sway.
    private func outputSize() throws -> (width: Int, height: Int) {
        let outputs = try JSONSerialization.jsonObject(with: Data(capture(["swaymsg", "-r", "-t", "get_outputs"]).utf8)) as? [[String: Any]]
        guard let rect = outputs?.first?["rect"] as? [String: Any], let width = rect["width"] as? Int, let height = rect["height"] as? Int else {
            throw BenchError("sway reported no output")
        }
        return (width, height)
    }

    /// The height of the focused workspace: the output less the exclusive zones on it.
    private func usableHeight() throws -> Int {
        let workspaces = try JSONSerialization.jsonObject(with: Data(capture(["swaymsg", "-r", "-t", "get_workspaces"]).utf8)) as? [[String: Any]]
        guard let rect = workspaces?.first?["rect"] as? [String: Any], let height = rect["height"] as? Int else {
            throw BenchError("sway reported no workspace")
        }
        return height
    }
}

/// The lines a program appends to a file, read as they come (no re-reading of the whole file).
final class LineFollower {
    private(set) var lines: [String] = []
    private let path: String
    private var handle: FileHandle?
    private var partial = Data()

    init(path: String) {
        self.path = path
    }

    /// Reads what was appended since the last call; returns the number of whole lines so far.
    @discardableResult
    func readNew() -> Int {
        if handle == nil { handle = FileHandle(forReadingAtPath: path) }
        guard let handle, let data = try? handle.readToEnd(), !data.isEmpty else { return lines.count }
        partial.append(data)
        while let newline = partial.firstIndex(of: 0x0A) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
        return lines.count
    }
}
