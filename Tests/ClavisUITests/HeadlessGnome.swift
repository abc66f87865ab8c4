import Foundation
import XCTest

/// GNOME for tests: a headless GNOME Shell (mutter's Wayland session, one 1280×800 virtual
/// monitor, Xwayland on demand) where Clavis, installed into a prefix by scripts/install.sh,
/// is the input source (`org.gnome.desktop.input-sources`), so the shell's IBus starts it
/// from its component file as on a user's desktop. The pointer and keys are mutter's own
/// RemoteDesktop API (Helpers/mutter-input.py), which reaches the shell as a device would.
///
/// Everything runs as the ordinary user the sway tests use, with a system bus of its own
/// (the shell's login manager wants one) and a session bus; ../shared/notes/gnome.md has the
/// recipe this follows.
final class HeadlessGnome: @unchecked Sendable {
    let desktop: ForeignDesktop
    /// Each monitor's size; with several, they stand side by side from the left.
    let size = (width: 1280, height: 800)
    /// How many monitors the shell has.
    let monitors: Int
    let home: URL
    var geometry: URL { home.appendingPathComponent("keys.json") }
    var keyboardLog: String { (try? String(contentsOf: home.appendingPathComponent("clavis-stderr.txt"), encoding: .utf8)) ?? "" }
    var log: String { (try? String(contentsOf: desktop.folder.appendingPathComponent("shell.log"), encoding: .utf8)) ?? "" }
    private let runtime: URL
    private var children: [Child] = []
    private var commands: FileHandle?
    private let answers: URL

    /// The Clavis extension's UUID (data/gnome-shell/metadata.json).
    static let extensionUUID = "clavis@clavis-keyboard.github.io"

    /// Starts the shell with Clavis (`clavis keyboard --ibus ARGUMENTS`) as the first input
    /// source and `settings` as Clavis's settings file; with `extension`, Clavis's Shell
    /// extension (installed by scripts/install.sh as every time) enabled the way a user
    /// enables it, with `clavis setup gnome` before logging in. `monitors`: how many virtual
    /// monitors the shell has. `lockable`: a display manager answers on the system bus (a fake
    /// GDM, Helpers/fake-gdm.py), so the shell offers its lock screen (`Main.screenShield`).
    init(keyboard arguments: [String] = ["--dock"], settings: String = "{\"suggestions\": false}", extension: Bool = false,
         monitors: Int = 1, lockable: Bool = false) throws {
        self.monitors = monitors
        desktop = try ForeignDesktop(windowManager: false)
        try HeadlessSway.createUser()
        let user = HeadlessSway.user
        chmod(desktop.folder.path, 0o755)
        runtime = desktop.folder.appendingPathComponent("runtime")
        home = desktop.folder.appendingPathComponent("home")
        answers = desktop.folder.appendingPathComponent("input-answers.txt")
        let prefix = home.appendingPathComponent(".local")
        for folder in [runtime, home.appendingPathComponent(".config/clavis")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data(settings.utf8).write(to: home.appendingPathComponent(".config/clavis/settings.json"))

        // Installed as a user would: the component file names the installed binary.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        var status: Int32 = 0
        let installed = desktop.run(["env", "HOME=\(home.path)", "\(repository.path)/scripts/install.sh", "--prefix", prefix.path,
                                     "--binary", GUI.clavis], status: &status)
        guard status == 0 else { throw SwayError(message: "scripts/install.sh failed: \(installed) \(desktop.errors)") }
        // The same component, its <exec> wrapped to add --geometry-out and keep standard error.
        let components = desktop.folder.appendingPathComponent("components")
        try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
        let script = desktop.folder.appendingPathComponent("clavis-ibus.sh")
        let command = ["\(prefix.path)/bin/clavis", "keyboard", "--ibus"] + arguments + ["--geometry-out", geometry.path]
        try Data("#!/bin/sh\nexec \(command.map { "'\($0)'" }.joined(separator: " ")) 2>>'\(home.path)/clavis-stderr.txt'\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        let component = try String(contentsOf: prefix.appendingPathComponent("share/ibus/component/clavis.xml"), encoding: .utf8)
        guard component.contains("<exec>\(prefix.path)/bin/clavis keyboard --ibus") else {
            throw SwayError(message: "the installed component does not start the installed binary:\n\(component)")
        }
        let wrapped = component.replacingOccurrences(of: #"<exec>[^<]*</exec>"#, with: "<exec>\(script.path)</exec>", options: .regularExpression)
        try Data(wrapped.utf8).write(to: components.appendingPathComponent("clavis.xml"))

        let systemConfig = desktop.folder.appendingPathComponent("system-bus.conf")
        try Data("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig><type>system</type><listen>unix:path=\(runtime.path)/system_bus</listen><auth>EXTERNAL</auth>
            <policy context="default"><allow user="*"/><allow own="*"/><allow send_type="method_call"/>
            <allow send_destination="*"/><allow receive_type="*"/></policy></busconfig>
            """.utf8).write(to: systemConfig)
        desktop.run(["chown", "-R", user, runtime.path, home.path])
        chmod(runtime.path, 0o700)

        // The session bus starts services (dconf) with its own environment: the session's.
        children.append(try Child(userCommand(["dbus-daemon", "--config-file=\(systemConfig.path)", "--nofork"])))
        children.append(try Child(userCommand(["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(runtime.path)/bus"])))
        desktop.wait("the buses") {
            ["system_bus", "bus"].allSatisfy { FileManager.default.fileExists(atPath: self.runtime.appendingPathComponent($0).path) }
        }
        if lockable {
            let gdm = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/fake-gdm.py").path
            let answer = desktop.folder.appendingPathComponent("gdm.txt")
            children.append(try Child(userCommand(["/usr/bin/python3", gdm]), output: answer.path))
            desktop.wait("the display manager on the system bus") {
                ((try? String(contentsOf: answer, encoding: .utf8)) ?? "").contains("ready")
            }
        }
        runAsUser(["gsettings", "set", "org.gnome.desktop.interface", "enable-hot-corners", "false"])
        runAsUser(["gsettings", "set", "org.gnome.desktop.input-sources", "sources", "[('ibus', 'clavis'), ('xkb', 'us')]"])
        if `extension` {
            let enabled = runAsUser(["sh", "-c", "'\(prefix.path)/bin/clavis' setup gnome 2>&1; gsettings get org.gnome.shell enabled-extensions"])
            guard enabled.contains(Self.extensionUUID) else { throw SwayError(message: "clavis setup gnome failed: \(enabled)") }
        }
        let shellLog = desktop.folder.appendingPathComponent("shell.log").path
        let virtualMonitors = (0..<monitors).flatMap { _ in ["--virtual-monitor", "\(size.width)x\(size.height)"] }
        children.append(try Child(userCommand(["env", "IBUS_COMPONENT_PATH=\(components.path):/usr/share/ibus/component", "gnome-shell", "--headless", "--wayland"]
                                              + virtualMonitors + ["--unsafe-mode"]),
                                  output: shellLog, error: shellLog))
        // A first start reads the shell from disk: a minute where the page cache is cold.
        desktop.wait("GNOME Shell started", seconds: 60) { self.log.contains("GNOME Shell started") }
        guard log.contains("GNOME Shell started") else { throw SwayError(message: "GNOME Shell did not start: \(log.suffix(3000))") }
        try startInput()
        // The seat has no keyboard until a first key; Escape also leaves the overview the shell starts in.
        send("key 65307")
        // The shell starts IBus itself and restarts it once; when IBus lists its engines late,
        // the first source is passed over for the next (xkb) until sources are chosen again, as
        // a user would in the top bar's menu.
        let current = "imports.ui.status.keyboard.getInputSourceManager().currentSource?.id ?? ''"
        for _ in 0..<60 where evaluate(current) != "clavis" {
            if evaluate("Object.keys(imports.ui.status.keyboard.getInputSourceManager().inputSources).length > 0 ? 'ready' : ''") == "ready" {
                evaluate("imports.ui.status.keyboard.getInputSourceManager().inputSources[0].activate(true)")
            }
            usleep(250_000)
        }
    }

    func tearDown() {
        try? commands?.close()
        for child in children.reversed() { child.stop() }
        // Xwayland, ibus-daemon and Clavis, started by the shell.
        desktop.run(["pkill", "-KILL", "-u", HeadlessSway.user])
        desktop.tearDown()
    }

    /// The environment of the session's programs.
    private var environment: [String] {
        ["HOME=\(home.path)", "XDG_RUNTIME_DIR=\(runtime.path)", "XDG_CONFIG_HOME=\(home.path)/.config",
         "XDG_DATA_HOME=\(home.path)/.local/share", "XDG_CACHE_HOME=\(home.path)/.cache", "XDG_SESSION_TYPE=wayland",
         "XDG_CURRENT_DESKTOP=GNOME", "LC_ALL=C.UTF-8", "DBUS_SYSTEM_BUS_ADDRESS=unix:path=\(runtime.path)/system_bus",
         "DBUS_SESSION_BUS_ADDRESS=unix:path=\(runtime.path)/bus", "WAYLAND_DISPLAY=wayland-0", "NO_AT_BRIDGE=1"]
    }

    private func userCommand(_ arguments: [String]) -> [String] {
        ["runuser", "-u", HeadlessSway.user, "--", "env", "-i", "PATH=/usr/bin:/bin"] + environment + arguments
    }

    @discardableResult
    func runAsUser(_ arguments: [String]) -> String {
        desktop.run(userCommand(arguments))
    }

    /// Starts a Wayland GTK client as the user; its standard output goes to the returned file.
    func start(_ arguments: [String]) throws -> (Child, URL) {
        let output = desktop.folder.appendingPathComponent("client-\(UUID()).txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        desktop.run(["chown", HeadlessSway.user, output.path])
        let child = try Child(userCommand(["env", "GDK_BACKEND=wayland"] + arguments), output: output.path,
                              error: desktop.folder.appendingPathComponent("client-stderr.txt").path)
        children.append(child)
        return (child, output)
    }

    /// Starts an X11 client of the session (on the shell's Xwayland, with GTK's IBus module as
    /// GNOME gives X11 applications), as `start` does a Wayland one.
    func startX11(_ arguments: [String]) throws -> (Child, URL) {
        let display = evaluate("imports.gi.GLib.getenv('DISPLAY')")
        let authority = evaluate("imports.gi.GLib.getenv('XAUTHORITY')")
        return try start(["env", "GDK_BACKEND=x11", "DISPLAY=\(display)", "XAUTHORITY=\(authority)", "GTK_IM_MODULE=ibus"] + arguments)
    }

    /// The state the shell gives Clavis's extension (1 enabled, 2 disabled; empty when it
    /// has none: not found).
    var extensionState: String {
        evaluate("String(imports.ui.main.extensionManager.lookup('\(Self.extensionUUID)')?.state ?? '')")
    }

    /// Whether GNOME's own keyboard is on screen.
    var gnomeKeyboardVisible: Bool { evaluate("String(!!imports.ui.main.keyboard.visible)") == "true" }

    /// Clicks with the pointer `dy` points above the bottom edge of the focused window's frame,
    /// in the middle (the last entry of a helper's window).
    func clickFocusedWindow(aboveBottom dy: Int) {
        let frame = evaluate("(() => { const r = global.display.focus_window.get_frame_rect(); return [r.x, r.y, r.width, r.height].join(','); })()")
            .split(separator: ",").compactMap { Int($0) }
        guard frame.count == 4 else { return XCTFail("no focused window: \(frame)") }
        send("move \(frame[0] + frame[2] / 2) \(frame[1] + frame[3] - dy)")
        usleep(200_000)
        send("click")
    }

    /// The title of the window that has the focus, as the shell says.
    var focusedTitle: String { evaluate("global.display.focus_window?.get_title() ?? ''") }

    /// The work area of the (first) monitor: x, y, width, height.
    var workArea: [Int] { workArea(monitor: 0) }

    func workArea(monitor: Int) -> [Int] {
        evaluate("(() => { const r = global.workspace_manager.get_active_workspace().get_work_area_for_monitor(\(monitor)); return [r.x, r.y, r.width, r.height].join(','); })()")
            .split(separator: ",").compactMap { Int($0) }
    }

    /// Clavis's X11 windows as Xwayland has them (place, size, strut), for failure messages.
    var keyboardWindows: String {
        let authority = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path))?.first { $0.hasPrefix(".mutter-Xwaylandauth") } ?? ""
        let script = "for w in $(xdotool search --class clavis); do xwininfo -id $w | grep -E 'Absolute|Width|Height|Map State'; "
            + "xprop -id $w _NET_WM_STRUT_PARTIAL; done; xrandr | head -2"
        return runAsUser(["env", "DISPLAY=:0", "XAUTHORITY=\(runtime.path)/\(authority)", "sh", "-c", script])
    }

    /// Runs JavaScript in the shell and returns its result (a JSON string's quotes dropped).
    @discardableResult
    func evaluate(_ script: String) -> String {
        let answer = send("eval \(script)")
        return String(answer.dropFirst(3)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// Presses the keys with these ids from Clavis's `--geometry-out` file with the pointer.
    func press(_ ids: [String], file: StaticString = #filePath, line: UInt = #line) {
        for id in ids {
            var target: ExportedGeometry.Key?
            desktop.wait("key '\(id)' on screen", file: file, line: line) {
                target = ExportedGeometry.read(self.geometry)?.key(id)
                return target != nil
            }
            guard let key = target else { return }
            send("move \(key.x + key.width / 2) \(key.y + key.height / 2)", file: file, line: line)
            // Xwayland hears of the pointer over its window a moment after mutter moved it; a
            // press before then goes to the window under it before (a person's finger or
            // mouse is never that quick).
            usleep(200_000)
            send("click", file: file, line: line)
            if ["numbers", "symbols", "letters", "digits"].contains(id) {
                desktop.wait("layer \(id)", file: file, line: line) { ExportedGeometry.read(self.geometry)?.layer == id }
            }
            settle()
        }
    }

    /// Waits until the keys stay where they are for a quarter of a second (at most five
    /// seconds): a key's effect can move them (the bar appearing once the shell says what
    /// the field is, after its first letter), and the next press must read where they went,
    /// not where they were — on a busy machine the file is written a while after the click.
    func settle() {
        let deadline = Date().addingTimeInterval(5)
        var last = try? Data(contentsOf: geometry)
        while Date() < deadline {
            usleep(250_000)
            let now = try? Data(contentsOf: geometry)
            if now == last { return }
            last = now
        }
    }

    /// Sends one command to the input helper and returns its answer.
    @discardableResult
    func send(_ command: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let before = answerLines.count
        commands?.write(Data((command + "\n").utf8))
        desktop.wait("mutter to take '\(command.prefix(40))'", file: file, line: line) { self.answerLines.count > before }
        return answerLines.count > before ? answerLines[before] : ""
    }

    private var answerLines: [String] {
        ((try? String(contentsOf: answers, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.hasPrefix("ok") }
    }

    private func startInput() throws {
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/mutter-input.py").path
        let pipe = desktop.folder.appendingPathComponent("input.fifo")
        mkfifo(pipe.path, 0o666)
        chmod(pipe.path, 0o666)
        children.append(try Child(userCommand(["env", "MONITORS=\(monitors)", "sh", "-c", "exec /usr/bin/python3 '\(helper)' < '\(pipe.path)'"]),
                                  output: answers.path, error: desktop.folder.appendingPathComponent("input.log").path))
        commands = FileHandle(fileDescriptor: open(pipe.path, O_RDWR), closeOnDealloc: true)
        desktop.wait("mutter's remote desktop session") {
            ((try? String(contentsOf: self.answers, encoding: .utf8)) ?? "").hasPrefix("ready")
        }
    }
}
