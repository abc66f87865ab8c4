import ClavisDemoForm
import ClavisLayout
import ClavisSession
import ClavisUI
import GtkKit
import XCTest

/// The whole sign-up, as a user would: every character typed by clicking on-screen keys,
/// Return (Next) through the fields (a tap past the message, where Return is a new line), Done, Register, an error on the email field, the fix,
/// Register again. The field contents are read from the real GtkEntry widgets.
final class SignUpEndToEndTests: XCTestCase {
    func testSigningUpWithTheOnScreenKeyboard() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let library = LayoutLibrary()
            let demo = DemoWindow(session: TestSessions.make([try library.load("us"), try library.load("numpad")]),
                                  repository: LocalRegistrationService(delay: .milliseconds(50)))
            let fixture = DemoFixture(demo)
            defer { fixture.close() }
            demo.present()
            GUI.wait("the keyboard") { demo.keyboard.geometry.width > 0 && gtk_widget_get_mapped(demo.keyboard.widget) != 0 }
            GUI.settle(seconds: 0.3)
            XCTAssertEqual(demo.form.focusedField, "firstName")
            XCTAssertTrue(demo.isKeyboardShown)

            @MainActor func type(_ keys: [String]) { for key in keys { fixture.click(key) } }
            @MainActor func next() {
                XCTAssertEqual(fixture.returnKeyLabel(), "Next")
                fixture.click("return")
                GUI.settle(seconds: 0.3)
            }
            type(["a", "d", "a"])                    // "Ada": the first letter capitalised on its own
            next()
            type(["l", "o", "v", "e", "l", "a", "c", "e"])
            next()
            XCTAssertEqual(demo.keyboard.session.layout.id, "email")
            type(["a", "d", "a", "@", "e", "x", "a", "m", "p", "l", "e"])   // no top-level domain
            next()
            XCTAssertEqual(demo.keyboard.session.layout.id, "phone")
            type(["+", "4", "4", "space", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"])
            next()
            // A postal code of letters and digits, in capitals on their own.
            XCTAssertEqual(demo.keyboard.session.layout.id, "us")
            type(["s", "w", "numbers", "1", "letters", "a", "space", "numbers", "1", "letters", "a", "a"])
            next()
            // The message: prose, where a slip is corrected and the sentence's capital comes on
            // its own; Return is a new line there (and a new sentence), and a tap moves on.
            XCTAssertEqual(demo.form.focusedField, "message")
            type(["h", "e", "l", "o", "space"])
            XCTAssertEqual(fixture.returnKeyLabel(), "return")
            type(["return", "b", "y", "e"])
            XCTAssertEqual(demo.form.focusedField, "message")
            fixture.focusField("password")
            XCTAssertEqual(demo.keyboard.session.layout.id, "us")
            type(["a", "n", "a", "l", "y", "t", "i", "c", "a", "l"])
            XCTAssertEqual(fixture.returnKeyLabel(), "Done")
            fixture.click("return")
            GUI.settle(seconds: 0.4)
            XCTAssertNil(demo.form.focusedField)
            XCTAssertFalse(demo.isKeyboardShown)

            GUI.click(demo.registerButton, x: 10, y: 10)
            GUI.wait("the email error") { demo.form.focusedField == "email" }
            XCTAssertFalse(gtkString(gtk_label_get_text(gtkCast(demo.errorLabels["email"]!))).isEmpty)
            GUI.settle(seconds: 0.4)
            XCTAssertTrue(demo.isKeyboardShown)

            type([".", "c", "o", "m"])
            for _ in 0..<3 { next() }
            XCTAssertEqual(demo.form.focusedField, "message")
            fixture.focusField("password")
            fixture.click("return")   // Done on the password
            GUI.settle(seconds: 0.4)
            GUI.click(demo.registerButton, x: 10, y: 10)
            GUI.wait("the registration") { demo.model.state == .registered("Ada Lovelace") }
            XCTAssertEqual(gtkString(gtk_label_get_text(gtkCast(demo.statusLabel))), "Registered Ada Lovelace.")
            let fields = ["firstName", "lastName", "email", "phone", "postalCode", "message", "password"].map(demo.text(of:))
            XCTAssertEqual(fields, ["Ada", "Lovelace", "ada@example.com", "+44 0123456789", "SW1A 1AA", "Hello \nBye", "analytical"])
            XCTAssertEqual(gtkString(gtk_label_get_text(gtkCast(demo.errorLabels["email"]!))), "")
        }
    }
}
