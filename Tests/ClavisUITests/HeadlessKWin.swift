import Foundation
import XCTest

/// KDE Plasma's compositor for tests: a headless KWin (no GPU, no display, no input devices)
/// with one 1280×800 output that starts `clavis keyboard` itself as its virtual keyboard, as
/// Plasma does with the keyboard chosen in System Settings, and presses points of the output
/// through `org_kde_kwin_fake_input` (a small client the tests build, `Helpers/`).
///
/// KWin runs as the ordinary user the sway tests use, from a copy of its binary (the
/// installed one carries file capabilities these machines refuse to execute), with its own
/// session bus (Clavis, started by KWin, is that user too); clients run as root and reach it
/// through the socket's full path. `KWIN_IM_SHOW_ALWAYS=1` makes KWin show the panel for any
/// focused field: by default Plasma shows it only for fields tapped by touch or pen.
final class HeadlessKWin: TestCompositor, @unchecked Sendable {
    let desktop: ForeignDesktop
    let size = (width: 1280, height: 800)
    /// The compositor's socket (a full path: WAYLAND_DISPLAY for clients).
    let socket: String
    /// Clavis's folder: its settings, `--geometry-out` file and standard error.
    let home: URL
    var geometry: URL { home.appendingPathComponent("keys.json") }
    var keyboardLog: String { (try? String(contentsOf: home.appendingPathComponent("clavis-stderr.txt"), encoding: .utf8)) ?? "" }
    private var kwin: Child?
    private var bus: Child?
    private var pointer: Child?
    private var commands: FileHandle?
    private let runtime: URL
    private let acknowledged: URL

    /// Starts KWin with `clavis keyboard ARGUMENTS --geometry-out …` as its input method, and
    /// `settings` as Clavis's settings file.
    init(keyboard arguments: [String], settings: String = "{\"suggestions\": false}") throws {
        desktop = try ForeignDesktop(windowManager: false)
        try HeadlessSway.createUser()
        let user = HeadlessSway.user
        chmod(desktop.folder.path, 0o755)
        let runtime = desktop.folder.appendingPathComponent("kwin-runtime")
        self.runtime = runtime
        home = desktop.folder.appendingPathComponent("kwin-home")
        let socket = runtime.appendingPathComponent("kwin-test").path
        self.socket = socket
        acknowledged = desktop.folder.appendingPathComponent("fake-input.txt")
        let geometry = home.appendingPathComponent("keys.json")
        for folder in [runtime, home, home.appendingPathComponent("clavis")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data(settings.utf8).write(to: home.appendingPathComponent("clavis/settings.json"))
        desktop.run(["chown", "-R", user, runtime.path, home.path])
        chmod(runtime.path, 0o700)

        let kwinCopy = desktop.folder.appendingPathComponent("kwin_wayland")
        try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: kwinCopy.path)
        chmod(kwinCopy.path, 0o755)
        let clavis = GUI.clavis
        let script = desktop.folder.appendingPathComponent("clavis-keyboard.sh")
        let quoted = ([clavis, "keyboard"] + arguments + ["--geometry-out", geometry.path]).map { "'\($0)'" }.joined(separator: " ")
        try Data("#!/bin/sh\nexec \(quoted) 2>>'\(home.path)/clavis-stderr.txt'\n".utf8).write(to: script)
        chmod(script.path, 0o755)

        let busAddress = "unix:path=\(runtime.path)/bus"
        bus = try Child(["runuser", "-u", user, "--", "dbus-daemon", "--session", "--nofork", "--address=\(busAddress)"])
        desktop.wait("the user's session bus") { FileManager.default.fileExists(atPath: "\(runtime.path)/bus") }
        let log = desktop.folder.appendingPathComponent("kwin.log").path
        kwin = try Child(["runuser", "-u", user, "--", "env", "HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)",
                          "XDG_DATA_HOME=\(home.path)", "XDG_RUNTIME_DIR=\(runtime.path)", "DBUS_SESSION_BUS_ADDRESS=\(busAddress)",
                          "QT_QPA_PLATFORM=offscreen", "KWIN_COMPOSE=Q", "KWIN_WAYLAND_NO_PERMISSION_CHECKS=1", "KWIN_IM_SHOW_ALWAYS=1",
                          "LC_ALL=C.UTF-8", kwinCopy.path, "--virtual", "--no-lockscreen", "--no-global-shortcuts",
                          "--width", "\(size.width)", "--height", "\(size.height)", "--socket", "kwin-test",
                          "--inputmethod", script.path],
                         output: log, error: log)
        desktop.wait("KWin's socket") { FileManager.default.fileExists(atPath: socket) }
        guard kwin?.isRunning == true, FileManager.default.fileExists(atPath: socket) else {
            throw SwayError(message: "KWin did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
        try startPointer()
    }

    func tearDown() {
        try? commands?.close()
        pointer?.stop()
        desktop.tearDown()
        kwin?.stop()
        bus?.stop()
    }

    /// What KWin wrote.
    var log: String { (try? String(contentsOf: desktop.folder.appendingPathComponent("kwin.log"), encoding: .utf8)) ?? "" }

    /// Runs a command as the compositor's user, with its session bus (`clavis hide` reaching
    /// the keyboard KWin started).
    @discardableResult
    func runAsUser(_ arguments: [String]) -> String {
        desktop.run(["runuser", "-u", HeadlessSway.user, "--", "env", "DBUS_SESSION_BUS_ADDRESS=unix:path=\(runtime.path)/bus",
                     "XDG_RUNTIME_DIR=\(runtime.path)"] + arguments)
    }

    /// Presses the keys with these ids from the keyboard's `--geometry-out` file, one after
    /// another, with the pointer or by touch.
    func press(_ ids: [String], touch: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        for id in ids {
            var target: ExportedGeometry.Key?
            desktop.wait("key '\(id)' on screen", file: file, line: line) {
                target = ExportedGeometry.read(self.geometry)?.key(id)
                return target != nil
            }
            guard let key = target else { return }
            send("\(touch ? "touch" : "click") \(key.x + key.width / 2) \(key.y + key.height / 2)", file: file, line: line)
            if ["numbers", "symbols", "letters", "digits"].contains(id) {
                desktop.wait("layer \(id)", file: file, line: line) { ExportedGeometry.read(self.geometry)?.layer == id }
            }
        }
    }

    /// Sends one command to the fake-input client and waits until KWin handled it.
    private func send(_ command: String, file: StaticString = #filePath, line: UInt = #line) {
        let before = acknowledgements
        commands?.write(Data((command + "\n").utf8))
        desktop.wait("KWin to handle '\(command)'", file: file, line: line) { self.acknowledgements > before }
    }

    private var acknowledgements: Int {
        ((try? String(contentsOf: acknowledged, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("ok") }.count
    }

    /// Builds the fake-input client (once a test run) and starts it as the compositor's user,
    /// reading commands from a pipe.
    private func startPointer() throws {
        let program = try Self.buildFakeInput()
        let pipe = desktop.folder.appendingPathComponent("fake-input.fifo")
        mkfifo(pipe.path, 0o666)
        chmod(pipe.path, 0o666)
        pointer = try Child(["runuser", "-u", HeadlessSway.user, "--", "env", "WAYLAND_DISPLAY=\(socket)",
                             "XDG_RUNTIME_DIR=\(runtime.path)", "sh", "-c", "exec '\(program)' < '\(pipe.path)'"],
                            output: acknowledged.path, error: desktop.folder.appendingPathComponent("fake-input.log").path)
        // Read and write: opening a pipe for writing alone would wait for its reader.
        commands = FileHandle(fileDescriptor: open(pipe.path, O_RDWR), closeOnDealloc: true)
        desktop.wait("the fake input devices") {
            ((try? String(contentsOf: self.acknowledged, encoding: .utf8)) ?? "").hasPrefix("ready")
        }
    }

    nonisolated(unsafe) private static var fakeInput: String?

    /// Compiles Helpers/kwin-fake-input.c with the glue wayland-scanner makes from Debian's
    /// plasma-wayland-protocols.
    private static func buildFakeInput() throws -> String {
        if let fakeInput { return fakeInput }
        let folder = URL(fileURLWithPath: "/tmp/clavis-kwin-fake-input-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        let xml = "/usr/share/plasma-wayland-protocols/fake-input.xml"
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/kwin-fake-input.c").path
        let program = folder.appendingPathComponent("kwin-fake-input").path
        let compiler = FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") ? "/usr/bin/cc" : "clang"
        for step in [["wayland-scanner", "client-header", xml, folder.appendingPathComponent("fake-input-client-protocol.h").path],
                     ["wayland-scanner", "private-code", xml, folder.appendingPathComponent("fake-input-protocol.c").path],
                     [compiler, "-O1", "-I", folder.path, "-o", program, source, folder.appendingPathComponent("fake-input-protocol.c").path,
                      "-lwayland-client"]] {
            let child = try Child(step, error: folder.appendingPathComponent("build.log").path)
            while child.isRunning { usleep(10_000) }
            guard child.status == 0 else {
                let log = (try? String(contentsOf: folder.appendingPathComponent("build.log"), encoding: .utf8)) ?? ""
                throw SwayError(message: "cannot build the KWin fake-input client (\(step[0])): \(log)")
            }
        }
        chmod(program, 0o755)
        fakeInput = program
        return program
    }
}
