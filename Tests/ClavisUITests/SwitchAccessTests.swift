import Foundation
import XCTest

/// Typing without pressing keys, as the people it is for would: step-scanning the demo with
/// `clavis scan` commands on the session bus (following the highlight in `--geometry-out`),
/// auto-scanning `clavis keyboard` with its own window as the one switch (a click timed from
/// the highlight), and dwelling with the pointer (xdotool moves it onto a key and waits).
final class SwitchAccessTests: XCTestCase {
    var desktop: ForeignDesktop!
    var geometry: URL!
    let clavis = GUI.clavis

    override func setUpWithError() throws {
        try GUI.requireDisplay()
        desktop = try ForeignDesktop(windowManager: !name.contains("Demo"))
        geometry = desktop.folder.appendingPathComponent("keys.json")
    }

    override func tearDown() {
        desktop?.tearDown()
    }

    /// Writes these settings (suggestions off unless given: the rows are then the keys alone).
    func settings(_ values: [String: String]) throws {
        let file = desktop.folder.appendingPathComponent("clavis/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fields = (["suggestions": "false"].merging(values) { $1 }).map { "\"\($0.key)\": \($0.value)" }
        try Data("{\(fields.joined(separator: ", "))}".utf8).write(to: file)
    }

    var scan: ExportedGeometry.Scan? { ExportedGeometry.read(geometry)?.scan }

    /// Step-scans to `key` with `clavis scan` commands on the desktop's bus.
    func stepScan(to key: String) {
        desktop.stepScan(to: key, geometry: geometry) { desktop.run([clavis, "scan", $0]) }
    }

    func firstName() -> String { desktop.demoField("First name") }

    func testStepScanningTheDemoWithBusCommandsTypesAWord() throws {
        try settings(["scanning": "\"step\""])
        try desktop.start([clavis, "--layout", "us", "--geometry-out", geometry.path], environment: ["NO_AT_BRIDGE": "0"])
        desktop.wait("the scan on the keys") { scan?.mode == "step" && scan?.group == true }
        XCTAssertTrue(scan?.highlighted.contains("q") == true, "the first row first: \(String(describing: scan))")
        stepScan(to: "h")
        stepScan(to: "i")
        desktop.wait("'Hi' in the field") { firstName() == "Hi" }
        XCTAssertEqual(firstName(), "Hi")
        // Back out of a row, then stop: the highlight goes.
        desktop.run([clavis, "scan", "select"])
        desktop.wait("into the first row") { scan?.group == false }
        desktop.run([clavis, "scan", "back"])
        desktop.wait("the row again") { scan?.group == true }
        desktop.run([clavis, "scan", "stop"])
        desktop.wait("no highlight") { scan?.highlighted.isEmpty == true && scan?.group == false }
        XCTAssertEqual(firstName(), "Hi", "backing out typed nothing")
    }

    /// Starts `clavis keyboard` and an xterm whose `cat` writes what it receives to a file,
    /// character by character (the terminal in non-canonical mode: no Return needed).
    func startKeyboardAndXterm() throws -> URL {
        let received = desktop.folder.appendingPathComponent("xterm.txt")
        try desktop.start(["xterm", "-T", "cat-target", "-e", "sh", "-c", "stty -icanon; exec cat > '\(received.path)'"])
        desktop.wait("the xterm to have the focus") { desktop.focusedWindowName == "cat-target" }
        try desktop.start([clavis, "keyboard", "--layout", "us", "--geometry-out", geometry.path])
        desktop.wait("the keyboard on screen") { ExportedGeometry.read(geometry)?.key("q") != nil }
        return received
    }

    func testAutoScanWithTheKeyboardWindowAsTheSwitch() throws {
        try settings(["scanning": "\"auto\"", "scanInterval": "1.0", "scanLongPressBacks": "false", "scanCycles": "5"])
        let received = try startKeyboardAndXterm()
        let q = try XCTUnwrap(ExportedGeometry.read(geometry)?.key("q"))
        // The pointer rests over the keyboard; a click there is the switch, wherever it is.
        desktop.run(["xdotool", "mousemove", "\(q.x + 5)", "\(q.y + 5)"])
        for key in ["o", "k"] {
            desktop.wait("the row with \(key)", seconds: 30) { scan?.group == true && scan?.highlighted.contains(key) == true }
            desktop.run(["xdotool", "click", "1"])
            desktop.wait("\(key) highlighted", seconds: 30) { scan?.highlighted == [key] }
            desktop.run(["xdotool", "click", "1"])
            desktop.wait("back at the top") { scan?.group == true }
        }
        desktop.wait("'ok' in the xterm") { (try? String(contentsOf: received, encoding: .utf8)) == "ok" }
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), "ok")
        XCTAssertEqual(desktop.focusedWindowName, "cat-target", "the switch clicks left the focus where it was")
    }

    func testDwellTypesWhereThePointerRestsOnceUntilItMoves() throws {
        try settings(["dwell": "true", "dwellTime": "0.5"])
        let received = try startKeyboardAndXterm()
        let keys = try XCTUnwrap(ExportedGeometry.read(geometry))
        XCTAssertEqual(keys.dwell?.paused, false)
        for id in ["h", "i"] {
            let key = try XCTUnwrap(keys.key(id))
            desktop.run(["xdotool", "mousemove", "\(key.x + key.width / 2)", "\(key.y + key.height / 2)"])
            let expected = id == "h" ? "h" : "hi"
            desktop.wait("\(expected) after resting on \(id)") { (try? String(contentsOf: received, encoding: .utf8)) == expected }
        }
        // Resting on, and a two-pixel tremor, type nothing more.
        let i = try XCTUnwrap(keys.key("i"))
        desktop.run(["xdotool", "mousemove", "\(i.x + i.width / 2 + 2)", "\(i.y + i.height / 2)"])
        usleep(1_500_000)
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), "hi")
        // The pause control stops dwelling; the keys then rest without typing.
        let pause = try XCTUnwrap(keys.dwell?.pause)
        desktop.run(["xdotool", "mousemove", "\(pause.x + pause.width / 2)", "\(pause.y + pause.height / 2)"])
        desktop.wait("dwell paused") { ExportedGeometry.read(geometry)?.dwell?.paused == true }
        let o = try XCTUnwrap(keys.key("o"))
        desktop.run(["xdotool", "mousemove", "\(o.x + o.width / 2)", "\(o.y + o.height / 2)"])
        usleep(1_500_000)
        XCTAssertEqual(try String(contentsOf: received, encoding: .utf8), "hi")
        XCTAssertEqual(desktop.focusedWindowName, "cat-target")
    }

    /// Buttons 8 and 9 of a device (xdotool's XTest pointer here) as select and next: heard
    /// through XInput 2 raw events while the pointer rests on the empty desktop, where no
    /// window gets the clicks; the xterm keeps the focus and receives only the letters.
    func testAnyDevicesButtonsAreSwitches() throws {
        try settings(["scanning": "\"step\"", "scanSelectSwitch": "\"button 8\"", "scanNextSwitch": "\"button 9\""])
        let received = try startKeyboardAndXterm()
        desktop.run(["xdotool", "mousemove", "1275", "5"])
        desktop.wait("the scan on the keys") { scan?.mode == "step" && scan?.group == true }
        for key in ["o", "k"] {
            desktop.stepScan(to: key, geometry: geometry) { desktop.run(["xdotool", "click", $0 == "next" ? "9" : "8"]) }
        }
        desktop.wait("'ok' in the xterm") { (try? String(contentsOf: received, encoding: .utf8)) == "ok" }
        XCTAssertEqual(desktop.focusedWindowName, "cat-target")
    }

    /// "Press your switch now" in the settings window: Choose… (activated over AT-SPI, as
    /// a switch user's tool would; sensitive once scanning is on, with the rest of its
    /// section), then a press of button 8 becomes the select switch.
    func testTheSettingsWindowTakesTheSwitchThatIsPressed() throws {
        try settings(["scanning": "\"step\""])
        try desktop.start([clavis, "settings"], environment: ["NO_AT_BRIDGE": "0"])
        let script = """
            import pyatspi, time, sys
            for attempt in range(100):
                for app in pyatspi.Registry.getDesktop(0):
                    if app is None: continue
                    # The Accessibility page first, from the sidebar, as a user goes there.
                    for label in pyatspi.findAllDescendants(app, lambda n: n.name == 'Accessibility' and n.getRole() == pyatspi.ROLE_LABEL
                                                            and n.parent.getRole() == pyatspi.ROLE_LIST_ITEM):
                        label.parent.parent.querySelection().selectChild(label.parent.getIndexInParent())
                    found = pyatspi.findAllDescendants(app, lambda n: n.name == 'Choose the select switch' and n.getRole() == pyatspi.ROLE_PUSH_BUTTON)
                    if found:
                        found[0].queryAction().doAction(0)
                        print('chosen'); sys.exit(0)
                time.sleep(0.1)
            print('no button to choose the select switch')
            """
        XCTAssertEqual(desktop.run(["/usr/bin/python3", "-c", script]).trimmingCharacters(in: .newlines), "chosen", desktop.errors)
        usleep(300_000)
        desktop.run(["xdotool", "mousemove", "1275", "5", "click", "8"])
        let file = desktop.folder.appendingPathComponent("clavis/settings.json")
        desktop.wait("the switch saved") {
            (try? String(contentsOf: file, encoding: .utf8))?.contains("\"scanSelectSwitch\" : \"button 8 on ") == true
        }
    }
}

extension ForeignDesktop {
    /// Step-scans to `key` following the highlight in a `--geometry-out` file: `press("next")`
    /// until the highlighted row holds it, `press("select")`, then the same for the key alone.
    func stepScan(to key: String, geometry: URL, file: StaticString = #filePath, line: UInt = #line,
                  press: (String) -> Void) {
        func scan() -> ExportedGeometry.Scan? { ExportedGeometry.read(geometry)?.scan }
        for level in ["row", "key"] {
            var steps = 0
            while !(level == "row" ? (scan()?.group == true && scan()?.highlighted.contains(key) == true) : scan()?.highlighted == [key]) {
                let before = scan()
                press("next")
                wait("the highlight to move", file: file, line: line) { scan() != before }
                steps += 1
                if steps > 40 { return XCTFail("\(key) never highlighted: \(String(describing: scan()))", file: file, line: line) }
            }
            let before = scan()
            press("select")
            wait("the selection", file: file, line: line) { scan() != before }
        }
    }
}

extension ForeignDesktop {
    /// The text of a field of the demo (by its label), read over AT-SPI: the demo must run
    /// with `NO_AT_BRIDGE=0`.
    func demoField(_ name: String) -> String {
        let script = """
            import pyatspi, sys
            for app in pyatspi.Registry.getDesktop(0):
                if app is None: continue
                found = pyatspi.findDescendant(app, lambda node: node.name == sys.argv[1] and node.getRole() == pyatspi.ROLE_TEXT)
                if found: print(found.queryText().getText(0, -1)); break
            """
        return run(["/usr/bin/python3", "-c", script, name]).trimmingCharacters(in: .newlines)
    }
}
