import ClavisPrediction
import ClavisSession
import Foundation
import XCTest

/// `clavis settings` used as a person uses it, beside the running demo: pages chosen in the
/// sidebar and buttons pressed over AT-SPI (pyatspi, as a screen reader or switch tool would),
/// words typed with xdotool; what changes is read from the demo's `--geometry-out`, its
/// pixels and `clavis suggest`.
final class SettingsAppTests: XCTestCase {
    var desktop: ForeignDesktop!
    var geometry: URL!
    let clavis = GUI.clavis

    override func setUpWithError() throws {
        try GUI.requireDisplay()
        desktop = try ForeignDesktop(windowManager: true)
        geometry = desktop.folder.appendingPathComponent("keys.json")
    }

    override func tearDown() {
        desktop?.tearDown()
    }

    var settingsFile: URL { desktop.folder.appendingPathComponent("clavis/settings.json") }

    func writeSettings(_ json: String) throws {
        try FileManager.default.createDirectory(at: settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: settingsFile)
    }

    /// The demo (its keyboards from the settings) and the settings window, both on the
    /// accessibility bus.
    func startDemoAndSettings() throws {
        try desktop.start([clavis, "--geometry-out", geometry.path], environment: ["NO_AT_BRIDGE": "0"])
        desktop.wait("the demo's keyboard") { ExportedGeometry.read(geometry)?.key("globe") != nil }
        try desktop.start([clavis, "settings"], environment: ["NO_AT_BRIDGE": "0"])
    }

    /// Runs pyatspi steps in the settings window: `page('Keyboards')` chooses a page in the
    /// sidebar, `press('Add a keyboard…')` a button by name (or `press_starting(…)`); the
    /// script prints "done" when every step found what it looked for.
    @discardableResult
    func atspi(_ steps: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let script = """
            import pyatspi, time, sys
            def frames():
                for app in pyatspi.Registry.getDesktop(0):
                    if app is None: continue
                    for frame in app:
                        if frame is not None and frame.name.startswith(('Clavis Settings', 'Add a keyboard')): yield frame
            def find(pred, tries=150):
                for _ in range(tries):
                    try:
                        for frame in frames():
                            found = pyatspi.findAllDescendants(frame, pred)
                            if found: return found[0]
                    except Exception:
                        pass  # a row rebuilt while it was read; look again
                    time.sleep(0.1)
                print('not found'); sys.exit(1)
            def page(name):
                label = find(lambda n: n.name == name and n.getRole() == pyatspi.ROLE_LABEL and n.parent.getRole() == pyatspi.ROLE_LIST_ITEM)
                label.parent.parent.querySelection().selectChild(label.parent.getIndexInParent())
                time.sleep(0.3)
            def press(name):
                find(lambda n: n.name == name and n.getRole() == pyatspi.ROLE_PUSH_BUTTON).queryAction().doAction(0)
                time.sleep(0.3)
            def press_starting(prefix):
                find(lambda n: n.name.startswith(prefix) and n.getRole() == pyatspi.ROLE_PUSH_BUTTON).queryAction().doAction(0)
                time.sleep(0.3)

            """ + steps + "\nprint('done')\n"
        let output = desktop.run(["/usr/bin/python3", "-c", script])
        XCTAssertTrue(output.hasSuffix("done\n"), "AT-SPI steps: \(output) \(desktop.errors)", file: file, line: line)
        return output
    }

    var enabledKeyboards: [String] {
        guard let data = try? Data(contentsOf: settingsFile),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return object["enabledKeyboards"] as? [String] ?? []
    }

    /// Presses the demo's globe key until `keyboard` shows (at most `limit` presses).
    func cycle(to keyboard: String, limit: Int = 4) -> Int? {
        for presses in 0...limit {
            if ExportedGeometry.read(geometry)?.keyboard == keyboard { return presses }
            guard let globe = ExportedGeometry.read(geometry)?.key("globe") else { return nil }
            let before = ExportedGeometry.read(geometry)?.keyboard
            desktop.run(["xdotool", "mousemove", "\(globe.x + globe.width / 2)", "\(globe.y + globe.height / 2)", "click", "1"])
            desktop.wait("the next keyboard") { ExportedGeometry.read(geometry)?.keyboard != before }
        }
        return ExportedGeometry.read(geometry)?.keyboard == keyboard ? limit : nil
    }

    func testARussianKeyboardFoundBySearchingJoinsTheGlobeCycleInTheOrderChosen() throws {
        try writeSettings(#"{"enabledKeyboards": ["us", "emoji"]}"#)
        try startDemoAndSettings()
        atspi("page('Keyboards')\npress('Add a keyboard…')")
        desktop.wait("the add window") { desktop.focusedWindowName == "Add a keyboard" }
        desktop.run(["xdotool", "type", "--delay", "40", "russian"])
        atspi("press_starting('Russian, system layout')")
        atspi("press_starting('Add R')")
        desktop.wait("xkb:ru enabled") { enabledKeyboards == ["us", "emoji", "xkb:ru"] }
        XCTAssertEqual(cycle(to: "xkb:ru"), 2, "after emoji")
        XCTAssertEqual(cycle(to: "us"), 1)
        // Moved up once, it comes straight after English.
        atspi("press('Move Russian up')")
        desktop.wait("the new order saved") { enabledKeyboards == ["us", "xkb:ru", "emoji"] }
        XCTAssertEqual(cycle(to: "xkb:ru"), 1, "the cycle follows the order")
    }

    func testTheDarkThemeChosenByItsPreviewDarkensTheRunningKeyboard() throws {
        try writeSettings(#"{"theme": "light"}"#)
        try startDemoAndSettings()
        let key = try XCTUnwrap(ExportedGeometry.read(geometry)?.key("q"))
        func luminance() -> Double {
            let shot = desktop.folder.appendingPathComponent("shot-\(UUID()).png").path
            desktop.run(["import", "-window", "root", shot])
            let crop = "\(key.width - 8)x\(key.height - 8)+\(key.x + 4)+\(key.y + 4)"
            return Double(desktop.run(["convert", shot, "-crop", crop, "+repage", "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"])
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        let light = luminance()
        atspi("page('Appearance')\npress('Dark theme')")
        desktop.wait("the dark theme saved") { (try? String(contentsOf: settingsFile, encoding: .utf8))?.contains(#""theme" : "dark""#) == true }
        var dark = light
        desktop.wait("the keys to darken") {
            dark = luminance()
            return dark < light - 0.3
        }
        XCTAssertLessThan(dark, light - 0.3, "luminance of the q key: light \(light), dark \(dark)")
        atspi("press('Dark theme, in use')")
    }

    func testRemovingOneLearnedWordStopsItsSuggestionAndKeepsTheOthers() throws {
        try writeSettings(#"{"allowFullAccess": true}"#)
        var words = UserLexicon()
        for word in ["zorblax", "zorbing", "quibbleworth"] { words.learn(word: word) }
        let stores = LearnedStores(dataDirectory: desktop.folder.appendingPathComponent("clavis").path)
        try FileManager.default.createDirectory(at: desktop.folder.appendingPathComponent("clavis"), withIntermediateDirectories: true)
        try XCTUnwrap(stores.words).save(words)
        func suggested(_ before: String) -> String {
            let input = desktop.folder.appendingPathComponent("suggest-in.txt")
            try? Data((before + "\n").utf8).write(to: input)
            return desktop.run(["sh", "-c", "'\(clavis)' suggest --language en --learned < '\(input.path)'"])
        }
        XCTAssertTrue(suggested("zorb").contains("\"zorblax\""), suggested("zorb"))
        try desktop.start([clavis, "settings"], environment: ["NO_AT_BRIDGE": "0"])
        atspi("page('Privacy')\npress('Remove the learned word zorblax')")
        desktop.wait("zorblax forgotten") { !suggested("zorb").contains("\"zorblax\"") }
        XCTAssertTrue(suggested("zorb").contains("\"zorbing\""), "the others stay: \(suggested("zorb"))")
        XCTAssertTrue(suggested("quib").contains("\"quibbleworth\""))
        let saved = (try? Data(contentsOf: settingsFile)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        XCTAssertEqual(saved?["forgotten"] as? [String], ["word\tzorblax"], "a running keyboard hears of it through the settings")
    }

    /// The keyboard height setting resizes a running docked keyboard at once.
    func testTheKeyboardHeightSettingResizesTheRunningKeyboard() throws {
        try writeSettings(#"{"keyboardHeight": 1.5}"#)
        try desktop.start([clavis, "keyboard", "--dock", "--layout", "us", "--geometry-out", geometry.path])
        desktop.wait("the keyboard on screen") { ExportedGeometry.read(geometry)?.key("q") != nil }
        func height() -> Int? {
            let window = desktop.run(["xdotool", "search", "--onlyvisible", "--name", "^Clavis keyboard$"]).split(separator: "\n").first
            let shown = desktop.run(["xdotool", "getwindowgeometry", String(window ?? "")])
            return shown.split(separator: "\n").first { $0.contains("Geometry:") }?.split(separator: "x").last.flatMap { Int($0) }
        }
        // Usually a third of the screen, at most 320 pixels; never more than half the screen.
        let screen = Int(desktop.run(["xdotool", "getdisplaygeometry"]).split(separator: " ").last?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        func expected(_ scale: Double) -> Int { min(screen / 2, Int((Double(min(screen / 3, 320)) * scale).rounded())) }
        desktop.wait("1.5 times the usual height") { height() == expected(1.5) }
        desktop.run([clavis, "settings", "--set", "keyboard-height=0.8"])
        desktop.wait("0.8 times the usual height") { height() == expected(0.8) }
        XCTAssertEqual(height(), expected(0.8), "screen \(screen) high")
        XCTAssertNotEqual(expected(1.5), expected(0.8))
    }

    /// The Appearance page lists the monitors for the docked keyboard (shown where there are
    /// several, or where one is chosen already): a chosen monitor that is not connected stays
    /// listed as such, and choosing another writes the setting.
    func testTheMonitorForTheDockedKeyboardIsChosenFromTheMonitorsThere() throws {
        try writeSettings(#"{"dockMonitor": "DP-3"}"#)
        try desktop.start([clavis, "settings"], environment: ["NO_AT_BRIDGE": "0"])
        let output = atspi("""
            page('Appearance')
            combo = find(lambda n: n.getRole() == pyatspi.ROLE_COMBO_BOX and n.name == 'Monitor for the docked keyboard')
            items = [item.name for item in combo[0]]
            print('items', '|'.join(items))
            print('shown', combo.name, [i.name for i in combo[0] if i.getState().contains(pyatspi.STATE_SELECTED)])
            combo.querySelection().selectChild(items.index('The primary monitor'))
            """)
        let items = output.split(separator: "\n").first { $0.hasPrefix("items ") }?.dropFirst(6).split(separator: "|").map(String.init) ?? []
        XCTAssertEqual(items.first, "The one with the field you type into", output)
        XCTAssertEqual(items.count, 4, "the two words, the Xvfb screen, the unplugged monitor: \(output)")
        XCTAssertTrue(items.dropFirst(2).first?.hasPrefix("1") == true && items.dropFirst(2).first?.contains("1280 × 1024") == true, output)
        XCTAssertEqual(items.last, "DP-3, not connected", output)
        desktop.wait("the primary monitor saved") {
            let saved = (try? Data(contentsOf: self.settingsFile)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            return saved?["dockMonitor"] as? String == "primary"
        }
    }

    /// Every control on every page has a name a screen reader can say.
    func testEveryControlOnEveryPageHasAnAccessibleName() throws {
        try desktop.start([clavis, "settings"], environment: ["NO_AT_BRIDGE": "0"])
        let output = atspi("""
            controls = (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_SPIN_BUTTON,
                        pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SLIDER, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_RADIO_BUTTON)
            counted = 0
            for name in ['Keyboards', 'Appearance', 'Typing', 'Sound', 'Accessibility', 'Privacy']:
                page(name)
                frame = next(f for f in frames() if f.name == 'Clavis Settings')
                for node in pyatspi.findAllDescendants(frame, lambda n: n.getRole() in controls
                                                       and n.getState().contains(pyatspi.STATE_SHOWING)):
                    counted += 1
                    if not node.name.strip(): print('unnamed', name, node.getRoleName(), node.parent.getRoleName())
            print('controls', counted)
            """)
        XCTAssertFalse(output.contains("unnamed"), output)
        let count = Int(output.split(separator: "\n").first { $0.hasPrefix("controls ") }?.split(separator: " ").last ?? "") ?? 0
        XCTAssertGreaterThan(count, 25, output)
    }
}
