import CX11
import ClavisKeystrokes
import ClavisX11
import GtkKit
import TestSupport
import XCTest

/// The XTest sender on a real X server: its reading of the keymap and modifiers, and keys
/// arriving in a GtkEntry that has the focus (here, of this process; TypingIntoAppsTests
/// types into other processes).
final class XTestKeyboardTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GUI.start() }
    }

    /// A focused window holding one entry.
    @MainActor
    static func focusedEntry() -> (window: UnsafeMutablePointer<GtkWidget>, entry: UnsafeMutablePointer<GtkWidget>) {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(gtkCast(window), "xtest-target")
        let entry = gtk_entry_new()!
        gtk_container_add(gtkCast(window), entry)
        gtk_widget_show_all(window)
        GUI.wait("the window to map") { gtk_widget_get_mapped(window) != 0 }
        GUI.xdotool(["search", "--name", "^xtest-target$", "windowfocus", "--sync"])
        gtk_widget_grab_focus(entry)
        GUI.wait("the entry to have the focus") { gtk_widget_has_focus(entry) != 0 && gtk_window_is_active(gtkCast(window)) != 0 }
        return (window, entry)
    }

    func testReadsTheKeymapAndCapsLockFromTheServer() throws {
        try MainActor.assumeIsolated {
            let connection = try XConnection()
            let mapping = connection.keyboardMapping()
            XCTAssertEqual(mapping.position(of: Keysym("a"))?.shifted, false)
            XCTAssertEqual(mapping.position(of: Keysym("A"))?.shifted, true)
            XCTAssertNotNil(mapping.keycode(for: .shiftLeft))
            XCTAssertFalse(connection.modifierState().capsLocked)
            GUI.xdotool(["key", "Caps_Lock"])
            XCTAssertTrue(connection.modifierState().capsLocked)
            GUI.xdotool(["key", "Caps_Lock"])
            XCTAssertFalse(connection.modifierState().capsLocked)
        }
    }

    func testTypesIntoTheFocusedEntryAndGivesBorrowedKeycodesBack() throws {
        try MainActor.assumeIsolated {
            let connection = try XConnection()
            let before = connection.keyboardMapping()
            let scheduler = ManualScheduler()
            let keyboard = XTestKeyboard(connection: connection, scheduler: scheduler)
            let (window, entry) = Self.focusedEntry()
            defer { gtk_widget_destroy(window) }

            XCTAssertEqual(keyboard.type("Grüße, 👍!".unicodeScalars.map(Keysym.init)), .typed)
            GUI.wait("the text in the entry") { gtkString(gtk_entry_get_text(gtkCast(entry))) == "Grüße, 👍!" }
            XCTAssertEqual(Set(keyboard.borrowedKeycodes.values), [Keysym("ü"), Keysym("ß"), Keysym("👍")])
            keyboard.type([.backSpace, .left, .backSpace])
            GUI.wait("two deletions") { gtkString(gtk_entry_get_text(gtkCast(entry))) == "Grüße,👍" }

            // Borrowed keycodes stay bound while typing goes on, and go back after a pause.
            scheduler.advance(by: 1)
            XCTAssertNotEqual(connection.keyboardMapping(), before)
            scheduler.advance(by: 2)
            XCTAssertEqual(connection.keyboardMapping(), before)
            XCTAssertTrue(keyboard.borrowedKeycodes.isEmpty)
        }
    }

    func testAShiftHeldOnTheHardwareKeyboardNeitherChangesTheTextNorIsLetGo() throws {
        try MainActor.assumeIsolated {
            let connection = try XConnection()
            let keyboard = XTestKeyboard(connection: connection, scheduler: ManualScheduler())
            let (window, entry) = Self.focusedEntry()
            defer { gtk_widget_destroy(window) }
            GUI.xdotool(["keydown", "Shift_L"])
            let held = connection.modifierState().heldKeycodes
            XCTAssertEqual(held.count, 1)
            keyboard.type("a1".unicodeScalars.map(Keysym.init))
            GUI.wait("the unshifted text") { gtkString(gtk_entry_get_text(gtkCast(entry))) == "a1" }
            XCTAssertEqual(connection.modifierState().heldKeycodes, held, "Shift is still down")
            GUI.xdotool(["keyup", "Shift_L"])
            XCTAssertEqual(connection.modifierState().heldKeycodes, [])
            keyboard.releaseSpares()
        }
    }

    func testNothingIsSentWhileOneOfItsOwnWindowsHasTheFocus() throws {
        try MainActor.assumeIsolated {
            let keyboard = XTestKeyboard(connection: try XConnection(), scheduler: ManualScheduler())
            var problems: [String] = []
            keyboard.onProblem = { problems.append($0) }
            let (window, entry) = Self.focusedEntry()
            defer { gtk_widget_destroy(window) }
            keyboard.ownWindows = { [UInt(gdk_x11_window_get_xid(gtk_widget_get_window(window)))] }
            XCTAssertEqual(keyboard.type([Keysym("x")]), .ownWindowFocused)
            XCTAssertEqual(keyboard.type([Keysym("y")]), .ownWindowFocused)
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(gtkString(gtk_entry_get_text(gtkCast(entry))), "")
            XCTAssertEqual(problems.count, 1, "reported once")

            keyboard.ownWindows = { [] }
            XCTAssertEqual(keyboard.type([Keysym("z")]), .typed)
            GUI.wait("the key once the window is not its own") { gtkString(gtk_entry_get_text(gtkCast(entry))) == "z" }
            keyboard.releaseSpares()
        }
    }

    func testWhenFocusFollowsThePointerItsOwnWindowUnderThePointerGetsNothing() throws {
        try MainActor.assumeIsolated {
            let keyboard = XTestKeyboard(connection: try XConnection(), scheduler: ManualScheduler())
            let (window, entry) = Self.focusedEntry()
            defer { gtk_widget_destroy(window) }
            let xid = UInt(gdk_x11_window_get_xid(gtk_widget_get_window(window)))
            keyboard.ownWindows = { [xid] }
            let display = XOpenDisplay(nil)!
            defer { XCloseDisplay(display) }
            XSetInputFocus(display, Window(PointerRoot), Int32(RevertToPointerRoot), 0)
            XSync(display, 0)
            GUI.click(entry, x: 5, y: 5)
            XCTAssertEqual(keyboard.type([Keysym("x")]), .ownWindowFocused)
            GUI.xdotool(["mousemove", "1279", "1023"])
            XCTAssertEqual(keyboard.type([Keysym("y")]), .typed, "the root window is not Clavis's")
            GUI.settle(seconds: 0.1)
            XCTAssertEqual(gtkString(gtk_entry_get_text(gtkCast(entry))), "")
        }
    }
}
