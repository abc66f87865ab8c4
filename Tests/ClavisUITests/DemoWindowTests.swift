import ClavisEngine
import ClavisLayout
import ClavisUI
import GtkKit
import XCTest

/// The foundation's end-to-end path: real X clicks on keys reach the focused GtkEntry.
final class DemoWindowTests: XCTestCase {
    nonisolated(unsafe) private var fixture: DemoFixture?

    override func setUpWithError() throws {
        fixture = try MainActor.assumeIsolated { try DemoFixture() }
    }

    override func tearDown() {
        let fixture = fixture
        MainActor.assumeIsolated { fixture?.close() }
        self.fixture = nil
    }

    /// Runs a test body on the main actor with the open demo window.
    private func run(_ body: @escaping @MainActor @Sendable (DemoFixture) -> Void) {
        guard let fixture else { return XCTFail("no demo window") }
        MainActor.assumeIsolated { body(fixture) }
    }

    func testClickingKeysTypesIntoTheFocusedField() {
        run { f in
            XCTAssertEqual(f.demo.form.focusedField, "firstName")
            for key in ["h", "i", "space", "numbers", "7", "letters", "o"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "firstName"), "hi 7o")
            XCTAssertEqual(f.demo.text(of: "lastName"), "")
        }
    }

    func testShiftTypesACapitalThenLowerCase() {
        run { f in
            for key in ["shift", "a", "d", "a"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "firstName"), "Ada")
        }
    }

    func testBackspaceDeletesTheLastCharacter() {
        run { f in
            for key in ["a", "b", "backspace"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "firstName"), "a")
        }
    }

    func testReturnMovesToTheNextFieldAndDoneHidesTheKeyboard() {
        run { f in
            f.click("a")
            f.click("return")
            XCTAssertEqual(f.demo.form.focusedField, "lastName")
            XCTAssertEqual(f.focusedEntryName, "lastName")
            f.click("b")
            XCTAssertEqual(f.demo.text(of: "lastName"), "b")
            XCTAssertEqual(f.returnKeyLabel(), "Next")
            f.click("return")
            XCTAssertEqual(f.focusedEntryName, "email")
            XCTAssertEqual(f.returnKeyLabel(), "Done")
            f.click("return")
            XCTAssertNil(f.demo.form.focusedField)
            XCTAssertNil(f.focusedEntryName)
            XCTAssertFalse(f.demo.isKeyboardShown)
            XCTAssertEqual(f.demo.text(of: "firstName"), "a")
        }
    }

    func testTheKeyboardNeverTakesFocusFromTheField() {
        run { f in
            XCTAssertEqual(gtk_widget_get_can_focus(f.demo.keyboard.widget), 0)
            f.click("x")
            f.click("shift")
            XCTAssertEqual(f.focusedEntryName, "firstName")
        }
    }

    func testClickingAFieldMovesTheModelsFocus() {
        run { f in
            let email: UnsafeMutablePointer<GtkWidget> = gtkCast(f.demo.entries["email"]!)
            GUI.click(email, x: 20, y: 10)
            XCTAssertEqual(f.demo.form.focusedField, "email")
            f.click("z")
            XCTAssertEqual(f.demo.text(of: "email"), "z")
        }
    }

    func testAClickInTheGapBetweenKeysTypesTheNearestKey() {
        run { f in
            let q = f.demo.keyboard.geometry.frame(ofKey: "q")!
            // The right edge of q's frame is inside the drawn gap between q and w.
            GUI.click(f.demo.keyboard.widget, x: q.maxX - 1, y: q.midY)
            XCTAssertEqual(f.demo.text(of: "firstName"), "q")
        }
    }
}

extension DemoWindowTests {
    func testTheGlobeKeyCyclesTheEnabledKeyboards() {
        run { f in
            XCTAssertEqual(f.demo.keyboard.controller.layout.id, "us")
            f.click("globe")
            XCTAssertEqual(f.demo.keyboard.controller.layout.id, "numpad")
            f.click("4")
            f.click("globe")
            XCTAssertEqual(f.demo.keyboard.controller.layout.id, "us")
            f.click("z")
            XCTAssertEqual(f.demo.text(of: "firstName"), "4z")
        }
    }

    func testTheDismissKeyHidesTheKeyboard() {
        run { f in
            // The demo window is landscape, where the US layout has a dismiss key.
            f.click("dismiss")
            XCTAssertNil(f.demo.form.focusedField)
            XCTAssertFalse(f.demo.isKeyboardShown)
        }
    }
}

/// The demo window, shown with its keyboard slid in, and the clicks a test makes on it.
@MainActor
final class DemoFixture {
    let demo: DemoWindow

    init() throws {
        try GUI.start()
        demo = DemoWindow(layouts: [try LayoutLibrary().load("us"), try LayoutLibrary().load("numpad")])
        demo.present()
        let keyboard = demo.keyboard
        GUI.wait("the keyboard to be shown and laid out") {
            gtk_widget_get_mapped(keyboard.widget) != 0 && keyboard.geometry.width > 0
        }
        GUI.settle(seconds: 0.3)  // the slide-in animation
    }

    func close() {
        gtk_widget_destroy(demo.window)
        GUI.settle()
    }

    /// Clicks the middle of a key with a real X pointer event.
    func click(_ keyID: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let frame = demo.keyboard.geometry.frame(ofKey: keyID) else {
            return XCTFail("no key '\(keyID)'", file: file, line: line)
        }
        GUI.click(demo.keyboard.widget, x: frame.midX, y: frame.midY, file: file, line: line)
    }

    /// The GtkWidget name of the window's focus widget (the field id for entries).
    var focusedEntryName: String? {
        guard let focus = gtk_window_get_focus(gtkCast(demo.window)) else { return nil }
        return gtkString(gtk_widget_get_name(focus))
    }

    func returnKeyLabel() -> String {
        let controller = demo.keyboard.controller
        return controller.label(for: controller.layout.key("return")!)
    }
}
