import Foundation
import XCTest

/// `clavis keyboard --ibus` as a user's IBus input method, without GNOME: ibus-daemon starts
/// it from its component file once it is the engine, GTK 3 entries reach it through IBus's
/// GTK module, keys are clicked with real X events at the positions from `--geometry-out`,
/// and what the entries received is compared exactly.
final class IBusTypingTests: XCTestCase {
    var ibus: HeadlessIBus!
    var geometry: URL { ibus.geometry }

    override func setUpWithError() throws {
        try GUI.requireDisplay()
    }

    override func tearDown() {
        if let ibus, (testRun?.failureCount ?? 0) > 0 {
            print("ibus-daemon's log:\n\(ibus.daemonLog.suffix(2000))\nClavis's:\n\(ibus.keyboardLog.suffix(3000))")
        }
        ibus?.tearDown()
    }

    func testClickedKeysArriveExactlyAndReturnSubmits() throws {
        ibus = try HeadlessIBus()
        let (_, output) = try ibus.startEntries(["free-form", "free-form"])
        ibus.desktop.wait("the keyboard shown for the entry") { ExportedGeometry.read(self.geometry)?.visible == true }
        let keys = try XCTUnwrap(ExportedGeometry.read(geometry)?.keys)
        let screen = ibus.desktop.run(["xdotool", "getdisplaygeometry"]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(keys.map { $0.y + $0.height }.max() ?? 0, screen.last ?? 0, accuracy: 12, "docked at the bottom of the screen")
        // BackSpace deletes through delete_surrounding_text; Return is a forwarded key.
        ibus.click(["h", "i", "backspace", "e", "y", "return"])
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(ibus.lines(of: output).first { $0.hasPrefix("free-form\t") }, "free-form\they", ibus.keyboardLog)
        // Shift, a number and a symbol, and a word deleted back to a space.
        ibus.click(["shift", "o", "k", "space", "numbers", "1", "letters", "x", "backspace"])
        // Return on the last entry closes the window: the focus goes with it.
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the second entry to submit") { ibus.lines(of: output).filter { $0.hasPrefix("free-form\t") }.count == 2 }
        XCTAssertEqual(ibus.lines(of: output).filter { $0.hasPrefix("free-form\t") }.last, "free-form\tOk 1", ibus.keyboardLog)
        XCTAssertFalse(ibus.keyboardLog.contains("cannot"), ibus.keyboardLog)
    }

    func testAPasswordIsSecureWithoutSuggestionsAndDigitsGetTheNumberPad() throws {
        ibus = try HeadlessIBus(settings: "{\"suggestions\": true}")
        let (_, output) = try ibus.startEntries(["password", "digits"])
        ibus.desktop.wait("the keyboard shown for the password") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.click(["s"])
        ibus.desktop.wait("the password field secure") { ExportedGeometry.read(self.geometry)?.field?.secure == true }
        XCTAssertEqual(ExportedGeometry.read(geometry)?.suggestions.isEmpty, true, "a password gets no suggestion bar")
        ibus.click(["e", "c", "r", "e", "t", "return"])
        ibus.desktop.wait("the number pad for the digits entry") { ExportedGeometry.read(self.geometry)?.keyboard == "numpad" }
        ibus.click(["2", "0", "2", "6"])
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the digits entry to submit") { ibus.lines(of: output).contains { $0.hasPrefix("digits\t") } }
        XCTAssertEqual(ibus.lines(of: output).filter { !$0.hasPrefix("focus") && !$0.hasPrefix("preedit") }, ["password\tsecret", "digits\t2026"])
    }

    func testJapaneseCompositionIsPreeditAndItsCommitReplacesIt() throws {
        ibus = try HeadlessIBus(keyboard: ["--dock", "--layout", "ja"])
        let (_, output) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("the keyboard shown") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.click(["n", "i"])
        ibus.desktop.wait("preedit に in the entry") { ibus.lines(of: output).contains("preedit\tに") }
        // Return ends the composition (確定): the preedit goes and the text is committed;
        // the second Return submits the entry.
        ibus.click(["return"])
        ibus.desktop.wait("the preedit cleared") { ibus.lines(of: output).last == "preedit\t" }
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(ibus.lines(of: output).last, "free-form\tに", ibus.keyboardLog)
    }

    /// Korean over IBus: the open syllable is the preedit, Return commits it and submits.
    func testHangulSyllablesArePreeditAndReturnCommitsThem() throws {
        ibus = try HeadlessIBus(keyboard: ["--dock", "--layout", "ko"])
        let (_, output) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("the keyboard shown") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.click(["g", "k", "s", "r", "n", "r"])   // ㅎ ㅏ ㄴ ㄱ ㅜ ㄱ
        ibus.desktop.wait("preedit 국 in the entry") { ibus.lines(of: output).contains("preedit\t국") }
        // Return commits 국 and submits: the entries' window goes, so no focus check.
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(ibus.lines(of: output).last, "free-form\t한국", ibus.keyboardLog)
    }

    func testTheKeyboardShowsForAFocusedFieldAndHidesWhenItGoes() throws {
        ibus = try HeadlessIBus()
        ibus.desktop.wait("the keyboard started") { ExportedGeometry.read(self.geometry) != nil }
        XCTAssertEqual(ExportedGeometry.read(geometry)?.visible, false, "no field has the focus yet")
        let (entries, _) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("shown for the entry") { ExportedGeometry.read(self.geometry)?.visible == true }
        entries.stop()
        ibus.desktop.wait("hidden once the field is gone") { ExportedGeometry.read(self.geometry)?.visible == false }
        let (_, output) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("shown again for the next one") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.click(["o", "k"])
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains("free-form\tok") }
    }

    /// Hardware keys go through the engine untouched; with "stay hidden while a hardware
    /// keyboard is used" the keyboard steps aside for them.
    func testHardwareTypingPassesThroughUnchanged() throws {
        ibus = try HeadlessIBus(settings: "{\"suggestions\": false, \"hideWithHardwareKeyboard\": true}")
        let (_, output) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("shown for the entry") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.desktop.run(["xdotool", "type", "--delay", "20", "Hello, World! 42"])
        ibus.desktop.wait("hidden while the hardware keyboard is used") { ExportedGeometry.read(self.geometry)?.visible == false }
        ibus.desktop.run(["xdotool", "key", "BackSpace", "Return"])
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(ibus.lines(of: output).last, "free-form\tHello, World! 4", ibus.keyboardLog)
    }

    /// Typing on the hardware keyboard while Clavis is the engine: the bar completes the word
    /// typed, and tapping a completion replaces it.
    func testHardwareTypingGetsSuggestions() throws {
        ibus = try HeadlessIBus(settings: "{\"suggestions\": true}")
        let (_, output) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("shown for the entry") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.desktop.run(["xdotool", "type", "--delay", "30", "I like the weath"])
        var weather: ExportedGeometry.Slot?
        ibus.desktop.wait("weather suggested for 'weath' typed on the hardware keyboard") {
            weather = ExportedGeometry.read(self.geometry)?.suggestions.first { $0.text == "weather" }
            return weather != nil
        }
        let slot = try XCTUnwrap(weather)
        ibus.desktop.run(["xdotool", "mousemove", "\(slot.x + slot.width / 2)", "\(slot.y + slot.height / 2)", "click", "1"])
        ibus.desktop.run(["xdotool", "sleep", "0.3", "key", "Return"])
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(ibus.lines(of: output).last, "free-form\tI like the weather ", ibus.keyboardLog)
    }

    /// Keys that are not text are forwarded as key events with the keymap's keycodes: arrows,
    /// Home, Delete and End, and a latched Ctrl with a letter.
    func testArrowsEditingKeysAndShortcutsReachTheField() throws {
        ibus = try HeadlessIBus(keyboard: ["--dock", "--layout", "pc"])
        let (_, output) = try ibus.startEntries(["free-form", "free-form", "free-form"])
        ibus.desktop.wait("shown for the entry") { ExportedGeometry.read(self.geometry)?.visible == true }
        // The text after ← waits for the caret to move.
        ibus.click(["a", "b", "left", "c", "return"])
        ibus.click(["a", "b", "home", "del", "c", "end", "lshift", "n1", "return"])
        ibus.click(["w", "o", "ctrl", "a", "x"])
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the entries to submit") { ibus.lines(of: output).filter { $0.hasPrefix("free-form\t") }.count == 3 }
        XCTAssertEqual(ibus.lines(of: output).filter { $0.hasPrefix("free-form\t") }, ["free-form\tacb", "free-form\tcb!", "free-form\tx"],
                       ibus.keyboardLog)
    }

    func testTheEngineReconnectsWhenTheDaemonRestarts() throws {
        ibus = try HeadlessIBus()
        ibus.desktop.wait("the keyboard started") { !self.ibus.keyboardProcess.isEmpty }
        let first = ibus.keyboardProcess
        ibus.stopDaemon()
        try ibus.startDaemon()
        ibus.chooseClavis()
        XCTAssertEqual(ibus.keyboardProcess, first, "the same keyboard serves the new daemon")
        let (_, output) = try ibus.startEntries(["free-form"])
        ibus.desktop.wait("shown for the entry") { ExportedGeometry.read(self.geometry)?.visible == true }
        ibus.click(["o", "k"])
        ibus.desktop.click(["return"], on: geometry)
        ibus.desktop.wait("the entry to submit") { ibus.lines(of: output).contains("free-form\tok") }
    }

    /// The third probe's: with no ibus-daemon, `--ibus` waited for ever without a word. It
    /// says within seconds that it waits, and for what.
    func testWithoutADaemonItSaysItWaits() throws {
        let desktop = try ForeignDesktop()
        defer { desktop.tearDown() }
        let errors = desktop.folder.appendingPathComponent("clavis-stderr.txt")
        let keyboard = try desktop.start([GUI.clavis, "keyboard", "--ibus", "--layout", "us"], error: errors.path,
                                         environment: ["IBUS_ADDRESS": "unix:path=\(desktop.folder.path)/no-ibus"])
        defer { keyboard.stop() }
        desktop.wait("the keyboard to say it waits", seconds: 15) {
            ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("waiting for ibus-daemon")
        }
        XCTAssertTrue(keyboard.isRunning, "still waiting: the daemon may come")
    }
}
