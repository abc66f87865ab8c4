import Foundation

/// One headless GNOME Shell for a benchmark, as an ordinary user, with Clavis installed as
/// an input source (first or second), mutter's RemoteDesktop pointer and a Wayland entry.
final class GnomeSession {
    let folder: URL
    private let user: String
    private let runtime: URL
    private let home: URL
    private var children: [ProcessGroup] = []
    private var commands: FileHandle?
    private let answers: URL
    private let changes: URL
    private let geometry: URL
    /// Clavis's stamps of each stage of a press (`--trace-stages`).
    let stages: URL
    private let size = (width: 1280, height: 800)
    /// The middle of the focused window (the entry's).
    var entryPoint: (x: Int, y: Int) {
        let frame = evaluate("(() => { const r = global.display.focus_window.get_frame_rect(); return [r.x, r.y, r.width, r.height].join(','); })()")
            .split(separator: ",").compactMap { Int($0) }
        return frame.count == 4 ? (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2) : (size.width / 2, size.height / 2)
    }

    init(user: String, clavis: String, input: String, clavisFirst: Bool, settings: String?) throws {
        self.user = user
        folder = URL(fileURLWithPath: "/tmp/clavis-gnome-bench-\(UUID())")
        runtime = folder.appendingPathComponent("runtime")
        home = folder.appendingPathComponent("home")
        answers = folder.appendingPathComponent("answers.txt")
        changes = folder.appendingPathComponent("changes.txt")
        geometry = home.appendingPathComponent("keys.json")
        stages = home.appendingPathComponent("stages.txt")
        for path in [runtime, home.appendingPathComponent(".config/clavis")] {
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        }
        if let settings { try Data(settings.utf8).write(to: home.appendingPathComponent(".config/clavis/settings.json")) }
        chmod(folder.path, 0o755)
        let installed = URL(fileURLWithPath: clavis).deletingLastPathComponent().deletingLastPathComponent()
        let component = try String(contentsOf: installed.appendingPathComponent("share/ibus/component/clavis.xml"), encoding: .utf8)
        let components = folder.appendingPathComponent("components")
        try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("clavis-ibus.sh")
        try Data("#!/bin/sh\nexec '\(clavis)' keyboard --ibus --dock --geometry-out '\(geometry.path)' --trace-stages '\(stages.path)' 2>/dev/null\n".utf8)
            .write(to: script)
        chmod(script.path, 0o755)
        try Data(component.replacingOccurrences(of: #"<exec>[^<]*</exec>"#, with: "<exec>\(script.path)</exec>", options: .regularExpression).utf8)
            .write(to: components.appendingPathComponent("clavis.xml"))
        let systemConfig = folder.appendingPathComponent("system-bus.conf")
        try Data("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>system</type><listen>unix:path=\(runtime.path)/system_bus</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow user="*"/><allow own="*"/><allow send_type="method_call"/>
            <allow send_destination="*"/><allow receive_type="*"/></policy></busconfig>
            """.utf8).write(to: systemConfig)
        capture(["chown", "-R", user, runtime.path, home.path])
        chmod(runtime.path, 0o700)
        children.append(try ProcessGroup(userCommand(["dbus-daemon", "--config-file=\(systemConfig.path)", "--nofork"]), environment: [:]))
        children.append(try ProcessGroup(userCommand(["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(runtime.path)/bus"]), environment: [:]))
        for _ in 0..<300 where !["system_bus", "bus"].allSatisfy({ FileManager.default.fileExists(atPath: runtime.appendingPathComponent($0).path) }) {
            usleep(10_000)
        }
        // A sound server, as a desktop session has (PipeWire's pulse server on GNOME): key
        // clicks go to its sample cache, with a null sink for speakers.
        children.append(try ProcessGroup(userCommand([
            "pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "-n", "--use-pid-file=no",
            "--load=module-null-sink sink_name=speakers", "--load=module-native-protocol-unix socket=\(runtime.path)/pulse/native",
        ]), environment: [:]))
        capture(userCommand(["gsettings", "set", "org.gnome.desktop.interface", "enable-hot-corners", "false"]))
        let sources = clavisFirst ? "[('ibus', 'clavis'), ('xkb', 'us')]" : "[('xkb', 'us')]"
        capture(userCommand(["gsettings", "set", "org.gnome.desktop.input-sources", "sources", sources]))
        let log = folder.appendingPathComponent("shell.log")
        children.append(try ProcessGroup(["sh", "-c", (userCommand(["env", "IBUS_COMPONENT_PATH=\(components.path):/usr/share/ibus/component",
                                                                     "gnome-shell", "--headless", "--wayland", "--virtual-monitor",
                                                                     "\(size.width)x\(size.height)", "--unsafe-mode"])
                                                        .map { "'\($0)'" }.joined(separator: " ")) + " > '\(log.path)' 2>&1"], environment: [:]))
        for _ in 0..<3000 where !((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("GNOME Shell started") { usleep(10_000) }
        guard ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("GNOME Shell started") else { throw BenchError("GNOME Shell did not start") }
        let pipe = folder.appendingPathComponent("input.fifo")
        mkfifo(pipe.path, 0o666)
        chmod(pipe.path, 0o666)
        children.append(try ProcessGroup(["sh", "-c", (userCommand(["/usr/bin/python3", input]).map { "'\($0)'" }.joined(separator: " "))
                                          + " < '\(pipe.path)' > '\(answers.path)'"], environment: [:]))
        commands = FileHandle(fileDescriptor: open(pipe.path, O_RDWR), closeOnDealloc: true)
        for _ in 0..<500 where !((try? String(contentsOf: answers, encoding: .utf8)) ?? "").hasPrefix("ready") { usleep(10_000) }
        // The seat has no keyboard until a first key; Escape also leaves the overview.
        send("key 65307")
    }

    func stop() {
        try? commands?.close()
        for child in children.reversed() { child.stop() }
        capture(["pkill", "-KILL", "-u", user])
        try? FileManager.default.removeItem(at: folder)
    }

    private func userCommand(_ arguments: [String]) -> [String] {
        ["runuser", "-u", user, "--", "env", "-i", "PATH=/usr/bin:/bin", "HOME=\(home.path)", "XDG_RUNTIME_DIR=\(runtime.path)",
         "XDG_CONFIG_HOME=\(home.path)/.config", "XDG_DATA_HOME=\(home.path)/.local/share", "XDG_CACHE_HOME=\(home.path)/.cache",
         "XDG_SESSION_TYPE=wayland", "XDG_CURRENT_DESKTOP=GNOME", "LC_ALL=C.UTF-8", "NO_AT_BRIDGE=1",
         "DBUS_SYSTEM_BUS_ADDRESS=unix:path=\(runtime.path)/system_bus", "DBUS_SESSION_BUS_ADDRESS=unix:path=\(runtime.path)/bus",
         "WAYLAND_DISPLAY=wayland-0"] + arguments
    }

    /// A GTK 3 Wayland entry that writes each change of its text (time, last character).
    func startEntry() throws -> ProcessGroup {
        let script = try TimedEntry.script(in: folder)
        _ = FileManager.default.createFile(atPath: changes.path, contents: nil)
        capture(["chown", user, changes.path, script.path])
        let entry = try ProcessGroup(userCommand(["env", "GDK_BACKEND=wayland", "/usr/bin/python3", script.path, changes.path]), environment: [:])
        Thread.sleep(forTimeInterval: 2)
        return entry
    }

    /// Sends one command to the input helper and returns its answer.
    @discardableResult
    func send(_ command: String) -> String {
        let before = answerLines.count
        commands?.write(Data((command + "\n").utf8))
        for _ in 0..<1000 where answerLines.count <= before { usleep(2_000) }
        return answerLines.count > before ? answerLines[before] : ""
    }

    private var answerLines: [String] {
        ((try? String(contentsOf: answers, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.hasPrefix("ok") }
    }

    /// Runs JavaScript in the shell; its result without a JSON string's quotes.
    @discardableResult
    func evaluate(_ script: String) -> String {
        String(send("eval \(script)").dropFirst(3)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// Activates the input source at `index` of the list, as the top bar's menu does.
    func activateSource(_ index: Int) {
        evaluate("imports.ui.status.keyboard.getInputSourceManager().inputSources[\(index)]?.activate(true)")
    }

    func clavisProcesses() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
            guard let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            let words = command.split(separator: "\0")
            return words.count > 2 && words[0].hasSuffix("/clavis") && words[1] == "keyboard"
        }
    }

    func shellProcesses() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("gnome-shell") == true
        }
    }

    func killClavis() {
        try? FileManager.default.removeItem(at: geometry)
        for pid in clavisProcesses() { kill(pid, SIGKILL) }
        for _ in 0..<500 where !clavisProcesses().isEmpty { usleep(10_000) }
    }

    /// Waits until Clavis's window shows keys.
    func waitForClavis(seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while clavisKey("h") == nil {
            guard Date() < deadline else { throw BenchError("Clavis did not show its keyboard within \(Int(seconds)) s") }
            usleep(5_000)
        }
    }

    /// The centre of Clavis's key `id` on screen, while it shows.
    func clavisKey(_ id: String) -> (x: Int, y: Int)? {
        guard let data = try? Data(contentsOf: geometry),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["visible"] as? Bool == true,
              let keys = object["keys"] as? [[String: Any]], let key = keys.first(where: { $0["id"] as? String == id }),
              let x = key["x"] as? Int, let y = key["y"] as? Int, let width = key["width"] as? Int, let height = key["height"] as? Int
        else { return nil }
        return (x + width / 2, y + height / 2)
    }

    func setScreenKeyboard(_ enabled: Bool) {
        capture(userCommand(["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-keyboard-enabled", "\(enabled)"]))
    }

    func waitForGnomeKeyboard(_ visible: Bool, seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while (evaluate("Main.keyboard.visible") == "true") != visible {
            guard Date() < deadline else {
                let state = evaluate("[Main.keyboard.visible, !!Main.keyboard._keyboard, global.display.focus_window?.get_title(), "
                                     + "JSON.stringify(global.display.focus_window?.get_frame_rect())].join(' ')")
                throw BenchError("GNOME's keyboard never became \(visible ? "visible" : "hidden") (visible, exists, focus: \(state))")
            }
            usleep(5_000)
        }
    }

    /// The centre of GNOME's keyboard's key labelled `label`, once its slide-in has ended.
    func gnomeKey(_ label: String) -> (x: Int, y: Int)? {
        Thread.sleep(forTimeInterval: 1)
        let found = evaluate("""
            (() => { let found = ''; const walk = a => { if (a instanceof imports.gi.St.Button && a.label === '\(label)' && a.is_mapped()) { \
            const [x, y] = a.get_transformed_position(); const [w, h] = a.get_transformed_size(); \
            found = Math.round(x + w / 2) + ',' + Math.round(y + h / 2); } a.get_children().forEach(walk); }; \
            walk(Main.layoutManager.keyboardBox); return found; })()
            """)
        let numbers = found.split(separator: ",").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Presses at `x, y` `count` times, each timed to the entry's change.
    func timePresses(_ count: Int, x: Int, y: Int) throws -> [(pressed: Double, changed: Double)] {
        let follower = LineFollower(path: changes.path)
        send("move \(x) \(y)")
        usleep(300_000)
        let presses = TimedEntry.timedPresses(count, changes: follower) { Double(send("click").dropFirst(3)) }
        guard !presses.isEmpty else { throw BenchError("no press reached the entry") }
        return presses
    }
}
