import Foundation
import PlatformTestSupport
import TestSupport
import XCTest

/// A Wayland desktop for tests: a headless sway (no GPU, no display, no input devices) with
/// one 1280×800 output (or several side by side), a virtual pointer to click with, and a private D-Bus session bus (a
/// `ForeignDesktop` without an X window manager, whose helpers start and wait on clients).
///
/// sway refuses to run as root, so it runs as an ordinary user the test creates once
/// (`clavis-wayland`); clients run as root and reach it through the socket's full path.
/// Everything it starts is stopped by `tearDown()`.
final class HeadlessSway: TestCompositor, @unchecked Sendable {
    static let user = "clavis-wayland"
    let desktop: ForeignDesktop
    let size = (width: 1280, height: 800)
    /// The compositor's socket (a full path: WAYLAND_DISPLAY for clients).
    let socket: String
    private(set) var pointer: VirtualPointer!
    private var sway: Child?
    private let runtime: URL

    /// `outputs`: how many outputs (HEADLESS-1, HEADLESS-2…, left to right).
    init(outputs: Int = 1) throws {
        desktop = try ForeignDesktop(windowManager: false)
        try Self.createUser()
        runtime = desktop.folder.appendingPathComponent("sway-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        desktop.run(["chown", Self.user, runtime.path])
        // The test's temporary folder must be reachable for the compositor's user.
        chmod(desktop.folder.path, 0o755)
        chmod(runtime.path, 0o700)
        let config = desktop.folder.appendingPathComponent("sway.conf")
        let (width, height) = size
        let layout = (1...outputs).map { "output HEADLESS-\($0) resolution \(width)x\(height) position \(($0 - 1) * width) 0\n" }
        try Data(layout.joined().utf8).write(to: config)
        chmod(config.path, 0o644)
        socket = runtime.appendingPathComponent("wayland-1").path
        sway = try Child(["runuser", "-u", Self.user, "--", "env", "XDG_RUNTIME_DIR=\(runtime.path)", "WLR_BACKENDS=headless",
                          "WLR_HEADLESS_OUTPUTS=\(outputs)",
                          "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "sway", "-c", config.path],
                         output: desktop.folder.appendingPathComponent("sway.log").path,
                         error: desktop.folder.appendingPathComponent("sway.log").path)
        desktop.wait("sway's socket") { FileManager.default.fileExists(atPath: socket) }
        guard sway?.isRunning == true, FileManager.default.fileExists(atPath: socket) else {
            throw SwayError(message: "sway did not start: \(log)")
        }
        pointer = try VirtualPointer(display: socket, output: size)
        pointer.extent = (UInt32(size.width * outputs), UInt32(size.height))
    }

    func tearDown() {
        pointer = nil
        desktop.tearDown()
        sway?.stop()
    }

    /// Stops the compositor alone, as a crash of the session would.
    func stopCompositor() {
        sway?.stop()
    }

    /// What sway wrote.
    var log: String { (try? String(contentsOf: desktop.folder.appendingPathComponent("sway.log"), encoding: .utf8)) ?? "" }

    /// Runs `swaymsg` with these arguments and returns its output.
    @discardableResult
    func swaymsg(_ arguments: [String]) -> String {
        let ipc = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path))?.first { $0.hasPrefix("sway-ipc.") }
        return desktop.run(["runuser", "-u", Self.user, "--", "env", "SWAYSOCK=\(runtime.path)/\(ipc ?? "")", "swaymsg"] + arguments)
    }

    /// Clicks the keys with these ids from a keyboard's `--geometry-out` file, one after
    /// another, as a user would with the mouse.
    func click(_ ids: [String], on geometryFile: URL, file: StaticString = #filePath, line: UInt = #line) {
        for id in ids {
            var target: ExportedGeometry.Key?
            desktop.wait("key '\(id)' on screen", file: file, line: line) {
                target = ExportedGeometry.read(geometryFile)?.key(id)
                return target != nil
            }
            guard let key = target else { return }
            pointer.click(x: key.x + key.width / 2, y: key.y + key.height / 2)
            if ["numbers", "symbols", "letters", "digits"].contains(id) {
                desktop.wait("layer \(id)", file: file, line: line) { ExportedGeometry.read(geometryFile)?.layer == id }
            }
        }
    }

    /// The ordinary user sway runs as (created on first use).
    static func createUser() throws {
        guard getpwnam(user) == nil else { return }
        let useradd = try Child(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
        while useradd.isRunning { usleep(10_000) }
        guard getpwnam(user) != nil else { throw SwayError(message: "cannot create the user \(user) for sway") }
    }
}

struct SwayError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
