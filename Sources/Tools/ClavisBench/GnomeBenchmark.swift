import ArgumentParser
import Foundation

/// `clavis-bench gnome`: Clavis (an IBus input source) beside GNOME's own on-screen keyboard,
/// each in a headless GNOME Shell of its own (`scripts/bench-gnome.sh` installs Clavis into a
/// prefix): start-up to the keyboard shown for a focused field, memory, and key press → text
/// in a Wayland GTK entry, pressed with mutter's RemoteDesktop pointer.
struct GnomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gnome",
        abstract: "Start-up, memory and press-to-text of Clavis and GNOME's keyboard on GNOME Shell (run it through scripts/bench-gnome.sh)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The installed clavis binary (its prefix holds the IBus component).")
    var clavis: String

    @Option(help: "Helpers/mutter-input.py: the RemoteDesktop pointer.")
    var input = "Tests/ClavisUITests/Helpers/mutter-input.py"

    @Option(help: "The ordinary user the shell runs as.")
    var user = "clavis-wayland"

    @Option(help: "Key presses timed per keyboard.")
    var presses = 60

    @Option(help: ArgumentHelp("Clavis's settings file (JSON), when not the defaults.", valueName: "json"))
    var settings: String?

    func run() throws {
        options.warnIfDebug()
        var results: [String: KeyboardFigures] = [:]
        var reshown: [Double] = []
        var breakdown: StageBreakdown?
        for name in ["Clavis", "GNOME's keyboard"] {
            var result = KeyboardFigures()
            do {
                let shell = try GnomeSession(user: user, clavis: URL(fileURLWithPath: clavis).standardizedFileURL.path,
                                             input: URL(fileURLWithPath: input).standardizedFileURL.path, clavisFirst: name == "Clavis",
                                             settings: settings)
                defer { shell.stop() }
                if name == "Clavis" {
                    breakdown = try measureClavis(shell, into: &result)
                } else {
                    try measureGnome(shell, into: &result, reshown: &reshown)
                }
            } catch {
                result.failure = "\(error)"
            }
            results[name] = result
            print("\(name): \(result.failure ?? "start-up \(Samples(values: result.startups).summary)")")
        }
        if let breakdown { print(breakdown.table(for: "Clavis")) }
        try options.publish(report(results, reshown: reshown, breakdown: breakdown), section: "gnome")
    }

    /// Clavis: killed and started again by IBus (the input source activated with an entry
    /// focused) `runs` times, each timed until its window shows keys; memory a second later;
    /// then presses on its `h` key, split by its stamps of each stage.
    private func measureClavis(_ shell: GnomeSession, into result: inout KeyboardFigures) throws -> StageBreakdown {
        let entry = try shell.startEntry()
        defer { entry.stop() }
        try shell.waitForClavis(seconds: 30)
        for _ in 0..<options.runs {
            shell.activateSource(1)
            shell.killClavis()
            let started = Date()
            shell.activateSource(0)
            try shell.waitForClavis(seconds: 20)
            result.startups.append(Date().timeIntervalSince(started))
            Thread.sleep(forTimeInterval: 1)
            let memory = ProcessGroup.smaps(of: shell.clavisProcesses())
            result.rss.append(memory.rss)
            result.pss.append(memory.pss)
            result.privateDirty.append(memory.privateDirty)
        }
        guard let key = shell.clavisKey("h") else { throw BenchError("Clavis shows no h key") }
        let timed = try shell.timePresses(presses, x: key.x, y: key.y)
        result.latencies = timed.map { $0.changed - $0.pressed }
        return StageBreakdown(presses: timed, stages: StageBreakdown.stages(at: shell.stages.path))
    }

    /// GNOME's keyboard: turned off and on (the accessibility key) `runs` times, each timed from
    /// a click in the focused entry until the shell says it is visible; what the shell's memory
    /// grew by when it first showed (from before it existed to a second after), and on each
    /// later showing (`reshown`: the shell reuses much of what the first one allocated); then
    /// presses on its `h` key.
    private func measureGnome(_ shell: GnomeSession, into result: inout KeyboardFigures, reshown: inout [Double]) throws {
        let entry = try shell.startEntry()
        defer { entry.stop() }
        Thread.sleep(forTimeInterval: 1)
        let baseline = ProcessGroup.smaps(of: shell.shellProcesses())
        for run in 0..<options.runs {
            shell.setScreenKeyboard(false)
            try shell.waitForGnomeKeyboard(false, seconds: 10)
            Thread.sleep(forTimeInterval: 0.5)
            let before = run == 0 ? baseline : ProcessGroup.smaps(of: shell.shellProcesses())
            shell.setScreenKeyboard(true)
            // It opens when a focused field asks again: GTK does on a click into it.
            let point = shell.entryPoint
            shell.send("move \(point.x) \(point.y)")
            usleep(200_000)
            let started = Date()
            shell.send("click")
            try shell.waitForGnomeKeyboard(true, seconds: 10)
            result.startups.append(Date().timeIntervalSince(started))
            Thread.sleep(forTimeInterval: 1)
            let after = ProcessGroup.smaps(of: shell.shellProcesses())
            if run == 0 {
                result.rss = [after.rss - before.rss]
                result.pss = [after.pss - before.pss]
                result.privateDirty = [after.privateDirty - before.privateDirty]
            } else {
                reshown.append(after.privateDirty - before.privateDirty)
            }
        }
        guard let key = shell.gnomeKey("h") else { throw BenchError("GNOME's keyboard shows no h key") }
        result.latencies = try shell.timePresses(presses, x: key.x, y: key.y).map { $0.changed - $0.pressed }
    }

    private func report(_ results: [String: KeyboardFigures], reshown: [Double], breakdown: StageBreakdown?) -> String {
        let names = ["Clavis", "GNOME's keyboard"]
        let table = KeyboardFigures.table(names, results, startup: "start-up to the keyboard shown")
        let clavis = results["Clavis"] ?? KeyboardFigures()
        let gnome = results["GNOME's keyboard"] ?? KeyboardFigures()
        let p99 = (KeyboardFigures.percentile(clavis.latencies, 99), KeyboardFigures.percentile(gnome.latencies, 99))
        let fastEnough = !clavis.latencies.isEmpty && !gnome.latencies.isEmpty && p99.0 <= p99.1 + 0.001
        let p50 = (KeyboardFigures.percentile(clavis.latencies, 50), KeyboardFigures.percentile(gnome.latencies, 50))
        let asQuick = !clavis.latencies.isEmpty && !gnome.latencies.isEmpty && p50.0 <= p50.1
        let smaller = !clavis.privateDirty.isEmpty && !gnome.privateDirty.isEmpty
            && Samples(values: clavis.privateDirty).median < Samples(values: gnome.privateDirty).median
        let again = reshown.isEmpty ? "–" : String(format: "%.1f MB", Samples(values: reshown).median / 1_048_576)
        return """
            ## Clavis beside GNOME's own keyboard on GNOME Shell

            `scripts/bench-gnome.sh` — \(machineDescription()), GNOME Shell 43 headless (`--headless \
            --wayland --virtual-monitor 1280x800`, as an ordinary user, software rendering), a new shell \
            for each keyboard, with a PulseAudio server (a null sink) as a desktop session has its sound \
            server. Clavis is installed with `scripts/install.sh` and is the first input \
            source, so the shell's IBus starts it (`clavis keyboard --ibus --dock`, its window on \
            Xwayland); GNOME's keyboard is turned on with the accessibility key \
            (`screen-keyboard-enabled`). A GTK 3 entry (Wayland) has the focus throughout. Start-up, \
            \(options.runs) times: Clavis's process is killed and its input source activated again, \
            timed until its window shows keys (its `--geometry-out` file); GNOME's keyboard is turned \
            off and on and the entry clicked, timed until the shell says it is visible \
            (`Main.keyboard.visible`, before its slide-in ends). Memory: Clavis's process \
            (`/proc/PID/smaps_rollup`) a second after it shows (its installed files flushed to disk \
            first: pages of a file just copied count as dirty); for GNOME's keyboard, what gnome-shell \
            grew by from before its keyboard first existed to a second after it first showed (the keyboard \
            lives in the shell; shown again after being turned off, it adds \(again) of private dirty \
            memory, reusing what the first showing allocated). Press → text: mutter's RemoteDesktop pointer presses the `h` key, timed from the \
            press leaving the client to the entry's `changed` signal (both CLOCK_MONOTONIC), \
            \(presses) presses 60 ms apart.

            \(table)
            | target | verdict |
            |---|---|
            | press → text p50 at most GNOME's keyboard's (\(formatDuration(p50.0)) vs \(formatDuration(p50.1))) | \(asQuick ? "met" : "**missed**") |
            | press → text p99 at most GNOME's keyboard's + 1 ms (\(formatDuration(p99.0)) vs \(formatDuration(p99.1))) | \(fastEnough ? "met" : "**missed**") |
            | Clavis's private memory below what GNOME's keyboard adds to the shell | \(smaller ? "met" : "**missed**") |

            Where Clavis's presses went (its `--trace-stages` stamps against the press and the entry's change, \
            the same presses as above; "the keyboard has it" includes Xwayland's way, "out" the commit through \
            ibus-daemon and the shell):

            \(breakdown?.table(for: "Clavis") ?? "No trace (Clavis not measured).\n")
            """
    }
}
