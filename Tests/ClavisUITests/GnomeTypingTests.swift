import Foundation
import XCTest

/// Clavis on GNOME as a user sets it up: installed into a prefix, chosen as the input source,
/// started by the shell's IBus; a Wayland GTK client (zenity) receives what is typed by
/// pressing Clavis's keys with the pointer of mutter's RemoteDesktop API, and keeps the focus.
final class GnomeTypingTests: XCTestCase {
    var gnome: HeadlessGnome!

    override func tearDown() {
        if let gnome, (testRun?.failureCount ?? 0) > 0 {
            print("GNOME Shell's log:\n\(gnome.log.suffix(3000))\nClavis's:\n\(gnome.keyboardLog.suffix(3000))")
        }
        gnome?.tearDown()
    }

    func testTheShellStartsClavisAndItTypesIntoAWaylandEntryThatKeepsTheFocus() throws {
        gnome = try HeadlessGnome()
        let fullArea = gnome.workArea
        let (zenity, answer) = try gnome.start(["zenity", "--entry", "--title", "target"])
        gnome.desktop.wait("the keyboard shown for the entry", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        XCTAssertEqual(gnome.focusedTitle, "target")
        let keys = try XCTUnwrap(ExportedGeometry.read(gnome.geometry)?.keys)
        XCTAssertEqual(keys.map { $0.y + $0.height }.max() ?? 0, gnome.size.height, accuracy: 12, "docked at the bottom")
        // The docked keyboard's strut: the work area ends where the keyboard (its bar too) begins.
        let bar = ExportedGeometry.read(gnome.geometry)?.suggestions.map(\.y) ?? []
        let top = (keys.map(\.y) + bar).min() ?? 0
        gnome.desktop.wait("the work area to end at the keyboard (\(fullArea) → \(gnome.workArea), keys from \(top))") {
            let area = self.gnome.workArea
            return area.count == 4 && abs(area[1] + area[3] - top) <= 2
        }
        if (testRun?.failureCount ?? 0) > 0 { print("Clavis's windows:\n\(gnome.keyboardWindows)") }

        gnome.press(["h", "i", "backspace", "e", "y"])
        XCTAssertEqual(gnome.focusedTitle, "target", "the entry kept the focus while Clavis's keys were pressed")
        gnome.press(["return"])
        gnome.desktop.wait("zenity to submit the entry") { !zenity.isRunning }
        XCTAssertEqual(try String(contentsOf: answer, encoding: .utf8), "hey\n", gnome.keyboardLog)
        gnome.desktop.wait("the keyboard hidden without a field") { ExportedGeometry.read(self.gnome.geometry)?.visible == false }
    }

    /// The content type GNOME relays: a digits field gets the number pad; a hidden field (no
    /// purpose reaches IBus from GNOME, only its text masked) is secure all the same.
    func testTheFieldsContentTypePicksTheKeyboard() throws {
        gnome = try HeadlessGnome(settings: "{\"suggestions\": true}")
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        let (_, output) = try gnome.start(["/usr/bin/python3", helper, "free-form", "digits", "hidden"])
        gnome.desktop.wait("the keyboard shown for the entry", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        gnome.press(["shift", "o", "k", "space", "numbers", "4", "2", "letters", "return"])
        gnome.desktop.wait("the number pad for the digits entry") { ExportedGeometry.read(self.gnome.geometry)?.keyboard == "numpad" }
        gnome.press(["7", "return"])
        gnome.desktop.wait("the letters for the hidden entry") { ExportedGeometry.read(self.gnome.geometry)?.keyboard == "us" }
        // The entry is known to be secure only from its masked text, after the first letter;
        // the bar goes then and the rows move up, so the next key is pressed where it is now.
        gnome.press(["p"])
        gnome.desktop.wait("the hidden entry secure") { ExportedGeometry.read(self.gnome.geometry)?.field?.secure == true }
        gnome.press(["w"])
        XCTAssertEqual(ExportedGeometry.read(gnome.geometry)?.suggestions.isEmpty, true, "no suggestions for hidden text")
        gnome.press(["return"])
        let lines = { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        gnome.desktop.wait("the entries submitted") { lines().contains { $0.hasPrefix("hidden\t") } }
        XCTAssertEqual(lines().filter { !$0.hasPrefix("focus") && !$0.hasPrefix("preedit") }, ["free-form\tOk 42", "digits\t7", "hidden\tpw"])
    }

    /// Keys that are not text reach a Wayland entry through the shell as forwarded key events
    /// with the keymap's keycodes: an arrow, Home, Delete and End. (Not Ctrl+A: mutter 43 hands
    /// a forwarded key to a Wayland client with the seat's modifiers, not the event's, and
    /// forwarded modifier keys do not change the seat's; X11 clients get shortcuts.)
    func testArrowsAndEditingKeysReachAWaylandEntry() throws {
        gnome = try HeadlessGnome(keyboard: ["--dock", "--layout", "pc"])
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        let (_, output) = try gnome.start(["/usr/bin/python3", helper, "free-form", "free-form"])
        gnome.desktop.wait("the keyboard shown for the entry", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        gnome.press(["a", "b", "left", "c", "return"])
        gnome.press(["a", "b", "home", "del", "c", "end", "lshift", "n1", "return"])
        let lines = { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        gnome.desktop.wait("the entries submitted") { lines().filter { $0.hasPrefix("free-form\t") }.count == 2 }
        XCTAssertEqual(lines().filter { $0.hasPrefix("free-form\t") }, ["free-form\tacb", "free-form\tcb!"], gnome.keyboardLog)
    }

    /// A Wayland application's copy reaches the editing panel's clipboard strip on GNOME: Clavis
    /// is an Xwayland window there, and mutter hands the copy to the X selection, which Clavis
    /// watches as on X11.
    func testAWaylandApplicationsCopyReachesTheClipboardStrip() throws {
        gnome = try HeadlessGnome(keyboard: ["--dock", "--layout", "edit"])
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/copy-text.py").path
        let (_, output) = try gnome.start(["/usr/bin/python3", helper, "Grace Hopper"])
        gnome.desktop.wait("the keyboard shown for the entry", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        gnome.desktop.wait("the helper to copy") { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("copied") }
        gnome.desktop.wait("the copy in the panel's strip", seconds: 10) {
            ExportedGeometry.read(self.gnome.geometry)?.suggestions.first?.text == "Grace Hopper"
        }
    }

    /// Two monitors side by side: the docked keyboard goes under the field typed into — on
    /// the left monitor for the entry focused there, then on the right when the entry there
    /// takes the focus again — and reserves its rows on that monitor alone (mutter's work area
    /// of the other stays whole); keys pressed on the right monitor type.
    func testTheDockedKeyboardGoesOnTheMonitorOfTheFieldWithItsStrutThereOnly() throws {
        gnome = try HeadlessGnome(monitors: 2)
        XCTAssertEqual(gnome.evaluate("String(global.display.get_n_monitors())"), "2")
        let whole = [gnome.workArea(monitor: 0), gnome.workArea(monitor: 1)]
        let width = gnome.size.width
        /// The keyboard's span across the desktop and its top (bar included), once shown.
        func keyboard() -> (left: Int, right: Int, top: Int)? {
            guard let geometry = ExportedGeometry.read(gnome.geometry), geometry.visible, !geometry.keys.isEmpty else { return nil }
            let tops = geometry.keys.map(\.y) + geometry.suggestions.map(\.y)
            return (geometry.keys.map(\.x).min()!, geometry.keys.map { $0.x + $0.width }.max()!, tops.min()!)
        }
        /// Waits until the keyboard is on `monitor` and only that monitor's work area ends at it.
        func expectDocked(on monitor: Int, _ what: String) {
            gnome.desktop.wait("the keyboard on monitor \(monitor) for \(what): \(String(describing: keyboard())), "
                               + "work areas \(gnome.workArea(monitor: 0)) \(gnome.workArea(monitor: 1))", seconds: 20) {
                guard let keys = keyboard(), keys.left >= monitor * width, keys.right <= (monitor + 1) * width else { return false }
                let reserved = self.gnome.workArea(monitor: monitor), other = self.gnome.workArea(monitor: 1 - monitor)
                return reserved.count == 4 && abs(reserved[1] + reserved[3] - keys.top) <= 2 && other == whole[1 - monitor]
            }
            if (testRun?.failureCount ?? 0) > 0 { print("Clavis's windows:\n\(gnome.keyboardWindows)") }
        }

        /// Puts the focused window, titled `title`, on `monitor`.
        func place(_ title: String, on monitor: Int) {
            gnome.desktop.wait("\(title) focused") { self.gnome.focusedTitle == title }
            gnome.evaluate("global.display.focus_window.move_to_monitor(\(monitor))")
            gnome.desktop.wait("\(title) on monitor \(monitor)") {
                self.gnome.evaluate("String(global.display.focus_window?.get_monitor())") == "\(monitor)"
            }
        }
        let (right, rightAnswer) = try gnome.start(["zenity", "--entry", "--title", "right"])
        place("right", on: 1)
        _ = try gnome.start(["zenity", "--entry", "--title", "left"])
        place("left", on: 0)
        expectDocked(on: 0, "the left entry")

        // Back to the right window: its entry takes the focus again, on the right monitor.
        gnome.evaluate("global.display.get_tab_list(0, null).find(w => w.get_title() === 'right').activate(global.get_current_time())")
        gnome.desktop.wait("the right entry focused") { self.gnome.focusedTitle == "right" }
        expectDocked(on: 1, "the right entry")
        gnome.press(["o", "k", "return"])
        gnome.desktop.wait("the right entry submitted") { !right.isRunning }
        XCTAssertEqual(try String(contentsOf: rightAnswer, encoding: .utf8), "ok\n", gnome.keyboardLog)
    }
}
