import Foundation
import XCTest

/// Clavis's GNOME Shell extension (data/gnome-shell), installed by scripts/install.sh and
/// enabled with `clavis setup gnome` as a user does, on the headless shell: GNOME's own
/// keyboard stays closed while Clavis types and comes back when the extension is off, and
/// shortcuts reach a Wayland entry through the Shell's keyboard device.
final class GnomeShellExtensionTests: XCTestCase {
    var gnome: HeadlessGnome!

    override func tearDown() {
        if let gnome, (testRun?.failureCount ?? 0) > 0 {
            print("GNOME Shell's log:\n\(gnome.log.suffix(3000))\nClavis's:\n\(gnome.keyboardLog.suffix(3000))")
        }
        gnome?.tearDown()
    }

    /// The accessibility switch on and a click into a field, which brings GNOME's keyboard up
    /// beside Clavis without the extension (the double keyboard of every touchscreen): with it,
    /// only Clavis shows; with another input source GNOME's keyboard opens as before, and closes
    /// when Clavis is chosen again; disabled, GNOME's keyboard opens again for the next click.
    func testGnomesOwnKeyboardStaysClosedWhileTheExtensionIsOn() throws {
        gnome = try HeadlessGnome(extension: true)
        XCTAssertEqual(gnome.extensionState, "1", "the shell enabled the installed extension")
        gnome.runAsUser(["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-keyboard-enabled", "true"])
        gnome.desktop.wait("GNOME's keyboard built for the switch") { self.gnome.evaluate("String(!!imports.ui.main.keyboard.keyboardActor)") == "true" }
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        let (_, output) = try gnome.start(["/usr/bin/python3", helper, "free-form"])
        gnome.desktop.wait("the keyboard shown for the entry", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        for _ in 0..<2 {
            gnome.clickFocusedWindow(aboveBottom: 14)
            // GNOME's keyboard opens half a second after the click that asks for it.
            usleep(1_500_000)
            XCTAssertFalse(gnome.gnomeKeyboardVisible, "GNOME's keyboard opened beside Clavis")
        }
        XCTAssertEqual(ExportedGeometry.read(gnome.geometry)?.visible, true, "Clavis still shows")
        gnome.press(["o", "k"])

        // Another input source: GNOME's keyboard as before; Clavis again: it closes.
        let sources = "imports.ui.status.keyboard.getInputSourceManager()"
        gnome.evaluate("\(sources).inputSources[1].activate(true)")
        gnome.clickFocusedWindow(aboveBottom: 14)
        gnome.desktop.wait("GNOME's keyboard for another input source", seconds: 10) { self.gnome.gnomeKeyboardVisible }
        gnome.evaluate("\(sources).inputSources[0].activate(true)")
        gnome.desktop.wait("GNOME's keyboard closed when Clavis is the source again", seconds: 10) { !self.gnome.gnomeKeyboardVisible }

        gnome.runAsUser(["gnome-extensions", "disable", HeadlessGnome.extensionUUID])
        gnome.desktop.wait("the extension disabled") { self.gnome.extensionState == "2" }
        gnome.clickFocusedWindow(aboveBottom: 14)
        gnome.desktop.wait("GNOME's keyboard back once the extension is off", seconds: 10) { self.gnome.gnomeKeyboardVisible }
        gnome.send("key 65293")
        let lines = { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        gnome.desktop.wait("the entry submitted") { lines().contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(lines().filter { $0.hasPrefix("free-form\t") }, ["free-form\tok"], gnome.keyboardLog)
    }

    /// The overview's search, how GNOME users start applications: a click into it, and Clavis
    /// shows above the overview (no click reaches a window while the Shell holds the input)
    /// and types there; when the overview closes, Clavis is back in its window's place only.
    func testClavisTypesIntoTheOverviewsSearch() throws {
        gnome = try HeadlessGnome(extension: true)
        gnome.evaluate("imports.ui.main.overview.show()")
        gnome.desktop.wait("the overview shown") {
            self.gnome.evaluate("String(imports.ui.main.overview.visible && !imports.ui.main.overview.animationInProgress)") == "true"
        }
        let entry = gnome.evaluate("(() => { const e = imports.ui.main.overview.searchEntry; const [x, y] = e.get_transformed_position(); "
                                   + "const [w, h] = e.get_transformed_size(); return [x + w / 2, y + h / 2].map(Math.round).join(','); })()")
            .split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(entry.count, 2, "the search entry's place")
        gnome.send("move \(entry[0]) \(entry[1])")
        // The first click after the pointer jumps into the overview is taken as the pointer
        // arriving there (the Shell's business, before Clavis is involved): a second one focuses.
        for _ in 0..<3 where gnome.evaluate("String(imports.ui.main.overview.searchEntry.clutter_text.has_key_focus())") != "true" {
            usleep(200_000)
            gnome.send("click")
            usleep(800_000)
        }
        gnome.desktop.wait("the keyboard shown for the search", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        gnome.desktop.wait("Clavis raised above the overview") {
            self.gnome.evaluate("String(imports.ui.main.layoutManager.uiGroup.get_children().some(a => a.source?.meta_window?.get_role() === 'clavis-keyboard'))") == "true"
        }
        gnome.press(["t", "e", "r", "m"])
        gnome.desktop.wait("the search holding the text") { self.gnome.evaluate("imports.ui.main.overview.searchEntry.get_text()") == "term" }
        XCTAssertEqual(gnome.evaluate("String(imports.ui.main.overview.visible)"), "true", "the overview stayed open")
        gnome.evaluate("imports.ui.main.overview.hide()")
        gnome.desktop.wait("the raised copy gone with the overview") {
            self.gnome.evaluate("String(imports.ui.main.layoutManager.uiGroup.get_children().some(a => a.source?.meta_window?.get_role() === 'clavis-keyboard'))") == "false"
        }
    }

    /// The Shell's modal dialogs: the run dialog (Alt+F2) takes Clavis's text through IBus; a
    /// dialog's password entry (polkit's, a Wi-Fi password's), for which GNOME switches IBus off,
    /// is handed to Clavis by the extension and gets its secure keyboard (no bar), with the
    /// accessibility switch on and GNOME's keyboard closed all the while; the dialog closed,
    /// Clavis hides. Then a Wayland application's password field the same way, and an X11
    /// one's.
    func testClavisTypesIntoTheShellsDialogsTheirPasswordsAndAnApplicationsPassword() throws {
        gnome = try HeadlessGnome(settings: "{\"suggestions\": true}", extension: true)
        let raised = "String(imports.ui.main.layoutManager.uiGroup.get_children().some(a => a.source?.meta_window?.get_role() === 'clavis-keyboard'))"
        gnome.evaluate("imports.ui.main.openRunDialog()")
        gnome.desktop.wait("the keyboard shown for the run dialog", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        gnome.desktop.wait("Clavis raised above the dialog") { self.gnome.evaluate(raised) == "true" }
        gnome.press(["x", "t"])
        sleep(1)
        gnome.desktop.wait("the run dialog holding the text") { self.gnome.evaluate("imports.ui.main.runDialog._entryText.get_text()") == "xt" }
        gnome.evaluate("imports.ui.main.runDialog.close()")
        gnome.desktop.wait("the keyboard hidden with the dialog") { ExportedGeometry.read(self.gnome.geometry)?.visible == false }

        // Only the extension hands over: another program of the session is refused.
        let refused = gnome.runAsUser(["sh", "-c", "gdbus call --session --dest io.github.clavis.Keyboard --object-path /io/github/clavis/Keyboard "
                                       + "--method io.github.clavis.Keyboard.SecureFocus true 2>&1"])
        XCTAssertTrue(refused.contains("AccessDenied"), refused)
        XCTAssertEqual(ExportedGeometry.read(gnome.geometry)?.visible, false, "a refused handover shows nothing")

        // A password entry in a Shell dialog: the extension hands it to Clavis.
        gnome.runAsUser(["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-keyboard-enabled", "true"])
        gnome.desktop.wait("GNOME's keyboard built for the switch") { self.gnome.evaluate("String(!!imports.ui.main.keyboard.keyboardActor)") == "true" }
        gnome.evaluate("(() => { const dialog = new imports.ui.modalDialog.ModalDialog(); const entry = new imports.gi.St.PasswordEntry(); "
                       + "dialog.contentLayout.add_child(entry); dialog.setInitialKeyFocus(entry); dialog.open(); "
                       + "global._clavisTest = {dialog, entry}; return 'open'; })()")
        gnome.desktop.wait("Clavis's secure keyboard for the password", seconds: 20) {
            let geometry = ExportedGeometry.read(self.gnome.geometry)
            return geometry?.visible == true && geometry?.field?.secure == true
        }
        XCTAssertEqual(ExportedGeometry.read(gnome.geometry)?.suggestions.isEmpty, true, "no bar for a password")
        gnome.desktop.wait("Clavis raised above the dialog") { self.gnome.evaluate(raised) == "true" }
        gnome.press(["p", "w", "backspace", "shift", "x", "numbers", "4", "letters"])
        gnome.desktop.wait("the password entry holding the text", seconds: 10) { self.gnome.evaluate("global._clavisTest.entry.get_text()") == "pX4" }
        XCTAssertFalse(gnome.gnomeKeyboardVisible, "GNOME's keyboard opened beside Clavis")
        gnome.evaluate("global._clavisTest.dialog.close()")
        gnome.desktop.wait("the keyboard hidden with the dialog") { ExportedGeometry.read(self.gnome.geometry)?.visible == false }

        // A Wayland application's password field, and a free-form one after it: IBus again.
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        try typeIntoAPasswordThenAFreeFormEntry(try gnome.start(["/usr/bin/python3", helper, "password", "free-form"]).1,
                                                password: ["o", "k"], then: ["h", "i"], what: "a Wayland application")
        XCTAssertFalse(gnome.gnomeKeyboardVisible, "GNOME's keyboard opened beside Clavis")
        // An X11 application's (on Xwayland, through GTK's IBus module): the Shell has no input
        // method focus there, so the extension types the characters' keys.
        try typeIntoAPasswordThenAFreeFormEntry(try gnome.startX11(["/usr/bin/python3", helper, "password", "free-form"]).1,
                                                password: ["p", "w"], then: ["o", "k"], what: "an X11 application")
    }

    /// Types `password` into the first entry of a helper window (Helpers/ibus-entries.py
    /// password free-form) on Clavis's secure keyboard, and `then` into the next on its usual
    /// one, each ended by Return; checks what the helper printed.
    private func typeIntoAPasswordThenAFreeFormEntry(_ output: URL, password: [String], then: [String], what: String,
                                                     line: UInt = #line) throws {
        gnome.desktop.wait("Clavis's secure keyboard for \(what)'s password", seconds: 20, line: line) {
            ExportedGeometry.read(self.gnome.geometry)?.field?.secure == true && ExportedGeometry.read(self.gnome.geometry)?.visible == true
        }
        gnome.press(password + ["return"])
        gnome.desktop.wait("\(what)'s free-form entry through IBus", seconds: 10, line: line) {
            ExportedGeometry.read(self.gnome.geometry)?.field?.secure != true
        }
        gnome.press(then + ["return"])
        let lines = { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        gnome.desktop.wait("\(what)'s entries submitted", line: line) { lines().contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(lines().filter { $0.hasPrefix("password\t") || $0.hasPrefix("free-form\t") },
                       ["password\t" + password.joined(), "free-form\t" + then.joined()], gnome.keyboardLog, line: line)
    }

    /// The lock screen: the Shell turns extensions off while it is locked (Clavis cannot be
    /// there), so GNOME's own keyboard must still come up for the unlock password with the
    /// accessibility switch on; unlocked, the extension is back and Clavis alone types again.
    /// (The headless shell offers a lock screen when a display manager answers: a fake GDM
    /// whose verifier takes the password "unlock".)
    func testTheLockScreenKeepsGnomesKeyboardAndClavisTypesAgainOnceUnlocked() throws {
        gnome = try HeadlessGnome(extension: true, lockable: true)
        gnome.runAsUser(["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-keyboard-enabled", "true"])
        gnome.desktop.wait("GNOME's keyboard built for the switch") { self.gnome.evaluate("String(!!imports.ui.main.keyboard.keyboardActor)") == "true" }
        XCTAssertEqual(gnome.evaluate("String(!!imports.ui.main.screenShield)"), "true", "the shell offers a lock screen")
        gnome.evaluate("(() => { imports.ui.main.screenShield.lock(false); return 'locked'; })()")
        gnome.desktop.wait("the screen locked, the extension off", seconds: 10) {
            self.gnome.evaluate("String(imports.ui.main.screenShield.locked)") == "true" && self.gnome.extensionState == "2"
        }
        gnome.evaluate("(() => { imports.ui.main.screenShield._dialog._showPrompt(); return 'prompt'; })()")
        gnome.desktop.wait("the unlock password focused", seconds: 10) {
            self.gnome.evaluate("String(global.stage.key_focus?.input_purpose)") == "8"
        }
        gnome.desktop.wait("GNOME's keyboard for the unlock password", seconds: 10) { self.gnome.gnomeKeyboardVisible }
        // Clavis had shown for the overview's search the shell starts in; it hides with that field.
        gnome.desktop.wait("no Clavis on the lock screen", seconds: 5) { ExportedGeometry.read(self.gnome.geometry)?.visible != true }
        // The password goes to the display manager, which unlocks the session through logind;
        // the headless session has no logind, so its Unlock is played by hand.
        gnome.evaluate("(() => { const t = global.stage.key_focus; t.set_text('unlock'); t.activate(); return 'sent'; })()")
        gnome.desktop.wait("the password verified") { self.gdmLog.contains("AnswerQuery ('gdm-password', 'unlock')") }
        gnome.evaluate("(() => { imports.ui.main.screenShield.deactivate(false); return 'unlocked'; })()")
        gnome.desktop.wait("unlocked, the extension on again", seconds: 15) {
            self.gnome.evaluate("String(imports.ui.main.screenShield.locked)") == "false" && self.gnome.extensionState == "1"
        }
        gnome.desktop.wait("GNOME's keyboard closed with the lock screen", seconds: 10) { !self.gnome.gnomeKeyboardVisible }

        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        let (_, output) = try gnome.start(["/usr/bin/python3", helper, "free-form"])
        // Unlocked, the shell switches IBus back from the password's layout to Clavis: typing
        // starts once the entry's text has come through it.
        gnome.desktop.wait("Clavis shown for the entry, its text known", seconds: 20) {
            ExportedGeometry.read(self.gnome.geometry).map { $0.visible && $0.field != nil } == true
        }
        gnome.press(["o", "k", "return"])
        let lines = { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        gnome.desktop.wait("the entry submitted") { lines().contains { $0.hasPrefix("free-form\t") } }
        XCTAssertEqual(lines().filter { $0.hasPrefix("free-form\t") }, ["free-form\tok"], gnome.keyboardLog)
        XCTAssertFalse(gnome.gnomeKeyboardVisible, "GNOME's keyboard opened beside Clavis after unlocking")
    }

    /// What the fake display manager was asked (Helpers/fake-gdm.py).
    var gdmLog: String { (try? String(contentsOf: gnome.desktop.folder.appendingPathComponent("gdm.txt"), encoding: .utf8)) ?? "" }

    /// Ctrl+A, Ctrl+C and Ctrl+V from the PC layout's Ctrl key, in a Wayland entry: select all
    /// and one more letter leaves only that letter, and what was copied is pasted into the
    /// next entry. (Forwarded through IBus, Ctrl+A would type an "a": see GnomeTypingTests.)
    func testShortcutsReachAWaylandEntryThroughTheShellsDevice() throws {
        gnome = try HeadlessGnome(keyboard: ["--dock", "--layout", "pc"], extension: true)
        let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Helpers/ibus-entries.py").path
        let (_, output) = try gnome.start(["/usr/bin/python3", helper, "free-form", "free-form"])
        gnome.desktop.wait("the keyboard shown for the entry", seconds: 20) { ExportedGeometry.read(self.gnome.geometry)?.visible == true }
        gnome.press(["a", "b", "ctrl", "a", "ctrl", "c", "c", "return"])
        gnome.press(["ctrl", "v", "return"])
        let lines = { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        gnome.desktop.wait("the entries submitted") { lines().filter { $0.hasPrefix("free-form\t") }.count == 2 }
        XCTAssertEqual(lines().filter { $0.hasPrefix("free-form\t") }, ["free-form\tc", "free-form\tab"], gnome.keyboardLog)
    }
}
