import ClavisAtspi
import Foundation
import GtkKit
import XCTest

/// The focused field's text as AT-SPI reports it, read in this process from a GTK entry in
/// another (zenity), on a private session bus whose accessibility bus D-Bus starts.
///
/// One test method: libatspi connects to one accessibility bus per process, for good.
final class AccessibleTextContextTests: XCTestCase {
    func testFollowsTheFocusedFieldItsTextAndPasswordsAndSurvivesItsApplicationQuitting() throws {
        try GUI.requireDisplay()
        let desktop = try ForeignDesktop()
        defer { desktop.tearDown() }
        // This process's bus only while libatspi connects: the tests after it start children
        // with the environment they inherit.
        let previous = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        setenv("DBUS_SESSION_BUS_ADDRESS", desktop.bus, 1)
        defer {
            if let previous { setenv("DBUS_SESSION_BUS_ADDRESS", previous, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        }
        try MainActor.assumeIsolated {
            try GUI.start()
            let context = try XCTUnwrap(AccessibleTextContext(), "an accessibility bus on the private session bus")
            var focused: [Bool] = []
            var changes = 0
            context.onFieldFocus = { focused.append($0) }
            context.onChange = { changes += 1 }

            let entry = try desktop.start(["env", "NO_AT_BRIDGE=0", "zenity", "--entry", "--title", "gtk-target",
                                           "--text", "Type", "--entry-text", "Hi there."])
            GUI.wait("the entry's focus over AT-SPI", seconds: 10) { focused.last == true }
            GUI.wait("its text before the caret") { context.textBeforeCaret == "Hi there." }
            XCTAssertEqual(context.textAfterCaret, "")
            XCTAssertFalse(context.isSecure)

            let before = changes
            desktop.run(["xdotool", "key", "End", "space", "x"])
            // Reading asks the application directly, so the text can be there before the
            // change events are dispatched: wait for both.
            GUI.wait("the typed text") { context.textBeforeCaret == "Hi there. x" }
            GUI.wait("text and caret changes reported") { changes > before }
            desktop.run(["xdotool", "key", "Left"])
            GUI.wait("the caret moved left") { context.textBeforeCaret == "Hi there. " && context.textAfterCaret == "x" }

            // The application quits: no field, and reading it does not fail.
            entry.stop(SIGKILL)
            GUI.wait("the field gone", seconds: 10) { context.textBeforeCaret == nil }
            XCTAssertFalse(context.isSecure)

            let password = try desktop.start(["env", "NO_AT_BRIDGE=0", "zenity", "--password", "--title", "secret"])
            GUI.wait("the password field's focus", seconds: 10) { context.isSecure }
            password.stop(SIGKILL)

            // A keyboard started over a field that has the focus already finds it at once.
            _ = try desktop.start(["env", "NO_AT_BRIDGE=0", "zenity", "--entry", "--title", "early", "--entry-text", "Already here."])
            GUI.wait("the first context follows the new entry", seconds: 10) { context.textBeforeCaret == "Already here." }
            let late = try XCTUnwrap(AccessibleTextContext())
            var lateFocus: [Bool] = []
            late.onFieldFocus = { lateFocus.append($0) }
            XCTAssertNil(late.textBeforeCaret, "no focus event has come to it")
            late.lookForFocusedField()
            XCTAssertEqual(lateFocus, [true])
            XCTAssertEqual(late.textBeforeCaret, "Already here.")
        }
    }
}
