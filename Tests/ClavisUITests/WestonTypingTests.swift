import Foundation
import XCTest

/// `clavis keyboard` as Weston's input method: Weston (its X11 backend, a window on the test's
/// X server, so xdotool's pointer is Weston's pointer) starts Clavis from `[input-method]` in
/// weston.ini with `WAYLAND_SOCKET`, as KWin does; weston-editor speaks text-input v1. What the
/// editor received is read from its own protocol log (`WAYLAND_DEBUG`), since it prints nothing.
final class WestonTypingTests: XCTestCase {
    var desktop: ForeignDesktop!
    let clavis = GUI.clavis

    override func setUpWithError() throws {
        try GUI.requireDisplay()
        desktop = try ForeignDesktop(windowManager: false)
    }

    override func tearDown() {
        if let desktop, (testRun?.failureCount ?? 0) > 0 {
            for name in ["weston.log", "clavis-stderr.txt", "editor.txt", "keys.json"] {
                print("\(name):\n\((try? String(contentsOf: desktop.folder.appendingPathComponent(name), encoding: .utf8))?.suffix(2000) ?? "")")
            }
        }
        desktop?.tearDown()
    }

    func testWestonStartsItAndItTypesIntoATextInputV1Client() throws {
        let folder = desktop.folder
        let geometry = folder.appendingPathComponent("keys.json")
        let runtime = folder.appendingPathComponent("weston-runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let settings = folder.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"suggestions\": false}".utf8).write(to: settings)
        // Weston runs the path with no arguments: a script holds them.
        let script = folder.appendingPathComponent("clavis-keyboard.sh")
        try Data("#!/bin/sh\nexec '\(clavis)' keyboard --dock --geometry-out '\(geometry.path)' 2>>'\(folder.path)/clavis-stderr.txt'\n".utf8)
            .write(to: script)
        chmod(script.path, 0o755)
        let ini = folder.appendingPathComponent("weston.ini")
        try Data("[core]\nshell=desktop-shell.so\n[shell]\npanel-position=none\n[input-method]\npath=\(script.path)\n".utf8).write(to: ini)
        let log = folder.appendingPathComponent("weston.log").path
        _ = try desktop.start(["weston", "--backend=x11-backend.so", "--width=1024", "--height=768", "--config=\(ini.path)",
                               "--socket=weston-test"], output: log, error: log, environment: ["XDG_RUNTIME_DIR": runtime.path])
        let socket = runtime.appendingPathComponent("weston-test").path
        desktop.wait("Weston's socket") { FileManager.default.fileExists(atPath: socket) }
        desktop.wait("Weston started Clavis") { ExportedGeometry.read(geometry) != nil }

        let editorLog = folder.appendingPathComponent("editor.txt")
        _ = try desktop.start(["weston-editor"], error: editorLog.path,
                              environment: ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DEBUG": "client"])
        // Weston puts the window anywhere on the output, fading it in: find it (the white of
        // its page, the same in two screenshots) and click into its first entry.
        var frame: [Int] = []
        var previous: [Int] = []
        desktop.wait("the editor's window") {
            previous = frame
            let shot = folder.appendingPathComponent("shot.png").path
            desktop.run(["import", "-window", "root", shot])
            // The largest white area: the editor's page (Weston also draws its pointer, white).
            let components = desktop.run(["convert", shot, "-crop", "1024x768+0+0", "+repage", "-fuzz", "1%", "-fill", "black",
                                          "+opaque", "white", "-define", "connected-components:verbose=true",
                                          "-connected-components", "4", "null:"])
            frame = Self.largestWhiteArea(components)
            return frame.count == 4 && frame[2] > 200 && frame[3] > 150 && frame == previous
        }
        guard frame.count == 4 else { return }
        // Weston's X11 window takes the pointer when it enters the window (the pointer starts
        // inside it, where Weston never saw it come in): from outside, in, a moment, then the
        // click (again, as a user would, if it came too soon).
        let shown = {
            let exported = ExportedGeometry.read(geometry)
            return exported?.visible == true && exported?.field != nil
        }
        for _ in 0..<3 where !shown() {
            desktop.run(["xdotool", "mousemove", "1270", "1010"])
            Thread.sleep(forTimeInterval: 0.2)
            desktop.run(["xdotool", "mousemove", "\(frame[0] + frame[2] / 2)", "\(frame[1] + frame[3] / 6)"])
            Thread.sleep(forTimeInterval: 0.3)
            desktop.run(["xdotool", "click", "1"])
            let deadline = Date().addingTimeInterval(3)
            while !shown() && Date() < deadline { usleep(50_000) }
        }
        XCTAssertTrue(shown(), "the keyboard shown for the entry (clicked at \(frame[0] + frame[2] / 2), \(frame[1] + frame[3] / 6) in \(frame))")
        // The panel may still be sliding in.
        Thread.sleep(forTimeInterval: 0.5)
        desktop.click(["h", "i", "backspace", "e", "y"], on: geometry)
        let received = { (try? String(contentsOf: editorLog, encoding: .utf8)) ?? "" }
        desktop.wait("the editor to receive what was typed") { received().contains("commit_string(") && received().contains("\"y\")") }
        let commits = received().split(separator: "\n").filter { $0.contains("zwp_text_input_v1") && $0.contains(".commit_string(") }
        // The text of each commit (an empty one follows the deletion, which v1 applies with it).
        XCTAssertEqual(commits.compactMap { $0.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init) }
                           .filter { !$0.isEmpty },
                       ["h", "i", "e", "y"], commits.joined(separator: " | "))
        XCTAssertTrue(received().contains(".delete_surrounding_text(-1, 1)"), "Backspace deleted the i before the caret")
    }

    /// x, y, width, height of the largest white component ImageMagick lists
    /// (`  32: 424x303+221+289 433.5,439.8 127606 srgb(100%,100%,100%)`), if one is page-sized.
    static func largestWhiteArea(_ listing: String) -> [Int] {
        var best: (area: Int, frame: [Int]) = (0, [])
        for line in listing.split(separator: "\n") where line.contains("srgb(100%,100%,100%)") || line.contains("srgb(255,255,255)") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let area = Int(fields[3]) else { continue }
            let box = fields[1].split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
            if box.count == 4, area > best.area { best = (area, [box[2], box[3], box[0], box[1]]) }
        }
        return best.frame.count == 4 && best.frame[2] > 200 && best.frame[3] > 150 ? best.frame : []
    }
}
