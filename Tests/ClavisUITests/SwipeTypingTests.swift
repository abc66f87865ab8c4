import Foundation
import XCTest

/// Swipe typing in the real demo: xdotool holds the mouse button down on h and drags it
/// through e, l and o, as a user would; the field then holds the word.
final class SwipeTypingTests: XCTestCase {
    func testAMouseDragAcrossTheLettersTypesTheWord() throws {
        try GUI.requireDisplay()
        let desktop = try ForeignDesktop(windowManager: false)
        defer { desktop.tearDown() }
        let geometry = desktop.folder.appendingPathComponent("keys.json")
        let clavis = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("clavis").path
        try desktop.start([clavis, "--layout", "us", "--geometry-out", geometry.path], environment: ["NO_AT_BRIDGE": "0"])
        desktop.wait("the keyboard on screen") { ExportedGeometry.read(geometry)?.key("h") != nil }
        let keys = try XCTUnwrap(ExportedGeometry.read(geometry))
        func centre(_ id: String) throws -> (Int, Int) {
            let key = try XCTUnwrap(keys.key(id))
            return (key.x + key.width / 2, key.y + key.height / 2)
        }
        let path = try ["h", "e", "l", "o"].map(centre)
        var arguments = ["xdotool", "mousemove", "\(path[0].0)", "\(path[0].1)", "mousedown", "1"]
        for (a, b) in zip(path, path.dropFirst()) {
            for step in 1...6 {
                let x = a.0 + (b.0 - a.0) * step / 6, y = a.1 + (b.1 - a.1) * step / 6
                arguments += ["sleep", "0.015", "mousemove", "\(x)", "\(y)"]
            }
        }
        arguments += ["mouseup", "1"]
        desktop.run(arguments)
        desktop.wait("the word in the field") { desktop.demoField("First name") == "Hello " }
        XCTAssertEqual(desktop.demoField("First name"), "Hello ", "capitalised: the first name starts a sentence")
    }
}
