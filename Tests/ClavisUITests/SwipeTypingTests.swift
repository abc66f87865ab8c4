import Foundation
import GtkKit
import XCTest

/// Swipe typing as a user does it with the mouse: xdotool holds the button down on h and
/// drags it through e, l and o; the demo's field, or another program, then holds the word.
final class SwipeTypingTests: XCTestCase {
    let clavis = GUI.clavis

    func testAMouseDragAcrossTheLettersTypesTheWord() throws {
        try GUI.requireDisplay()
        let desktop = try ForeignDesktop(windowManager: false)
        defer { desktop.tearDown() }
        let geometry = desktop.folder.appendingPathComponent("keys.json")
        try desktop.start([clavis, "--layout", "us", "--geometry-out", geometry.path], environment: ["NO_AT_BRIDGE": "0"])
        desktop.wait("the keyboard on screen") { ExportedGeometry.read(geometry)?.key("h") != nil }
        desktop.run(try Self.drag(through: ["h", "e", "l", "o"], in: geometry))
        desktop.wait("the word in the field") { desktop.demoField("First name") == "Hello " }
        XCTAssertEqual(desktop.demoField("First name"), "Hello ", "capitalised: the first name starts a sentence")
    }
}

extension SwipeTypingTests {
    /// The centres of `ids` on the screen, from a keyboard's `--geometry-out` file.
    static func centres(_ ids: [String], in geometry: URL) throws -> [(Int, Int)] {
        let keys = try XCTUnwrap(ExportedGeometry.read(geometry))
        return try ids.map { id in
            let key = try XCTUnwrap(keys.key(id), "no key \(id)")
            return (key.x + key.width / 2, key.y + key.height / 2)
        }
    }

    /// An xdotool command that holds the mouse button down on the first key and drags it
    /// through the others' centres, in small steps as a hand would, then lets go.
    static func drag(through ids: [String], in geometry: URL) throws -> [String] {
        let path = try centres(ids, in: geometry)
        var arguments = ["xdotool", "mousemove", "\(path[0].0)", "\(path[0].1)", "mousedown", "1"]
        for (a, b) in zip(path, path.dropFirst()) {
            for step in 1...6 {
                arguments += ["sleep", "0.015", "mousemove", "\(a.0 + (b.0 - a.0) * step / 6)", "\(a.1 + (b.1 - a.1) * step / 6)"]
            }
        }
        return arguments + ["mouseup", "1"]
    }

    /// `clavis keyboard` typing a swiped word into another program: an xterm whose `cat`
    /// writes what it receives to a file (non-canonical mode: no Return needed).
    func testAMouseDragTypesIntoAnXtermThroughTheKeyboard() throws {
        try GUI.requireDisplay()
        let desktop = try ForeignDesktop(windowManager: true)
        defer { desktop.tearDown() }
        let geometry = desktop.folder.appendingPathComponent("keys.json")
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        try desktop.start(["xterm", "-T", "cat-target", "-e", "sh", "-c", "stty -icanon; exec cat > '\(received.path)'"])
        desktop.wait("the xterm to have the focus") { desktop.focusedWindowName == "cat-target" }
        try desktop.start([clavis, "keyboard", "--layout", "us", "--geometry-out", geometry.path])
        desktop.wait("the keyboard on screen") { ExportedGeometry.read(geometry)?.key("h") != nil }
        desktop.run(try Self.drag(through: ["h", "e", "l", "o"], in: geometry))
        let read = { (try? String(contentsOf: received, encoding: .utf8)) ?? "" }
        desktop.wait("the word in the xterm") { read().lowercased() == "hello " }
        XCTAssertEqual(read().lowercased(), "hello ", "the word and its space")
        XCTAssertEqual(desktop.focusedWindowName, "cat-target", "the drag left the focus in the xterm")
    }
}

/// A swipe with a finger: synthetic touch events (X cannot make them) along h-e-l-o in the
/// demo, delivered to the keyboard widget as GTK's own gesture tests deliver them.
final class SwipeTouchTests: DemoWindowTestCase {
    func testATouchStrokeAcrossTheLettersTypesTheWord() {
        run { f in
            let area = f.demo.keyboard.widget
            let centres = ["h", "e", "l", "o"].map { f.demo.keyboard.geometry.frame(ofKey: $0)! }
            GUI.touch(area, GDK_TOUCH_BEGIN, sequence: 1, x: centres[0].midX, y: centres[0].midY)
            for (a, b) in zip(centres, centres.dropFirst()) {
                for step in 1...6 {
                    let t = Double(step) / 6
                    GUI.touch(area, GDK_TOUCH_UPDATE, sequence: 1, x: a.midX + t * (b.midX - a.midX), y: a.midY + t * (b.midY - a.midY))
                }
            }
            XCTAssertNotNil(f.demo.keyboard.session.scene.trail, "the trail follows the finger")
            XCTAssertEqual(f.demo.text(of: "firstName"), "", "nothing is typed before the finger lifts")
            GUI.touch(area, GDK_TOUCH_END, sequence: 1, x: centres[3].midX, y: centres[3].midY)
            XCTAssertEqual(f.demo.text(of: "firstName"), "Hello ")
            XCTAssertNil(f.demo.keyboard.session.scene.trail)
        }
    }
}
