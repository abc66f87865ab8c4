import Foundation
import XCTest

/// A small desktop for typing into other applications: a window manager (openbox), a
/// private D-Bus session bus, and helpers to start clients, read what they received and
/// click Clavis keys from its `--geometry-out` file.
///
/// Everything it starts is stopped by `tearDown()`, so the X server is left as it was for
/// the tests after it.
/// Used from the test method's thread only (the main thread, where GTK tests run).
final class ForeignDesktop: @unchecked Sendable {
    let folder: URL
    let bus: String
    private var children: [Child] = []

    /// A desktop with openbox, or with no window manager at all (focus then moves only by
    /// `xdotool windowfocus`).
    init(windowManager: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-foreign-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        bus = "unix:path=\(socket)"
        children.append(try Child(["dbus-daemon", "--session", "--nofork", "--address=\(bus)"]))
        wait("the session bus") { FileManager.default.fileExists(atPath: socket) }
        if windowManager {
            // The previous desktop's openbox may have left its mark on the root window: clear
            // it, so the wait below sees this one ready (windows mapped before it manages the
            // screen are adopted without the focus).
            run(["xprop", "-root", "-remove", "_NET_SUPPORTING_WM_CHECK"])
            let log = folder.appendingPathComponent("openbox.txt")
            children.append(try Child(["openbox", "--sm-disable", "--replace"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus],
                                      error: log.path))
            wait("the window manager", detail: { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }) {
                run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"]).contains("window id")
            }
        }
    }

    func tearDown() {
        for child in children.reversed() { child.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment every client gets: the private bus, UTF-8, settings of its own.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": bus, "LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path]
    }

    /// Starts a client that runs until the desktop is torn down (or `stop()`).
    @discardableResult
    func start(_ arguments: [String], output: String = "/dev/null", error: String? = nil,
               environment changes: [String: String] = [:]) throws -> Child {
        let child = try Child(arguments, environment: environment.merging(changes) { $1 }, output: output,
                              error: error ?? folder.appendingPathComponent("stderr.txt").path)
        children.append(child)
        return child
    }

    /// Runs a command to its end and returns its standard output.
    @discardableResult
    func run(_ arguments: [String], status: UnsafeMutablePointer<Int32>? = nil) -> String {
        let output = folder.appendingPathComponent("run-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        guard let child = try? Child(arguments, environment: environment, output: output.path,
                                     error: folder.appendingPathComponent("stderr.txt").path) else {
            XCTFail("cannot run \(arguments[0])")
            return ""
        }
        wait(arguments.joined(separator: " "), seconds: 20) { !child.isRunning }
        status?.pointee = child.status.map { ($0 >> 8) & 0xFF } ?? -1
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// What the commands run here wrote to standard error.
    var errors: String {
        (try? String(contentsOf: folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? ""
    }

    /// The name of the window that has the keyboard focus.
    var focusedWindowName: String {
        run(["xdotool", "getwindowfocus", "getwindowname"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The server's keymap, as xmodmap lists it.
    var keymap: String { run(["xmodmap", "-pke"]) }

    /// Waits (the clients are other processes: no main loop needed) until `condition` holds.
    /// On a timeout, the failure says `detail()` too (what was there instead).
    func wait(_ what: String, seconds: Double = 30, detail: () -> String = { "" }, file: StaticString = #filePath,
              line: UInt = #line, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline {
                let found = detail()
                return XCTFail("timed out waiting for \(what)\(found.isEmpty ? "" : ": \(found)")", file: file, line: line)
            }
            usleep(50_000)
        }
    }
}

/// The keys of a running Clavis, read from its `--geometry-out` file (AppProcessTests, TypingIntoAppsTests).
struct ExportedGeometry: Decodable {
    struct Key: Decodable { var id, label: String; var x, y, width, height: Int }
    struct Slot: Decodable { var text: String; var x, y, width, height: Int }
    struct Field: Decodable { var keyboardType: String; var secure: Bool }
    struct Scan: Decodable, Equatable { var mode: String; var highlighted: [String]; var slots: [Int]; var group, back, held: Bool }
    struct Frame: Decodable { var x, y, width, height: Int }
    struct Dwell: Decodable { var paused, longPress: Bool; var pause, hold: Frame }
    var visible: Bool
    var scan: Scan?
    var dwell: Dwell?
    var field: Field?
    var keyboard, orientation, layer: String
    var keys: [Key]
    var suggestions: [Slot]

    func key(_ id: String) -> Key? { keys.first { $0.id == id } }

    static func read(_ url: URL) -> ExportedGeometry? {
        (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(ExportedGeometry.self, from: $0) }
    }
}

extension ForeignDesktop {
    /// Clicks the keys with these ids, one after another, as a user would with the mouse:
    /// a layer key is followed by a wait until that layer shows. With `focusStaysOn`, checks
    /// after every click that the window of that name still has the keyboard focus.
    func click(_ ids: [String], on geometryFile: URL, focusStaysOn focused: String? = nil,
               file: StaticString = #filePath, line: UInt = #line) {
        for id in ids {
            var target: ExportedGeometry.Key?
            wait("key '\(id)' on screen", file: file, line: line) {
                target = ExportedGeometry.read(geometryFile)?.key(id)
                return target != nil
            }
            guard let key = target else { return }
            run(["xdotool", "mousemove", "\(key.x + key.width / 2)", "\(key.y + key.height / 2)", "click", "1"])
            if let focused {
                XCTAssertEqual(focusedWindowName, focused, "the focus moved on clicking '\(id)'", file: file, line: line)
            }
            if ["numbers", "symbols", "letters", "digits"].contains(id) {
                wait("layer \(id)", file: file, line: line) { ExportedGeometry.read(geometryFile)?.layer == id }
            }
        }
    }
}
