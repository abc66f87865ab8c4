import Foundation
import XCTest

/// `clavis keyboard` as Weston's input method: Weston (its X11 backend, a window on the test's
/// X server, so xdotool's pointer is Weston's pointer) starts Clavis from `[input-method]` in
/// weston.ini with `WAYLAND_SOCKET`, as KWin does; weston-editor speaks text-input v1. What the
/// editor received is read from its own protocol log (`WAYLAND_DEBUG`), since it prints nothing.
final class WestonTypingTests: XCTestCase {
    var desktop: ForeignDesktop!
    let clavis = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("clavis").path

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
            // Weston draws its own pointer at the output's top-left corner until it moves: left out.
            frame = desktop.run(["convert", shot, "-crop", "984x728+40+40", "+repage", "-fuzz", "1%", "-fill", "black", "+opaque", "white",
                                 "-trim", "-format", "%X %Y %w %h", "info:"])
                .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "+", with: "")) }
            if frame.count == 4 { frame[0] += 40; frame[1] += 40 }
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
            desktop.run(["xdotool", "mousemove", "\(frame[0] + frame[2] / 2)", "\(frame[1] + frame[3] / 4)"])
            Thread.sleep(forTimeInterval: 0.3)
            desktop.run(["xdotool", "click", "1"])
            let deadline = Date().addingTimeInterval(3)
            while !shown() && Date() < deadline { usleep(50_000) }
        }
        XCTAssertTrue(shown(), "the keyboard shown for the entry (clicked at \(frame[0] + frame[2] / 2), \(frame[1] + frame[3] / 4) in \(frame))")
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
}
