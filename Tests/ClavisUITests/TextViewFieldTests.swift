import ClavisUI
import GtkKit
import XCTest

/// The demo's multi-line Message field (a GtkTextView) with real X clicks on the keys: Return
/// is a new line there and the form stays put; the editing panel's ↑ ↓ move between lines;
/// Backspace takes a whole line break back.
final class TextViewFieldTests: DemoWindowTestCase {
    func testReturnIsANewLineAndTheArrowsMoveBetweenLines() {
        run { f in
            f.focusField("message")
            let message = f.demo.fields["message"]!
            XCTAssertTrue(message.isMultiline)
            XCTAssertEqual(f.returnKeyLabel(), "return", "no Next or Done in a field of several lines")
            for key in ["h", "i", "return", "y", "o"] { f.click(key) }
            GUI.wait("two lines, the second capitalised as a new sentence") { f.demo.text(of: "message") == "Hi\nYo" }
            XCTAssertEqual(f.demo.form.focusedField, "message", "Return kept the focus")
            XCTAssertEqual(f.demo.model.registration.message, "Hi\nYo")

            f.demo.keyboard.session.panel.show()
            GUI.wait("the panel's keys") { f.demo.keyboard.geometry.frame(ofKey: "up") != nil }
            f.click("up")
            GUI.wait("up to the first line") { message.selection.start == 2 }
            f.click("down")
            GUI.wait("down to the second") { message.selection.start == 5 }
            f.click("home")
            GUI.wait("to the second line's start") { message.selection.start == 3 }
            f.click("backspace")
            GUI.wait("the line break taken back") { f.demo.text(of: "message") == "HiYo" }
            XCTAssertEqual(message.selection.start, 2)
        }
    }

    /// Marked text (a composition) is underlined in the text view as in an entry, and a
    /// commit leaves it plain.
    func testMarkedTextIsUnderlinedUntilItIsCommitted() {
        run { f in
            f.focusField("message")
            let message = f.demo.fields["message"] as! TextViewField
            f.demo.proxy.insertText("Say ")
            f.demo.proxy.setMarkedText("にほん", selectedRange: 0..<3)
            XCTAssertEqual(f.demo.text(of: "message"), "Say にほん")
            let buffer = gtk_text_view_get_buffer(message.view)
            let marked = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(buffer), "marked")
            @MainActor func tagged(_ offset: Int32) -> Bool {
                var iter = GtkTextIter()
                gtk_text_buffer_get_iter_at_offset(buffer, &iter, offset)
                return gtk_text_iter_has_tag(&iter, marked) != 0
            }
            XCTAssertEqual((0..<7).map(tagged), [false, false, false, false, true, true, true])
            f.demo.proxy.setMarkedText("日本", selectedRange: 2..<2)
            XCTAssertEqual(f.demo.text(of: "message"), "Say 日本")
            f.demo.proxy.unmarkText()
            XCTAssertEqual((0..<6).map(tagged), Array(repeating: false, count: 6))
            f.demo.proxy.insertText("!")
            XCTAssertEqual(f.demo.text(of: "message"), "Say 日本!")
        }
    }
}
