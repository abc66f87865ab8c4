import Foundation
import XCTest

/// IBus without GNOME, on the tests' X server: a desktop (openbox, a session bus), an
/// `ibus-daemon` whose component folder holds only Clavis's component file (its `<exec>`
/// naming the built binary, with `--geometry-out`), Clavis made the engine as `ibus engine
/// clavis` would after the user chose it, and GTK 3 clients that reach IBus through its GTK
/// module (`GTK_IM_MODULE=ibus`). The daemon starts Clavis itself, as on a user's desktop.
final class HeadlessIBus: @unchecked Sendable {
    let desktop: ForeignDesktop
    var geometry: URL { desktop.folder.appendingPathComponent("keys.json") }
    var keyboardLog: String { (try? String(contentsOf: desktop.folder.appendingPathComponent("clavis-stderr.txt"), encoding: .utf8)) ?? "" }
    var daemonLog: String { (try? String(contentsOf: desktop.folder.appendingPathComponent("ibus.log"), encoding: .utf8)) ?? "" }
    private var daemon: Child?
    private let components: URL

    /// Starts the daemon with Clavis as its engine: `clavis keyboard --ibus ARGUMENTS`, with
    /// `settings` as Clavis's settings file.
    init(keyboard arguments: [String] = ["--dock"], settings: String = "{\"suggestions\": false}") throws {
        desktop = try ForeignDesktop()
        components = desktop.folder.appendingPathComponent("components")
        try FileManager.default.createDirectory(at: components, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: desktop.folder.appendingPathComponent("clavis"), withIntermediateDirectories: true)
        try Data(settings.utf8).write(to: desktop.folder.appendingPathComponent("clavis/settings.json"))
        let script = desktop.folder.appendingPathComponent("clavis-ibus.sh")
        let quoted = ([GUI.clavis, "keyboard", "--ibus"] + arguments + ["--geometry-out", geometry.path]).map { "'\($0)'" }.joined(separator: " ")
        try Data("#!/bin/sh\nexec \(quoted) 2>>'\(desktop.folder.path)/clavis-stderr.txt'\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        // The installed component file, with its <exec> pointed at this build.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Resources/clavis-ibus.xml")
        let xml = try String(contentsOf: source, encoding: .utf8)
            .replacingOccurrences(of: "<exec>clavis keyboard --ibus --dock</exec>", with: "<exec>\(script.path)</exec>")
        try Data(xml.utf8).write(to: components.appendingPathComponent("clavis.xml"))
        try startDaemon()
        chooseClavis()
    }

    /// The environment of the daemon and every client: the private component folder, the
    /// daemon's cache of components (which outlives a daemon, and would start the component
    /// another desktop registered) and IBus's address file in the desktop's own folders.
    var environment: [String: String] {
        ["IBUS_COMPONENT_PATH": components.path, "XDG_CACHE_HOME": desktop.folder.path, "NO_AT_BRIDGE": "1"]
    }

    func startDaemon() throws {
        let log = desktop.folder.appendingPathComponent("ibus.log").path
        daemon = try desktop.start(["ibus-daemon", "--panel", "disable", "--config", "disable", "--verbose"],
                                   output: log, error: log, environment: environment)
        desktop.wait("ibus-daemon") { self.desktop.run(["ibus", "address"]).hasPrefix("unix:") }
    }

    /// Stops the daemon, as when GNOME Shell restarts it.
    func stopDaemon() {
        daemon?.stop()
        daemon = nil
    }

    /// Makes Clavis the engine (the daemon starts it the first time, which can outlast the
    /// `ibus` command's wait).
    func chooseClavis(file: StaticString = #filePath, line: UInt = #line) {
        desktop.wait("Clavis the IBus engine", seconds: 30, file: file, line: line) {
            if self.desktop.run(["ibus", "engine"]).hasPrefix("clavis") { return true }
            self.desktop.run(["ibus", "engine", "clavis"])
            return false
        }
    }

    func tearDown() {
        desktop.tearDown()
    }

    /// Starts the GTK entries of `purposes` (Helpers/ibus-entries.py) on IBus, and waits until
    /// the first has the focus.
    func startEntries(_ purposes: [String]) throws -> (Child, URL) {
        let output = desktop.folder.appendingPathComponent("entries-\(UUID()).txt")
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        let client = try desktop.start(["/usr/bin/python3", helper] + purposes, output: output.path,
                                       environment: environment.merging(["GTK_IM_MODULE": "ibus"]) { $1 })
        desktop.wait("the entries focused") { self.lines(of: output).contains("focus\t\(purposes[0])") }
        return (client, output)
    }

    /// The lines a client wrote.
    func lines(of output: URL) -> [String] {
        ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Clicks Clavis's keys, checking the entries keep the focus.
    func click(_ ids: [String], file: StaticString = #filePath, line: UInt = #line) {
        desktop.click(ids, on: geometry, focusStaysOn: "entries", file: file, line: line)
    }

    /// Clavis's process id, as the daemon started it.
    var keyboardProcess: String {
        desktop.run(["pgrep", "-f", "clavis keyboard --ibus"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
