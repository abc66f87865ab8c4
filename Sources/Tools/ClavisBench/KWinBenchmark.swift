import ArgumentParser
import Foundation

/// `clavis-bench kwin`: Clavis beside Maliit as KDE Plasma's virtual keyboard, each started
/// by its own headless KWin (`scripts/bench-kwin.sh` prepares the user and the fake-input
/// client): start-up until KWin shows the panel, memory once idle, key press → text in a GTK
/// client.
struct KWinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kwin",
        abstract: "Start-up, memory and press-to-text of Clavis and Maliit as KWin's virtual keyboard (run it through scripts/bench-kwin.sh)."
    )

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "The clavis binary.")
    var clavis = ".build/release/clavis"

    @Option(name: .customLong("fake-input"), help: "The fake-input client (Tests/ClavisUITests/Helpers/kwin-fake-input.c, built).")
    var fakeInput: String

    @Option(help: "The ordinary user KWin runs as.")
    var user = "clavis-wayland"

    @Option(help: "Key presses timed per keyboard.")
    var presses = 60


    func run() throws {
        options.warnIfDebug()
        let clavisPath = URL(fileURLWithPath: clavis).standardizedFileURL.path
        let keyboards: [(name: String, command: [String])] = [
            ("Clavis", [clavisPath, "keyboard", "--dock"]),
            ("Maliit", ["/usr/bin/maliit-keyboard"]),
        ]
        var results: [String: KeyboardFigures] = [:]
        for keyboard in keyboards {
            var result = KeyboardFigures()
            do {
                let kwin = try KWinSession(user: user, keyboard: keyboard.command, fakeInput: fakeInput)
                defer { kwin.stop() }
                try measure(kwin, into: &result)
            } catch {
                result.failure = "\(error)"
            }
            results[keyboard.name] = result
            print("\(keyboard.name): \(result.failure ?? "start-up \(Samples(values: result.startups).summary)")")
        }
        try options.publish(report(keyboards.map(\.name), results), section: "kwin")
    }

    /// Restarts the keyboard `runs` times (KWin's `enabled` off and on) with a GTK entry
    /// focused, timing each start until KWin shows the panel; then times presses.
    private func measure(_ kwin: KWinSession, into result: inout KeyboardFigures) throws {
        let entry = try kwin.startEntry()
        defer { entry.stop() }
        try kwin.waitUntilVisible(true, seconds: 20)
        for _ in 0..<options.runs {
            kwin.setEnabled(false)
            try kwin.waitUntilVisible(false, seconds: 10)
            for _ in 0..<500 where kwin.keyboardProcesses() != [] { usleep(10_000) }
            let started = kwin.monitorMark()
            kwin.setEnabled(true)
            // KWin activates no input method for a field that already has the focus.
            kwin.forceActivate()
            let shown = try kwin.waitForShown(after: started, seconds: 20)
            result.startups.append(shown)
            Thread.sleep(forTimeInterval: 1)
            let memory = ProcessGroup.smaps(of: kwin.keyboardProcesses())
            result.rss.append(memory.rss)
            result.pss.append(memory.pss)
            result.privateDirty.append(memory.privateDirty)
        }
        result.latencies = try kwin.timePresses(presses)
    }

    private func report(_ names: [String], _ results: [String: KeyboardFigures]) -> String {
        let table = KeyboardFigures.table(names, results, startup: "start-up to the panel shown")
        let clavis = results["Clavis"] ?? KeyboardFigures()
        let maliit = results["Maliit"] ?? KeyboardFigures()
        let fasterStart = clavis.startsFaster(than: maliit)
        let smaller = clavis.isSmaller(than: maliit)
        return """
            ## Clavis beside Maliit as KDE Plasma's virtual keyboard

            `scripts/bench-kwin.sh` — \(machineDescription()), KWin 5.27 headless (`--virtual`, one 1280×800 \
            output, as an ordinary user, `KWIN_IM_SHOW_ALWAYS=1`), a new KWin for each keyboard, which \
            starts it itself (`--inputmethod`) as Plasma does: Clavis as `clavis keyboard --dock` (what \
            its `.desktop` entry runs), Debian's `maliit-keyboard` 2.3. A GTK 3 entry has the focus \
            throughout. Start-up, \(options.runs) times: the keyboard is turned off and on over KWin's \
            D-Bus (`org.kde.kwin.VirtualKeyboard.enabled`, then `forceActivate`, since KWin activates no \
            input method for a field already focused), so KWin starts it again, and timed until KWin \
            says the panel is shown (its `visibleChanged` signal, read with `dbus-monitor`). Memory is \
            the keyboard's processes (`/proc/PID/smaps_rollup`) a second after that. Press → text: \
            `org_kde_kwin_fake_input` clicks one letter key (found by clicking upwards from the bottom \
            of the output, 45 % across, until a letter is typed), timed from the press leaving the \
            client to the entry's `changed` signal (both CLOCK_MONOTONIC), \(presses) presses 60 ms apart.

            \(table)
            | target | verdict |
            |---|---|
            | Clavis starts faster than Maliit | \(fasterStart ? "met" : "**missed**") |
            | Clavis uses less memory than Maliit (RSS and private dirty) | \(smaller ? "met" : "**missed**") |

            """
    }
}

/// One headless KWin started for a benchmark, as an ordinary user, with its own session bus,
/// `keyboard` as its input method, a fake-input client to press with, and a D-Bus monitor
/// on KWin's virtual-keyboard signals.
final class KWinSession {
    let folder: URL
    let socket: String
    private let user: String
    private let keyboardName: String
    private let bus: String
    private var children: [ProcessGroup] = []
    private let monitorLog: URL
    private let acknowledged: URL
    private let changes: URL
    private var commands: FileHandle?
    private var output = (width: 1280, height: 800)

    init(user: String, keyboard: [String], fakeInput: String) throws {
        self.user = user
        keyboardName = URL(fileURLWithPath: keyboard[0]).lastPathComponent
        folder = URL(fileURLWithPath: "/tmp/clavis-kwin-bench-\(UUID())")
        let runtime = folder.appendingPathComponent("runtime")
        let home = folder.appendingPathComponent("home")
        for path in [runtime, home] { try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true) }
        chmod(folder.path, 0o755)
        capture(["chown", user, runtime.path, home.path])
        chmod(runtime.path, 0o700)
        let kwin = folder.appendingPathComponent("kwin_wayland")
        try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: kwin.path)
        chmod(kwin.path, 0o755)
        let script = folder.appendingPathComponent("keyboard.sh")
        try Data("#!/bin/sh\nexec \(keyboard.map { "'\($0)'" }.joined(separator: " ")) 2>/dev/null\n".utf8).write(to: script)
        chmod(script.path, 0o755)

        bus = "unix:path=\(runtime.path)/bus"
        children.append(try ProcessGroup(["runuser", "-u", user, "--", "dbus-daemon", "--session", "--nofork", "--address=\(bus)"], environment: [:]))
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: "\(runtime.path)/bus") { usleep(10_000) }
        socket = runtime.appendingPathComponent("kwin-bench").path
        children.append(try ProcessGroup(
            ["runuser", "-u", user, "--", "env", "HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)", "XDG_DATA_HOME=\(home.path)",
             "XDG_RUNTIME_DIR=\(runtime.path)", "DBUS_SESSION_BUS_ADDRESS=\(bus)", "QT_QPA_PLATFORM=offscreen", "KWIN_COMPOSE=Q",
             "KWIN_WAYLAND_NO_PERMISSION_CHECKS=1", "KWIN_IM_SHOW_ALWAYS=1", "LC_ALL=C.UTF-8", kwin.path, "--virtual", "--no-lockscreen",
             "--no-global-shortcuts", "--width", "\(output.width)", "--height", "\(output.height)", "--socket", "kwin-bench",
             "--inputmethod", script.path], environment: [:]))
        for _ in 0..<1000 where !FileManager.default.fileExists(atPath: socket) { usleep(10_000) }
        guard FileManager.default.fileExists(atPath: socket) else { throw BenchError("KWin did not start") }

        monitorLog = folder.appendingPathComponent("monitor.txt")
        children.append(try ProcessGroup(["sh", "-c", "exec runuser -u \(user) -- env DBUS_SESSION_BUS_ADDRESS=\(bus) dbus-monitor --session "
                                          + "\"type='signal',interface='org.kde.kwin.VirtualKeyboard'\" > '\(monitorLog.path)'"], environment: [:]))
        acknowledged = folder.appendingPathComponent("fake-input.txt")
        changes = folder.appendingPathComponent("changes.txt")
        let pipe = folder.appendingPathComponent("fake-input.fifo")
        mkfifo(pipe.path, 0o666)
        chmod(pipe.path, 0o666)
        children.append(try ProcessGroup(["sh", "-c", "exec runuser -u \(user) -- env WAYLAND_DISPLAY=\(socket) XDG_RUNTIME_DIR=\(runtime.path) "
                                          + "'\(fakeInput)' < '\(pipe.path)' > '\(acknowledged.path)'"], environment: [:]))
        commands = FileHandle(fileDescriptor: open(pipe.path, O_RDWR), closeOnDealloc: true)
        for _ in 0..<500 where !((try? String(contentsOf: acknowledged, encoding: .utf8)) ?? "").hasPrefix("ready") { usleep(10_000) }
    }

    func stop() {
        for child in children.reversed() { child.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A GTK 3 entry of KWin's that writes each change of its text (time, text) to a file.
    func startEntry() throws -> ProcessGroup {
        let script = try TimedEntry.script(in: folder)
        return try ProcessGroup(["/usr/bin/python3", script.path, changes.path],
                                environment: ["WAYLAND_DISPLAY": socket, "GDK_BACKEND": "wayland", "DISPLAY": "",
                                              "XDG_RUNTIME_DIR": FileManager.default.temporaryDirectory.path])
    }

    /// The input method's processes (KWin's children running the keyboard).
    func keyboardProcesses() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
            guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            return command.split(separator: "\0").first.map { URL(fileURLWithPath: String($0)).lastPathComponent == keyboardName } ?? false
        }
    }

    @discardableResult
    private func dbus(_ arguments: [String]) -> String {
        capture(["runuser", "-u", user, "--", "env", "DBUS_SESSION_BUS_ADDRESS=\(bus)", "gdbus", "call", "--session", "--dest", "org.kde.KWin",
                 "--object-path", "/VirtualKeyboard"] + arguments)
    }

    func setEnabled(_ enabled: Bool) {
        dbus(["--method", "org.freedesktop.DBus.Properties.Set", "org.kde.kwin.VirtualKeyboard", "enabled", "<\(enabled)>"])
    }

    func forceActivate() {
        dbus(["--method", "org.kde.kwin.VirtualKeyboard.forceActivate"])
    }

    var isVisible: Bool {
        dbus(["--method", "org.freedesktop.DBus.Properties.Get", "org.kde.kwin.VirtualKeyboard", "visible"]).contains("true")
    }

    func waitUntilVisible(_ visible: Bool, seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while isVisible != visible {
            guard Date() < deadline else { throw BenchError("KWin never reported the panel \(visible ? "shown" : "hidden")") }
            usleep(20_000)
        }
    }

    /// The D-Bus monitor's lines so far and the wall-clock time now (the monitor stamps
    /// messages with the wall clock).
    func monitorMark() -> (lines: Int, time: Double) {
        (monitorLines().count, Date().timeIntervalSince1970)
    }

    private func monitorLines() -> [Substring] {
        ((try? String(contentsOf: monitorLog, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// Seconds from `mark` to the first `visibleChanged` after it that left the panel shown.
    func waitForShown(after mark: (lines: Int, time: Double), seconds: Double) throws -> Double {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            for line in monitorLines().dropFirst(mark.lines) where line.contains("member=visibleChanged") {
                guard let stamp = line.split(separator: " ").first(where: { $0.hasPrefix("time=") }).flatMap({ Double($0.dropFirst(5)) }),
                      stamp >= mark.time else { continue }
                if isVisible { return stamp - mark.time }
            }
            usleep(5_000)
        }
        throw BenchError("KWin did not show the panel within \(Int(seconds)) s")
    }

    /// Sends a press to the fake-input client; returns when it went out (CLOCK_MONOTONIC).
    private func click(x: Int, y: Int) -> Double? {
        let before = acknowledgements.count
        commands?.write(Data("click \(x) \(y)\n".utf8))
        for _ in 0..<500 {
            let lines = acknowledgements
            if lines.count > before { return lines.last.flatMap { Double($0.split(separator: " ").last ?? "") } }
            usleep(2_000)
        }
        return nil
    }

    private var acknowledgements: [Substring] {
        ((try? String(contentsOf: acknowledged, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("ok") }
    }

    /// Finds a letter key (clicking upwards from the bottom, 45 % across) and times presses on it.
    func timePresses(_ count: Int) throws -> [Double] {
        let follower = LineFollower(path: changes.path)
        Thread.sleep(forTimeInterval: 1)
        let x = output.width * 45 / 100
        var letterY: Int?
        for y in stride(from: output.height - 10, to: output.height / 2, by: -12) {
            let before = follower.readNew()
            _ = click(x: x, y: y)
            usleep(150_000)
            if follower.readNew() > before, let typed = follower.lines.last?.split(separator: " ").last, typed.allSatisfy(\.isLetter) {
                letterY = y
                break
            }
        }
        guard let y = letterY else { throw BenchError("no letter key found above the bottom of the output") }
        return TimedEntry.timePresses(count, changes: follower) { click(x: x, y: y) }
    }
}
