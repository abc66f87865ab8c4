import ClavisUI
import GtkKit
import XCTest

/// Space moves the caret in the demo: real X pointer drags along the space bar, the entry's
/// caret and selection read back from GTK.
final class SpaceBarCaretTests: DemoWindowTestCase {
    /// Puts `text` in the first field, the caret at its end.
    @MainActor
    private static func fill(_ f: DemoFixture, _ text: String) -> OpaquePointer {
        let entry = f.demo.entries["firstName"]!
        gtk_entry_set_text(entry, text)
        gtk_editable_set_position(OpaquePointer(entry), -1)
        GUI.settle()
        return OpaquePointer(entry)
    }

    /// Presses on Space's centre, moves the pointer sideways by each of `offsets` key widths
    /// in turn, `pause` seconds apart, and lets go. The default is a careful slide (at most 3
    /// key widths a second), which the caret follows one to one; faster, it accelerates.
    @MainActor
    private static func drag(_ f: DemoFixture, _ offsets: [Double], pause: Double = 0.2) {
        let geometry = f.demo.keyboard.geometry
        guard let space = geometry.frame(ofKey: "space") else { return XCTFail("no space bar") }
        let key = geometry.letterKeys.keyWidth
        let (x, y) = GUI.rootPoint(f.demo.keyboard.widget, x: space.midX, y: space.midY)
        var steps = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
        for offset in offsets {
            steps += ["sleep", "\(pause)", "mousemove", "\(x + Int((offset * key).rounded()))", "\(y)"]
        }
        steps += ["sleep", "0.03", "mouseup", "1"]
        GUI.xdotool(steps)
    }

    func testADragAlongSpaceMovesTheCaretAndTypesNoSpace() {
        run { f in
            let entry = Self.fill(f, "Hello world")
            // 0.4 key widths a character (the default step): 2.1 widths left is five.
            Self.drag(f, [-0.3, -0.6, -1.0, -1.6, -2.1])
            GUI.wait("the caret five characters left") { gtk_editable_get_position(entry) == 6 }
            GUI.settle(seconds: 0.1)
            XCTAssertEqual(f.demo.text(of: "firstName"), "Hello world", "no space typed")
            XCTAssertEqual(gtk_editable_get_position(entry), 6)
            // Then back right by a whole key width: two characters.
            Self.drag(f, [0.3, 0.6, 0.9])
            GUI.wait("two characters right") { gtk_editable_get_position(entry) == 8 }
            f.click("x")
            GUI.wait("a letter typed at the caret") { f.demo.text(of: "firstName") == "Hello woxrld" }
        }
    }

    /// The same slide made as a flick, 10 ms a move, goes farther: the acceleration.
    func testAFlickMovesTheCaretFartherThanASlowSlide() {
        run { f in
            let entry = Self.fill(f, "Hello wonderful world")
            Self.drag(f, [-0.3, -0.6, -1.0, -1.6, -2.1], pause: 0.01)
            GUI.wait("the caret well past five characters") { gtk_editable_get_position(entry) < 21 - 10 }
            XCTAssertEqual(f.demo.text(of: "firstName"), "Hello wonderful world", "no space typed")
        }
    }

    func testWithShiftLatchedTheDragSelects() {
        run { f in
            let entry = Self.fill(f, "Hello world")
            f.click("shift")
            Self.drag(f, [-0.3, -0.6, -1.0, -1.6, -2.1])
            var start: Int32 = 0, end: Int32 = 0
            GUI.wait("\"world\" selected") {
                gtk_editable_get_selection_bounds(entry, &start, &end) != 0 && min(start, end) == 6 && max(start, end) == 11
            }
            XCTAssertEqual(gtk_editable_get_position(entry), 6, "the caret is the selection's moving end")
            XCTAssertEqual(f.demo.text(of: "firstName"), "Hello world")
        }
    }
}
