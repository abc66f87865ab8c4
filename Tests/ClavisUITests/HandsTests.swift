import ClavisLayout
import ClavisUI
import GtkKit
import XCTest

/// One-handed and split in the demo, with real X clicks: chosen from the globe key's list,
/// typed on, the one-handed strip's keys moving and leaving the block.
final class HandsTests: DemoWindowTestCase {
    /// Holds the globe key and clicks the list's item named `name`.
    @MainActor
    private static func choose(_ name: String, in f: DemoFixture, file: StaticString = #filePath, line: UInt = #line) {
        guard let globe = f.demo.keyboard.geometry.frame(ofKey: "globe") else { return XCTFail("no globe key", file: file, line: line) }
        let (x, y) = GUI.rootPoint(f.demo.keyboard.widget, x: globe.midX, y: globe.midY)
        GUI.xdotool(["mousemove", "\(x)", "\(y)", "mousedown", "1", "sleep", "0.8", "mouseup", "1", "sleep", "0.3"])
        guard let menu = f.demo.keyboard.keyboardList else { return XCTFail("no list after holding the globe", file: file, line: line) }
        if !GUI.clickMenuItem(name, in: menu, file: file, line: line) {
            XCTFail("no item '\(name)' in the globe's list", file: file, line: line)
        }
    }

    func testTheGlobesListMakesItOneHandedAndTheStripMovesThenLeavesTheBlock() {
        run { f in
            Self.choose("hands-left", in: f)
            GUI.wait("one-handed, at the left") { f.demo.keyboard.geometry.frame(ofKey: "hands-right") != nil }
            let geometry = f.demo.keyboard.geometry
            XCTAssertLessThanOrEqual(geometry.frame(ofKey: "p")!.maxX, geometry.width * 0.8 + 1, "the keys in the left 80 %")
            f.click("h")
            f.click("i")
            f.click("hands-right")
            GUI.wait("at the right edge") { f.demo.keyboard.geometry.frame(ofKey: "hands-left") != nil }
            XCTAssertGreaterThanOrEqual(f.demo.keyboard.geometry.frame(ofKey: "q")!.x, geometry.width * 0.2 - 1)
            f.click("o")
            f.click("hands-both")
            GUI.wait("both hands again") { f.demo.keyboard.geometry.frame(ofKey: "hands-left") == nil }
            f.click("m")
            XCTAssertEqual(f.demo.text(of: "firstName"), "Hiom")
            XCTAssertEqual(f.demo.keyboard.session.hands.placement.mode, .both)
        }
    }

    /// The demo window is wider than tall, so split opens the letter rows in the middle.
    func testSplitOpensTheLettersInTheMiddleAndBothHalvesType() {
        run { f in
            Self.choose("hands-split", in: f)
            GUI.wait("split") { f.demo.keyboard.session.hands.placement.mode == .split }
            let geometry = f.demo.keyboard.geometry
            let t = geometry.frame(ofKey: "t")!, y = geometry.frame(ofKey: "y")!
            XCTAssertEqual(y.x - t.maxX, (geometry.width * 0.3).rounded(), accuracy: 1, "a gap of 30 % between the halves")
            f.click("t")
            f.click("y")
            XCTAssertEqual(f.demo.text(of: "firstName"), "Ty")
        }
    }
}
