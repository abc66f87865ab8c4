import ClavisEngine
import ClavisDemoForm
import ClavisLayout
import ClavisSession
import ClavisUI
import GtkKit
import XCTest

/// Docked and floating: the keyboard moves into a window that never takes focus, keeps
/// typing into the form, and the observer tells the form how much room to make.
final class FloatingKeyboardTests: XCTestCase {
    func testFloatingKeepsTypingIntoTheFormAndAnnouncesNoHeight() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("us"), try LayoutLibrary().load("numpad")]))
            defer {
                if let panel = demo.floatingWindow { gtk_widget_destroy(panel) }
                gtk_widget_destroy(demo.window)
            }
            var changes: [KeyboardFrameChange] = []
            demo.observer.subscribe { changes.append($0) }
            demo.present()
            GUI.wait("the docked keyboard") { demo.keyboard.geometry.width > 0 && gtk_widget_get_mapped(demo.keyboard.widget) != 0 }
            // There from the first frame: the window appearing makes room at once.
            XCTAssertEqual(changes.last, KeyboardFrameChange(height: 240, duration: 0, isFloating: false))

            gtk_toggle_button_set_active(gtkCast(demo.floatToggle), 1)
            let panel = try XCTUnwrap(demo.floatingWindow)
            XCTAssertEqual(gtk_window_get_accept_focus(gtkCast(panel)), 0, "a floating keyboard must never take focus")
            XCTAssertEqual(gtk_window_get_type_hint(gtkCast(panel)), GDK_WINDOW_TYPE_HINT_UTILITY)
            XCTAssertTrue(UnsafeMutableRawPointer(gtk_widget_get_toplevel(demo.keyboard.widget)) == UnsafeMutableRawPointer(panel))
            XCTAssertEqual(changes.last, KeyboardFrameChange(height: 0, duration: 0, isFloating: true))
            GUI.wait("the floating keyboard") { gtk_widget_get_mapped(demo.keyboard.widget) != 0 && demo.keyboard.geometry.width > 0 }
            GUI.settle(seconds: 0.2)

            // Below the focused field, never over it; and off the field the focus moves to.
            @MainActor func frames() -> (panel: GdkRectangle, field: GdkRectangle)? {
                guard let id = demo.form.focusedField, let entry = demo.entries[id], let fieldWindow = gtk_widget_get_window(gtkCast(entry)),
                      let panelWindow = gtk_widget_get_window(panel) else { return nil }
                var origin = (x: Int32(0), y: Int32(0))
                gdk_window_get_origin(fieldWindow, &origin.x, &origin.y)
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(gtkCast(entry), &allocation)
                var panelFrame = GdkRectangle()
                gdk_window_get_frame_extents(panelWindow, &panelFrame)
                return (panelFrame, GdkRectangle(x: origin.x + allocation.x, y: origin.y + allocation.y, width: allocation.width, height: allocation.height))
            }
            for field in ["firstName", "password"] {
                demo.form.focus(field)
                GUI.settle(seconds: 0.3)
                guard var (panelFrame, fieldFrame) = frames() else { return XCTFail("no frames") }
                var overlap = GdkRectangle()
                XCTAssertEqual(gdk_rectangle_intersect(&panelFrame, &fieldFrame, &overlap), 0,
                               "the floating keyboard \(panelFrame) covers \(field) \(fieldFrame)")
            }
            demo.form.focus("firstName")
            GUI.settle(seconds: 0.2)

            let h = try XCTUnwrap(demo.keyboard.geometry.frame(ofKey: "h"))
            GUI.click(demo.keyboard.widget, x: h.midX, y: h.midY)
            XCTAssertEqual(demo.text(of: "firstName"), "H")
            XCTAssertEqual(demo.form.focusedField, "firstName")

            demo.setFloating(false)
            XCTAssertNil(demo.floatingWindow)
            XCTAssertEqual(gtk_toggle_button_get_active(gtkCast(demo.floatToggle)), 0)
            XCTAssertEqual(changes.last?.isFloating, false)
            XCTAssertEqual(changes.last?.height, 240)
            GUI.wait("docked again") { gtk_widget_get_mapped(demo.keyboard.widget) != 0 }
        }
    }
}

final class FloatingPlaceTests: XCTestCase {
    func testBelowTheFieldAboveItWhereTheScreenEndsAndAlwaysOnTheWorkArea() {
        let screen = GdkRectangle(x: 0, y: 0, width: 1280, height: 1024)
        let size = (width: Int32(720), height: Int32(260))
        let top = DemoWindow.floatingPlace(below: GdkRectangle(x: 100, y: 80, width: 600, height: 30), size: size, workarea: screen)
        XCTAssertEqual(top.x, 40)
        XCTAssertEqual(top.y, 122, "a gap below the field")
        let low = DemoWindow.floatingPlace(below: GdkRectangle(x: 900, y: 900, width: 300, height: 30), size: size, workarea: screen)
        XCTAssertEqual(low.y, 900 - 12 - 260, "above a field near the bottom")
        XCTAssertEqual(low.x, 1280 - 720, "kept on the screen")
    }
}
