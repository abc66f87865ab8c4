import ClavisEngine
import ClavisHost
import ClavisLayout
@testable import ClavisSession
import ClavisSettings
import ClavisSound
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// A change saved by another process reaches the running keyboard (iOS's App Group
/// defaults between the keyboard and its container app).
final class LiveSettingsTests: XCTestCase {
    func testAChangeFromAnotherProcessReachesTheRunningKeyboard() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let clavis = GUI.clavis
        try MainActor.assumeIsolated {
            try GUI.start()
            let live = LiveSettings(store: SettingsStore(file: config.appendingPathComponent("clavis/settings.json").path))
            let player = ClickSoundPlayer(directory: nil, onProblem: { _ in })
            let library = LayoutLibrary()
            let demo = DemoWindow(session: TestSessions.make([try library.load("us")], sounds: player))
            defer { gtk_widget_destroy(demo.window) }
            demo.keyboard.session.apply(live.settings, loadKeyboards: nil)
            live.onChange = { demo.keyboard.session.apply($0, loadKeyboards: { ids in ids.compactMap { try? library.load($0) } }) }
            demo.present()
            XCTAssertTrue(player.isEnabled)

            let child = try Child([clavis, "settings", "--set", "soundsEnabled=off", "--set", "repeatDelay=0.7",
                                   "--set", "enabledKeyboards=numpad,us"],
                                  environment: ["XDG_CONFIG_HOME": config.path])
            GUI.wait("the other process to finish") { !child.isRunning }
            XCTAssertEqual(child.status, 0)
            GUI.wait("the change to arrive", seconds: 5) { !player.isEnabled }
            XCTAssertEqual(demo.keyboard.session.tracker.timing.repeatDelay, 0.7)
            XCTAssertEqual(demo.keyboard.session.keyboards.layouts.map(\.id), ["numpad", "us"])
            XCTAssertEqual(demo.keyboard.session.layout.id, "numpad")
        }
    }
}

/// The settings window saves every change at once.
final class SettingsWindowTests: XCTestCase {
    func testEveryChangeIsSavedAtOnce() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        try MainActor.assumeIsolated {
            try GUI.start()
            let store = SettingsStore(file: config.appendingPathComponent("clavis/settings.json").path)
            let window = SettingsWindow(live: LiveSettings(store: store), catalog: KeyboardCatalog(entries: [
                .init(id: "de", name: "Deutsch", language: "de", source: .builtIn),
                .init(id: "emoji", name: "Emoji", language: "", source: .builtIn),
                .init(id: "us", name: "English (US)", language: "en", source: .builtIn),
            ]))
            defer { gtk_widget_destroy(window.window) }
            gtk_widget_show_all(window.window)
            GUI.settle()
            XCTAssertEqual(store.load().enabledKeyboards, ["us", "emoji"], "nothing written before a change")
            window.addKeyboard("de")
            XCTAssertEqual(store.load().enabledKeyboards, ["us", "emoji", "de"])
            window.moveKeyboard("de", by: -1)
            XCTAssertEqual(store.load().enabledKeyboards, ["us", "de", "emoji"])
            window.removeKeyboard("us")
            XCTAssertEqual(store.load().enabledKeyboards, ["de", "emoji"])
            XCTAssertTrue(GUI.labels(in: window.window).contains("Removed English (US)."), "the removal is said")
            let undo = try XCTUnwrap(GUI.descendants(of: window.window).first { GUI.accessibleName($0) == "Undo the removal" })
            XCTAssertNotEqual(gtk_widget_is_visible(undo), 0)
            gtk_button_clicked(gtkCast(undo))
            XCTAssertEqual(store.load().enabledKeyboards, ["us", "de", "emoji"], "back where it was")
            XCTAssertEqual(gtk_widget_is_visible(undo), 0)
            window.removeKeyboard("us")
            window.removeKeyboard("emoji")
            XCTAssertEqual(store.load().enabledKeyboards, ["de"])
            // The last keyboard cannot be removed.
            window.removeKeyboard("de")
            XCTAssertEqual(store.load().enabledKeyboards, ["de"])
            gtk_switch_set_active(gtkCast(window.soundsSwitch), 0)
            XCTAssertFalse(store.load().soundsEnabled)
        }
    }

    /// Each keyboard says which languages it suggests in; "Languages…" adds one with a real
    /// click, saved at once, and says the most there may be.
    func testAKeyboardsLanguagesAreShownAndAddedInItsRow() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        try MainActor.assumeIsolated {
            try GUI.start()
            let store = SettingsStore(file: config.appendingPathComponent("clavis/settings.json").path)
            var settings = Settings()
            settings.enabledKeyboards = ["us", "xkb:de(dsb)", "ja", "emoji"]
            try store.save(settings)
            let window = SettingsWindow(live: LiveSettings(store: store), catalog: KeyboardCatalog(entries: [
                .init(id: "us", name: "English (US)", language: "en", source: .builtIn, suggestions: true),
                .init(id: "xkb:de(dsb)", name: "Lower Sorbian", language: "dsb", source: .xkb),
                .init(id: "ja", name: "日本語 (ローマ字)", language: "ja", source: .builtIn,
                inputMode: .init(feature: "types kana and kanji", summary: "Types kana and kanji with its own converter")),
                .init(id: "emoji", name: "Emoji", language: "", source: .builtIn),
            ], suggestionLanguages: ["de", "en", "es"]))
            defer { gtk_widget_destroy(window.window) }
            gtk_widget_show_all(window.window)
            window.show(page: "keyboards")
            GUI.settle(seconds: 0.3)
            let labels = GUI.labels(in: window.window)
            XCTAssertTrue(labels.contains("Suggests in English"), "\(labels)")
            XCTAssertTrue(labels.contains { $0.hasPrefix("No suggestions: no word list for Dolnoserbšćina is installed") }, "\(labels)")
            XCTAssertTrue(labels.contains { $0.contains("scripts/text-data.sh dsb") }, "a source tree says how to build one: \(labels)")
            XCTAssertTrue(labels.contains("Emoji: no word suggestions"))
            XCTAssertTrue(labels.contains("Types kana and kanji with its own converter"), "no word list needed: \(labels)")
            XCTAssertFalse(labels.contains { $0.contains("  ") }, "no double spaces: \(labels)")
            XCTAssertFalse(GUI.descendants(of: window.window).contains { GUI.accessibleName($0)?.hasPrefix("Languages 日本語") == true })

            let button = try XCTUnwrap(GUI.descendants(of: window.window).first { GUI.accessibleName($0) == "Languages English (US) also suggests in" })
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(button, &allocation)
            GUI.click(button, x: Double(allocation.width) / 2, y: Double(allocation.height) / 2)
            GUI.settle(seconds: 0.3)
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(gtkCast(button)))
            XCTAssertNotEqual(gtk_widget_get_mapped(gtkCast(popover)), 0, "the click opened the languages")
            let checks = GUI.descendants(of: gtkCast(popover)).filter { GUI.accessibleName($0)?.hasPrefix("English (US) also suggests in") == true }
            XCTAssertEqual(checks.compactMap(GUI.accessibleName), ["English (US) also suggests in Deutsch", "English (US) also suggests in Español"],
                           "every language with a word list but the keyboard's own")
            let german = try XCTUnwrap(checks.first)
            gtk_widget_get_allocation(german, &allocation)
            GUI.click(german, x: 8, y: Double(allocation.height) / 2)
            GUI.settle(seconds: 0.3)
            XCTAssertEqual(store.load().alsoSuggestIn, ["us": ["de"]], "saved at once")
            let after = GUI.labels(in: window.window)
            XCTAssertTrue(after.contains("Suggests in English, Deutsch"), "\(after)")
        }
    }

    /// Scanning's and dwelling's controls are insensitive while their feature is off, and
    /// follow it when it is switched on in the window.
    func testAFeaturesControlsAreInsensitiveWhileItIsOff() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        try MainActor.assumeIsolated {
            try GUI.start()
            let store = SettingsStore(file: config.appendingPathComponent("clavis/settings.json").path)
            let window = SettingsWindow(live: LiveSettings(store: store), catalog: KeyboardCatalog(entries: []),
                                        listenForSwitch: { _ in {} })
            defer { gtk_widget_destroy(window.window) }
            let chooser = try XCTUnwrap(GUI.descendants(of: window.window).first { GUI.accessibleName($0) == "Choose the select switch" })
            XCTAssertEqual(gtk_widget_is_sensitive(chooser), 0, "Choose… greyed out with the rest while scanning is off")
            @MainActor func sensitive(_ section: String) -> [Bool] {
                window.switchedRows.filter { $0.section == section }.flatMap(\.widgets).map { gtk_widget_get_sensitive($0) != 0 }
            }
            XCTAssertFalse(sensitive("Switch scanning").isEmpty)
            XCTAssertEqual(Set(sensitive("Switch scanning")), [false], "scanning is off at first")
            XCTAssertEqual(Set(sensitive("Dwell clicking")), [false])
            window.change { $0.scanning = .auto }
            XCTAssertEqual(Set(sensitive("Switch scanning")), [true])
            XCTAssertNotEqual(gtk_widget_is_sensitive(chooser), 0)
            XCTAssertEqual(Set(sensitive("Dwell clicking")), [false], "each section follows its own switch")
        }
    }

    /// "Start with the desktop" writes the autostart entry when clicked on and removes it when
    /// clicked off; on GNOME it is a sentence saying how GNOME starts the keyboard instead.
    func testTheAutostartSwitchWritesAndRemovesTheEntry() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        try MainActor.assumeIsolated {
            try GUI.start()
            let store = SettingsStore(file: config.appendingPathComponent("clavis/settings.json").path)
            let autostart = Autostart(configHome: config.path, binary: "/usr/bin/clavis", environment: ["XDG_CURRENT_DESKTOP": "XFCE"])
            let window = SettingsWindow(live: LiveSettings(store: store), catalog: KeyboardCatalog(entries: []), autostart: autostart)
            defer { gtk_widget_destroy(window.window) }
            gtk_widget_show_all(window.window)
            window.show(page: "accessibility")
            GUI.settle(seconds: 0.3)
            let toggle = try XCTUnwrap(window.autostartSwitch)
            XCTAssertEqual(GUI.accessibleName(toggle), "Start with the desktop")
            XCTAssertEqual(gtk_switch_get_active(gtkCast(toggle)), 0, "off unless the user turns it on")
            XCTAssertFalse(FileManager.default.fileExists(atPath: autostart.path))

            let width = Double(gtk_widget_get_allocated_width(toggle)), height = Double(gtk_widget_get_allocated_height(toggle))
            GUI.click(toggle, x: width / 2, y: height / 2)
            GUI.wait("the entry to be written") { FileManager.default.fileExists(atPath: autostart.path) }
            let entry = try String(contentsOfFile: autostart.path, encoding: .utf8)
            XCTAssertTrue(entry.contains("Exec=/usr/bin/clavis keyboard --auto-show --hidden"), entry)

            GUI.click(toggle, x: width / 2, y: height / 2)
            GUI.wait("the entry to be removed") { !FileManager.default.fileExists(atPath: autostart.path) }
            XCTAssertEqual(gtk_switch_get_active(gtkCast(toggle)), 0)
        }
        MainActor.assumeIsolated {
            let gnome = Autostart(configHome: config.path, binary: "/usr/bin/clavis", environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
            let window = SettingsWindow(live: LiveSettings(store: SettingsStore(file: config.appendingPathComponent("s.json").path)),
                                        catalog: KeyboardCatalog(entries: []), autostart: gnome)
            defer { gtk_widget_destroy(window.window) }
            XCTAssertNil(window.autostartSwitch)
            XCTAssertTrue(GUI.labels(in: window.window).contains { $0.hasPrefix("GNOME starts Clavis itself") })
        }
    }

    /// A settings file a newer Clavis wrote keeps what this one does not know through a change
    /// made in the window.
    func testFieldsOfANewerVersionSurviveAChangeInTheWindow() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-config-\(UUID())")
        defer { try? FileManager.default.removeItem(at: config) }
        let file = config.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"soundsEnabled": true, "handwriting": {"strokes": 3}}"#.utf8).write(to: file)
        try MainActor.assumeIsolated {
            try GUI.start()
            let window = SettingsWindow(live: LiveSettings(store: SettingsStore(file: file.path)), catalog: KeyboardCatalog(entries: []))
            defer { gtk_widget_destroy(window.window) }
            gtk_switch_set_active(gtkCast(window.soundsSwitch), 0)
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            XCTAssertEqual(saved?["soundsEnabled"] as? Bool, false)
            XCTAssertEqual((saved?["handwriting"] as? [String: Any])?["strokes"] as? Int, 3)
        }
    }
}
