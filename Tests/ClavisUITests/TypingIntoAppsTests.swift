import Foundation
import XCTest

/// `clavis keyboard` typing into other applications, as a user would use it: a window
/// manager, real foreign clients (xterm running `cat > FILE`, a GTK entry in zenity), keys
/// clicked with xdotool at the positions from `--geometry-out`, and the received text
/// compared byte for byte.
final class TypingIntoAppsTests: XCTestCase {
    var desktop: ForeignDesktop!
    var geometry: URL!
    var keyboardErrors: URL!
    let clavis = GUI.clavis

    /// "Hello, wörld! ß€" and Return on the German layout: ö and ß are keys there, € and !
    /// are on the numbers layer; none but the ASCII ones are on Xvfb's US keymap.
    let sentence = ["shift", "h", "e", "l", "l", "o", ",", "space", "w", "ö", "r", "l", "d",
                    "numbers", "!", "space", "ß", "numbers", "€", "return"]
    let typed = "Hello, wörld! ß€\n"

    override func setUpWithError() throws {
        try GUI.requireDisplay()
        // openbox grabs all its key bindings again on every keymap change and falls seconds
        // behind when another program changes it ten times a second; its click-to-focus
        // grab is synchronous, so meanwhile the pointer (the test's clicks) freezes and is
        // replayed late. That test runs on a bare X server, where only Clavis is measured.
        desktop = try ForeignDesktop(windowManager: !name.contains("Remaps"))
        geometry = desktop.folder.appendingPathComponent("keys.json")
        keyboardErrors = desktop.folder.appendingPathComponent("clavis-stderr.txt")
    }

    override func tearDown() {
        desktop?.tearDown()
    }

    /// Starts `clavis keyboard` and waits until its keys are on screen. Suggestions are off
    /// unless asked for: these tests type exactly what they click ("wörld" is no word).
    @discardableResult
    func startKeyboard(_ extra: [String] = [], layout: String = "de", suggestions: Bool = false,
                       environment: [String: String] = [:]) throws -> Child {
        let settings = desktop.folder.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"suggestions\": \(suggestions)}".utf8).write(to: settings)
        let keyboard = try desktop.start([clavis, "keyboard", "--layout", layout, "--geometry-out", geometry.path] + extra,
                                         error: keyboardErrors.path, environment: environment)
        desktop.wait("the keyboard on screen") {
            ExportedGeometry.read(geometry).map { $0.visible && !$0.keys.isEmpty } == true
        }
        return keyboard
    }

    /// Starts an xterm whose `cat` writes what it receives to a file, and waits for its focus
    /// (given by the window manager, or by xdotool when there is none).
    func startXterm(title: String, into file: URL, focus: Bool = false) throws -> Child {
        let xterm = try desktop.start(["xterm", "-T", title, "-e", "cat > '\(file.path)'"])
        desktop.wait("\(title) to have the focus") {
            if focus { desktop.run(["xdotool", "search", "--name", "^\(title)$", "windowfocus"]) }
            return desktop.focusedWindowName == title
        }
        return xterm
    }

    var keyboardLog: String { (try? String(contentsOf: keyboardErrors, encoding: .utf8)) ?? "" }

    /// The editing panel's keys reach an X11 application as its own shortcuts (XTest), and
    /// its own bindings act: Select all, Copy, Line ⇥ and Paste double the text, ⇤ Word goes
    /// to its start and Delete ⌦ takes the first letter, the focus on the entry throughout.
    func testTheEditingPanelsKeysReachAGtkAppAsItsShortcuts() throws {
        let answer = desktop.folder.appendingPathComponent("zenity.txt")
        let zenity = try desktop.start(["zenity", "--entry", "--title", "gtk-target", "--text", "Edit", "--entry-text", "Ada"],
                                       output: answer.path)
        desktop.wait("the GTK entry to have the focus") { desktop.focusedWindowName == "gtk-target" }
        try startKeyboard(layout: "edit")
        desktop.click(["selectAll", "copy", "end", "paste", "wordLeft", "delete"], on: geometry, focusStaysOn: "gtk-target")
        // The panel has no Return: the hardware keyboard's submits.
        desktop.run(["xdotool", "key", "Return"])
        desktop.wait("zenity to print the entry and quit") { !zenity.isRunning }
        XCTAssertEqual(try String(contentsOf: answer, encoding: .utf8), "daAda\n", keyboardLog)
    }

    func testTypesIntoAnXtermAndAGtkEntryWithoutTakingTheFocus() throws {
        let before = desktop.keymap
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received)
        let keyboard = try startKeyboard()
        XCTAssertEqual(desktop.focusedWindowName, "cat-target", "showing the keyboard moved the focus")
        // No AT-SPI context from xterm: no automatic capital, the user shifts by hand.
        XCTAssertEqual(ExportedGeometry.read(geometry)?.key("h")?.label, "h")

        desktop.click(sentence, on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the line in the file") { (try? Data(contentsOf: received)) == Data(typed.utf8) }
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), typed, keyboardLog)
        XCTAssertEqual(desktop.focusedWindowName, "cat-target", "clicking keys moved the focus")

        // A GTK entry in another process, with Caps Lock on: it must not change the text and
        // must still be on afterwards.
        let answer = desktop.folder.appendingPathComponent("zenity.txt")
        let zenity = try desktop.start(["zenity", "--entry", "--title", "gtk-target", "--text", "Type"], output: answer.path)
        desktop.wait("the GTK entry to have the focus") { desktop.focusedWindowName == "gtk-target" }
        desktop.run(["xdotool", "key", "Caps_Lock"])
        desktop.click(Array(sentence.dropLast()), on: geometry, focusStaysOn: "gtk-target")
        desktop.click(["return"], on: geometry)
        desktop.wait("zenity to print the entry and quit") { !zenity.isRunning }
        XCTAssertEqual(try String(contentsOf: answer, encoding: .utf8), typed, keyboardLog)
        XCTAssertTrue(desktop.run(["xset", "q"]).contains("Caps Lock:   on"), "Caps Lock was not put back")
        desktop.run(["xdotool", "key", "Caps_Lock"])
        XCTAssertFalse(desktop.focusedWindowName.hasPrefix("Clavis"))

        // The borrowed keycodes go back a moment after typing stops.
        desktop.wait("the keymap as it was", seconds: 8) { desktop.keymap == before }
        XCTAssertEqual(desktop.keymap, before)
        XCTAssertTrue(keyboard.isRunning)
    }

    func testCapitalsFollowTheTextOfAnAccessibleApplication() throws {
        try startKeyboard()
        let answer = desktop.folder.appendingPathComponent("zenity.txt")
        // This zenity exposes its widgets over AT-SPI (the test script turns the bridge off
        // for everything else).
        let zenity = try desktop.start(["env", "NO_AT_BRIDGE=0", "zenity", "--entry", "--title", "gtk-target", "--text", "Type"],
                                       output: answer.path)
        desktop.wait("the GTK entry to have the focus") { desktop.focusedWindowName == "gtk-target" }
        func label(_ id: String) -> String? { ExportedGeometry.read(geometry)?.key(id)?.label }
        desktop.wait("a capital at the start of the empty field") { label("h") == "H" }
        desktop.click(["h", "i", "."], on: geometry)
        desktop.wait("small letters within the sentence") { label("h") == "h" }
        desktop.click(["space"], on: geometry)
        desktop.wait("a capital after the full stop") { label("o") == "O" }
        desktop.click(["o", "k", "return"], on: geometry)
        desktop.wait("zenity to print the entry and quit") { !zenity.isRunning }
        XCTAssertEqual(try String(contentsOf: answer, encoding: .utf8), "Hi. Ok\n")
    }

    /// The visible "Show keyboard" button's frame, if it is on screen.
    func showButtonFrame() -> (x: Int, y: Int, width: Int, height: Int)? {
        let id = desktop.run(["xdotool", "search", "--onlyvisible", "--name", "^Show keyboard$"])
            .split(separator: "\n").first.map(String.init)
        guard let id else { return nil }
        var values: [String: Int] = [:]
        for line in desktop.run(["xdotool", "getwindowgeometry", "--shell", id]).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let number = Int(parts[1]) { values[String(parts[0])] = number }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else { return nil }
        return (x, y, width, height)
    }

    func testAHiddenDockedKeyboardLeavesAButtonThatBringsItBackAndStaysWhereItIsDragged() throws {
        try startKeyboard(["--dock"])
        _ = try startXterm(title: "cat-target", into: desktop.folder.appendingPathComponent("typed.txt"))
        desktop.click(["dismiss"], on: geometry)
        desktop.wait("the keyboard to hide") { ExportedGeometry.read(geometry)?.visible == false }
        var frame = showButtonFrame()
        desktop.wait("the show-keyboard button") { frame = showButtonFrame(); return frame != nil }
        guard let start = frame else { return }
        // Earlier tests may have changed the screen's size (a tablet turned): ask it.
        let screen = desktop.run(["xdotool", "getdisplaygeometry"]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(screen.count, 2)
        XCTAssertGreaterThan(start.x + start.width, (screen.first ?? 0) - 120, "in the bottom-right corner of \(screen)")
        XCTAssertGreaterThan(start.y + start.height, (screen.last ?? 0) - 120)

        // Dragged: it moves and stays hidden; where it was left is remembered.
        let (centreX, centreY) = (start.x + start.width / 2, start.y + start.height / 2)
        desktop.run(["xdotool", "mousemove", "\(centreX)", "\(centreY)", "mousedown", "1"])
        for step in 1...5 { desktop.run(["xdotool", "mousemove", "\(centreX - 60 * step)", "\(centreY - 40 * step)"]) }
        desktop.run(["xdotool", "mouseup", "1"])
        let settings = desktop.folder.appendingPathComponent("clavis/settings.json")
        desktop.wait("the button's place remembered") {
            ((try? String(contentsOf: settings, encoding: .utf8)) ?? "").contains("showButtonPlace")
        }
        guard let moved = showButtonFrame() else { return XCTFail("the button went away when dragged") }
        XCTAssertEqual(moved.x, start.x - 300, accuracy: 4)
        XCTAssertEqual(moved.y, start.y - 200, accuracy: 4)
        XCTAssertEqual(ExportedGeometry.read(geometry)?.visible, false, "a drag is not a tap")
        XCTAssertEqual(desktop.focusedWindowName, "cat-target")

        // Tapped: the keyboard is back, the button gone, the focus still on the xterm.
        desktop.run(["xdotool", "mousemove", "\(moved.x + moved.width / 2)", "\(moved.y + moved.height / 2)", "click", "1"])
        desktop.wait("the keyboard back") { ExportedGeometry.read(geometry)?.visible == true }
        desktop.wait("the button gone") { showButtonFrame() == nil }
        XCTAssertEqual(desktop.focusedWindowName, "cat-target")
    }

    func testAutoShowFollowsTheFocusInAndOutOfTextFields() throws {
        let keyboard = try desktop.start([clavis, "keyboard", "--auto-show", "--hidden", "--layout", "de",
                                          "--geometry-out", geometry.path], error: keyboardErrors.path)
        desktop.wait("the keyboard to start hidden") { ExportedGeometry.read(geometry)?.visible == false }
        _ = try desktop.start(["env", "NO_AT_BRIDGE=0", "zenity", "--entry", "--title", "gtk-target", "--text", "Type"])
        desktop.wait("the keyboard to show for the GTK entry") { ExportedGeometry.read(geometry)?.visible == true }
        XCTAssertEqual(desktop.focusedWindowName, "gtk-target")

        // An xterm (no AT-SPI, so no text field Clavis can see) takes the focus.
        _ = try startXterm(title: "other", into: desktop.folder.appendingPathComponent("other.txt"))
        desktop.wait("the keyboard to hide") { ExportedGeometry.read(geometry)?.visible == false }
        desktop.run(["xdotool", "search", "--name", "^gtk-target$", "windowactivate"])
        desktop.wait("the keyboard to show again") { ExportedGeometry.read(geometry)?.visible == true }
        XCTAssertTrue(keyboard.isRunning)
    }

    func testWithTheSettingOnKeysFromAnotherKeyboardHideItAndKeepItHidden() throws {
        let settings = desktop.folder.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"suggestions\": false, \"hideWithHardwareKeyboard\": true}".utf8).write(to: settings)
        _ = try desktop.start([clavis, "keyboard", "--auto-show", "--hidden", "--layout", "us", "--geometry-out", geometry.path],
                              error: keyboardErrors.path)
        desktop.wait("the keyboard to start hidden") { ExportedGeometry.read(geometry)?.visible == false }
        let answer = desktop.folder.appendingPathComponent("answer.txt")
        let zenity = try desktop.start(["env", "NO_AT_BRIDGE=0", "zenity", "--entry", "--title", "gtk-target", "--text", "Type"],
                                       output: answer.path)
        desktop.wait("the keyboard to show for the GTK entry") { ExportedGeometry.read(geometry)?.visible == true }
        // Clavis's own keys (XTest from its connection) are not another keyboard's.
        desktop.click(["o", "k"], on: geometry, focusStaysOn: "gtk-target")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(ExportedGeometry.read(geometry)?.visible, true, keyboardLog)
        // Another keyboard (xdotool's XTest device stands in for a hardware one) types.
        desktop.run(["xdotool", "type", "--delay", "50", "go"])
        desktop.wait("the keyboard to hide for the other keyboard") { ExportedGeometry.read(geometry)?.visible == false }
        // The focus leaves and comes back: still hidden while that keyboard is in use.
        _ = try startXterm(title: "other", into: desktop.folder.appendingPathComponent("other.txt"))
        desktop.run(["xdotool", "search", "--name", "^gtk-target$", "windowactivate"])
        desktop.wait("the entry focused again") { desktop.focusedWindowName == "gtk-target" }
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(ExportedGeometry.read(geometry)?.visible, false)
        desktop.run(["xdotool", "key", "Return"])
        desktop.wait("zenity to submit") { !zenity.isRunning }
        XCTAssertEqual(try String(contentsOf: answer, encoding: .utf8), "Okgo\n", "nothing typed was lost (a capital at the start, as the field asks)")
    }

    func testTheSuggestionBarWorksFromWhatClavisTypedWhenTheAppCannotBeRead() throws {
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received)
        try startKeyboard(layout: "us", suggestions: true)
        desktop.click(["s", "e", "e", "space", "y", "o", "u", "space", "t", "o", "m", "o", "r"], on: geometry, focusStaysOn: "cat-target")
        var slot: ExportedGeometry.Slot?
        desktop.wait("tomorrow in the bar") {
            slot = ExportedGeometry.read(geometry)?.suggestions.first { $0.text == "tomorrow" }
            return slot != nil
        }
        guard let slot else { return }
        desktop.run(["xdotool", "mousemove", "\(slot.x + slot.width / 2)", "\(slot.y + slot.height / 2)", "click", "1"])
        // xterm cannot be read: no auto-correction there, but the word chosen is typed.
        desktop.click(["h", "e", "l", "o", "return"], on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the line in the file") { (try? String(contentsOf: received, encoding: .utf8)) == "see you tomorrow helo\n" }
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), "see you tomorrow helo\n")
        XCTAssertEqual(desktop.focusedWindowName, "cat-target", "the bar took the focus")
    }

    func testJapaneseComposesInTheBarAndTypesOnlyWhatIsCommitted() throws {
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received)
        try startKeyboard(layout: "ja")
        desktop.click(["n", "i", "h", "o", "n", "g", "o"], on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the composition in the bar") { ExportedGeometry.read(geometry)?.suggestions.first?.text == "にほんご" }
        XCTAssertEqual(ExportedGeometry.read(geometry)?.suggestions.first?.text, "にほんご")
        XCTAssertEqual(ExportedGeometry.read(geometry)?.key("return")?.label, "確定")
        desktop.click(["space"], on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the conversion in the bar") {
            ExportedGeometry.read(geometry)?.suggestions.dropFirst().contains { $0.text == "日本語" } == true
        }
        XCTAssertEqual(ExportedGeometry.read(geometry)?.suggestions.first?.text, "日本語", "the strip shows the conversion")
        desktop.click(["return", "return"], on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the line in the file") { (try? String(contentsOf: received, encoding: .utf8)) == "日本語\n" }
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), "日本語\n", "only the committed text was typed")
    }

    /// Korean on X11: the application cannot show marked text, so each syllable is typed once
    /// it is finished and the one being typed shows on the bar (2-set keys: ㅎ on g, ㅏ on k).
    func testKoreanTypesFinishedSyllablesAndShowsTheOpenOneOnTheBar() throws {
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received)
        try startKeyboard(layout: "ko")
        desktop.click(["g", "k", "s", "r", "n", "r", "d", "j"], on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the open syllable on the bar") { ExportedGeometry.read(geometry)?.suggestions.first?.text == "어" }
        desktop.click(["return"], on: geometry, focusStaysOn: "cat-target")
        desktop.wait("the line in the file", detail: { (try? String(contentsOf: received, encoding: .utf8)) ?? "nothing" }) {
            (try? String(contentsOf: received, encoding: .utf8)) == "한국어\n"
        }
    }

    /// The key events xev printed so far: (keysym name, state mask), presses only.
    func keyPresses(in file: URL) -> [(keysym: String, state: String)] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var presses: [(String, String)] = []
        var inPress = false
        var state = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("KeyPress event") { inPress = true; continue }
            if line.hasPrefix("KeyRelease event") { inPress = false; continue }
            guard inPress else { continue }
            if let range = line.range(of: "state ") {
                state = String(line[range.upperBound...].prefix { $0 != "," })
            }
            if let open = line.range(of: "(keysym "), let comma = line[open.upperBound...].range(of: ", ") {
                let name = line[comma.upperBound...].prefix { $0 != ")" }
                presses.append((String(name), state))
                inPress = false
            }
        }
        return presses
    }

    func testShortcutsAndKeysReachAnApplicationAsFromAHardwareKeyboard() throws {
        let log = desktop.folder.appendingPathComponent("xev.txt")
        _ = try desktop.start(["xev", "-name", "xev-target", "-event", "keyboard"], output: log.path)
        desktop.wait("xev to have the focus") {
            desktop.run(["xdotool", "search", "--name", "^xev-target$", "windowfocus"])
            return desktop.focusedWindowName == "xev-target"
        }
        let keyboard = try startKeyboard(layout: "pc")
        func presses() -> [String] {
            keyPresses(in: log).filter { !["Control_L", "Alt_L", "Shift_L", "Super_L"].contains($0.keysym) }
                .map { "\($0.keysym)@\($0.state)" }
        }
        // A latched Ctrl: one key; a locked Ctrl: several; Esc, Tab, F5 as themselves.
        desktop.click(["ctrl", "c", "c"], on: geometry, focusStaysOn: "xev-target")
        desktop.click(["ctrl", "ctrl", "a", "s", "ctrl"], on: geometry, focusStaysOn: "xev-target")
        // (Alt+F4 would reach the window manager, which closes xev: Alt+C instead.)
        desktop.click(["esc", "tab", "f5", "alt", "c"], on: geometry, focusStaysOn: "xev-target")
        let expected = ["c@0x4", "c@0x0", "a@0x4", "s@0x4", "Escape@0x0", "Tab@0x0", "F5@0x0", "c@0x8"]
        desktop.wait("the keys in xev") { presses() == expected }
        XCTAssertEqual(presses(), expected)
        XCTAssertEqual(ExportedGeometry.read(geometry)?.key("ctrl")?.label, "Ctrl")

        // Locked, then Clavis ends: nothing stays down.
        desktop.click(["ctrl", "ctrl"], on: geometry, focusStaysOn: "xev-target")
        keyboard.stop()
        desktop.run(["xdotool", "key", "x"])
        desktop.wait("the x in xev") { presses().last?.hasPrefix("x@") == true }
        XCTAssertEqual(presses().last, "x@0x0", "no modifier left down")
    }

    func testKeysPressedWhileAnotherProgramRemapsArriveOnceEach() throws {
        let before = desktop.keymap
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received, focus: true)
        try startKeyboard()
        // Another program rewrites the keymap about ten times a second while the keys are
        // clicked: the key Clavis types "a" with (as it was) and an empty keycode (bound,
        // then emptied again).
        func line(_ keycode: Int) -> String {
            before.split(separator: "\n").first { $0.hasPrefix("keycode \(keycode < 100 ? " " : "")\(keycode) =") }
                .map(String.init) ?? ""
        }
        let remapper = try desktop.start(["sh", "-c", """
            while :; do xmodmap -e 'keycode 200 = x X' -e '\(line(38))'; sleep 0.1; \
            xmodmap -e '\(line(200))' -e '\(line(38))'; sleep 0.1; done
            """])
        desktop.click(sentence + sentence, on: geometry)
        desktop.wait("both lines in the file") { (try? Data(contentsOf: received)) == Data((typed + typed).utf8) }
        XCTAssertEqual(String(decoding: (try? Data(contentsOf: received)) ?? Data(), as: UTF8.self), typed + typed)
        remapper.stop(SIGKILL)
        desktop.run(["xmodmap", "-e", line(200)])
        desktop.wait("the keymap as it was", seconds: 8) { desktop.keymap == before }
    }

    func testTheKeyboardNeverTypesIntoItself() throws {
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received)
        let keyboard = try startKeyboard()
        // Force the focus onto the keyboard's window (no window manager would give it).
        desktop.run(["xdotool", "search", "--name", "^Clavis keyboard$", "windowfocus"])
        desktop.wait("the keyboard to have the focus") { desktop.focusedWindowName == "Clavis keyboard" }
        desktop.click(["a", "b", "return"], on: geometry)
        desktop.wait("the warning") { keyboardLog.contains("own window has the focus") }
        XCTAssertTrue(keyboard.isRunning)

        desktop.run(["xdotool", "search", "--name", "^cat-target$", "windowfocus"])
        desktop.wait("the xterm to have the focus") { desktop.focusedWindowName == "cat-target" }
        desktop.click(["c", "return"], on: geometry)
        desktop.wait("only the keys typed into the xterm") { (try? String(contentsOf: received, encoding: .utf8)) == "c\n" }
    }

    func testTheFocusedClientDisappearingMidTypingLosesNothingElse() throws {
        let first = desktop.folder.appendingPathComponent("first.txt")
        let second = desktop.folder.appendingPathComponent("second.txt")
        _ = try startXterm(title: "second", into: second)
        let closing = try startXterm(title: "first", into: first)
        let keyboard = try startKeyboard()
        desktop.click(["a", "return"], on: geometry)
        desktop.wait("the first line") { (try? String(contentsOf: first, encoding: .utf8)) == "a\n" }
        closing.stop(SIGKILL)
        desktop.wait("the focus to go back to the other xterm") { desktop.focusedWindowName == "second" }
        desktop.click(["b", "return"], on: geometry)
        desktop.wait("the next key in the other xterm") { (try? String(contentsOf: second, encoding: .utf8)) == "b\n" }
        XCTAssertTrue(keyboard.isRunning)
    }

    func testShowHideAndToggleFromOutside() throws {
        let keyboard = try startKeyboard()
        var status: Int32 = 0
        desktop.run([clavis, "hide"], status: &status)
        XCTAssertEqual(status, 0)
        desktop.wait("hidden") { ExportedGeometry.read(geometry)?.visible == false }
        desktop.run([clavis, "toggle"], status: &status)
        desktop.wait("shown by toggle") { ExportedGeometry.read(geometry)?.visible == true }
        desktop.run([clavis, "toggle"], status: &status)
        desktop.wait("hidden by toggle") { ExportedGeometry.read(geometry)?.visible == false }

        // Starting it again shows the running one instead of opening a second keyboard.
        desktop.run([clavis, "keyboard"], status: &status)
        XCTAssertEqual(status, 0)
        desktop.wait("shown by the second start") { ExportedGeometry.read(geometry)?.visible == true }
        XCTAssertTrue(desktop.errors.contains("already running"), desktop.errors)
        XCTAssertFalse(desktop.errors.contains("GLib-GIO-WARNING"), "no warning about D-Bus from the second: \(desktop.errors)")

        // The dismiss key hides it too.
        desktop.click(["dismiss"], on: geometry)
        desktop.wait("hidden by the dismiss key") { ExportedGeometry.read(geometry)?.visible == false }

        keyboard.stop()
        desktop.run([clavis, "show"], status: &status)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(desktop.errors.contains("no keyboard is running"), desktop.errors)
    }

    func testWithoutASessionBusItSaysWhatIsMissingAndStillTypes() throws {
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        _ = try startXterm(title: "cat-target", into: received)
        try startKeyboard(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        XCTAssertTrue(keyboardLog.contains("clavis: no D-Bus session bus: `clavis show|hide|toggle` cannot reach this keyboard"),
                      keyboardLog)
        desktop.click(["o", "k", "return"], on: geometry)
        desktop.wait("the keys in the xterm") { (try? String(contentsOf: received, encoding: .utf8)) == "ok\n" }
    }

    func testTheDockedKeyboardKeepsMaximisedWindowsAboveIt() throws {
        try startKeyboard(["--dock"])
        let keys = try XCTUnwrap(ExportedGeometry.read(geometry))
        let top = try XCTUnwrap(keys.keys.map(\.y).min())
        let strut = desktop.run(["xprop", "-name", "Clavis keyboard", "_NET_WM_STRUT_PARTIAL"])
        let values = strut.split(separator: "=").last?.split(separator: ",")
            .compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
        XCTAssertEqual(values.count, 12, strut)
        XCTAssertGreaterThanOrEqual(values.count == 12 ? values[3] : 0, 1024 - top, "the strut covers the keys")

        _ = try desktop.start(["xterm", "-T", "maximised", "-maximized"])
        desktop.wait("the maximised xterm") { desktop.focusedWindowName == "maximised" }
        let reserved = values.count == 12 ? values[3] : 0
        desktop.wait("the xterm to end above the keyboard") {
            // xwininfo's absolute position (xdotool's adds the frame's offset again).
            let info = desktop.run(["xwininfo", "-name", "maximised"])
            func field(_ name: String) -> Int? {
                info.split(separator: "\n").first { $0.contains(name) }
                    .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
            }
            guard let y = field("Absolute upper-left Y"), let height = field("Height"), height > 100 else { return false }
            return y + height <= 1024 - reserved
        }
    }
}
