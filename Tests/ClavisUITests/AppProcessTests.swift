import Foundation
import XCTest

/// The real `clavis` process, driven from outside as automation would: key positions from
/// `--geometry-out`, real clicks with xdotool, the window resized between shapes.
final class AppProcessTests: XCTestCase {
    func read(_ url: URL) -> ExportedGeometry? {
        ExportedGeometry.read(url)
    }

    /// Waits (without a main loop: the app is another process) until `condition` holds.
    func wait(_ what: String, seconds: Double = 30, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return XCTFail("timed out waiting for \(what)") }
            usleep(50_000)
        }
    }

    /// Starts `clavis` with `arguments` and `--geometry-out`, its settings and data in a
    /// private folder (removed after the test); skips without a display.
    func launch(_ arguments: [String]) throws -> (app: Child, file: URL, folder: URL) {
        try GUI.requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-app-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("keys.json")
        let clavis = GUI.clavis
        let app = try Child([clavis, "--geometry-out", file.path] + arguments,
                            environment: ["XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path],
                            error: folder.appendingPathComponent("stderr.txt").path)
        return (app, file, folder)
    }

    func testClicksAtExportedPositionsAndResizingSwitchesTheArrangement() throws {
        let (app, file, _) = try launch(["--layout", "us", "--layout", "numpad"])
        defer { app.stop() }

        wait("the keyboard to show") { read(file)?.visible == true && read(file)?.key("q") != nil }
        guard let first = read(file), let q = first.key("q") else { return }
        XCTAssertEqual(first.keyboard, "us")
        XCTAssertEqual(first.orientation, "landscape")
        XCTAssertNotNil(first.key("left"), "the landscape arrangement has cursor keys")
        // Name fields capitalise the first letter; after typing one the labels go lower case.
        XCTAssertEqual(q.label, "Q")
        try xdotool(["mousemove", "\(q.x + q.width / 2)", "\(q.y + q.height / 2)", "click", "1"])
        wait("the labels to go lower case") { read(file)?.key("q")?.label == "q" }

        // A portrait-shaped window switches to the portrait arrangement.
        try xdotool(["search", "--onlyvisible", "--name", "^Clavis$", "windowsize", "%@", "420", "760"])
        wait("the portrait arrangement") { read(file)?.orientation == "portrait" }
        let portrait = read(file)
        XCTAssertNil(portrait?.key("left"), "no cursor keys in portrait")
        XCTAssertNotNil(portrait?.key("globe"))
        try xdotool(["search", "--onlyvisible", "--name", "^Clavis$", "windowsize", "%@", "900", "500"])
        wait("landscape again") { read(file)?.orientation == "landscape" }
        XCTAssertTrue(app.isRunning)
    }

    /// The second probe's settings: a named pipe as the theme and as a keyboard, and
    /// `/proc/self/fd/0`, kept the demo from ever showing a window; a learned word stored with
    /// a count at the limit of numbers crashed it at the first letter typed with Full Access.
    func testSpecialFilesInTheSettingsAndHugeStoredCountsNeitherHangNorCrashTheDemo() throws {
        try GUI.requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-app-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("clavis"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.css").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let settings = "{\"theme\": \"\(fifo)\", \"enabledKeyboards\": [\"us\", \"\(fifo)\", \"/proc/self/fd/0\"], \"allowFullAccess\": true}"
        try Data(settings.utf8).write(to: folder.appendingPathComponent("clavis/settings.json"))
        // A learned name (the demo starts in its first-name field, which offers names).
        try Data("# clavis user words 1\nw\tTomorrowland\t9223372036854775807\nend\t1\n".utf8)
            .write(to: folder.appendingPathComponent("clavis/learned-words.tsv"))
        let file = folder.appendingPathComponent("keys.json")
        let errors = folder.appendingPathComponent("stderr.txt")
        let app = try Child([GUI.clavis, "--geometry-out", file.path], environment: ["XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path],
                            error: errors.path)
        defer { app.stop() }
        wait("the keyboard to show") { read(file)?.visible == true && read(file)?.key("t") != nil }
        // Each letter asks the learned word's probability (the first one crashed).
        for letter in "tomorrowl" {
            guard let key = read(file)?.key(String(letter)) else { return XCTFail("no key \(letter)") }
            try xdotool(["mousemove", "\(key.x + key.width / 2)", "\(key.y + key.height / 2)", "click", "1"])
        }
        wait("the bar to offer the learned word") { read(file)?.suggestions.contains { $0.text.lowercased() == "tomorrowland" } == true }
        XCTAssertTrue(app.isRunning)
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        XCTAssertTrue(said.contains("\(fifo): error: cannot read the file (not a regular file"), said)
    }

    /// A first start (no settings): the US keyboard and emoji, so the globe key is there, and
    /// it shows the emoji keyboard, whose keys type emoji.
    func testAFreshStartHasEmojiAndTheGlobeKey() throws {
        let (app, file, folder) = try launch([])
        defer { app.stop() }
        wait("the keyboard to show") { read(file)?.visible == true && read(file)?.key("q") != nil }
        guard let globe = read(file)?.key("globe") else { return XCTFail("no globe key on a first start") }
        try xdotool(["mousemove", "\(globe.x + globe.width / 2)", "\(globe.y + globe.height / 2)", "click", "1"])
        // The export can name the emoji keyboard one frame before its keys are in it (seen
        // once in four runs): wait for the first key.
        wait("the emoji keyboard") { read(file)?.keyboard == "emoji" && read(file)?.key("e-1f600") != nil }
        XCTAssertEqual(read(file)?.layer, "smileys-1")
        XCTAssertEqual(read(file)?.key("e-1f600")?.label, "😀")
        let errors = (try? String(contentsOf: folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? ""
        XCTAssertFalse(errors.contains("emoji"), errors)
    }

    /// What the shown demo maps stays small: the window's icon is drawn (`AppIcon`), not
    /// looked up in GTK's icon theme (1.7 MB resident, and librsvg for an installed SVG); the
    /// sound stack waits for the first click, and gtk-layer-shell for a Wayland keyboard.
    func testTheShownDemoMapsOnlyWhatItUses() throws {
        let (app, file, _) = try launch(["--layout", "us"])
        defer { app.stop() }
        wait("the keyboard to show") { read(file)?.visible == true }
        // Read to the end: /proc files give no size.
        let maps = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(app.pid)/maps")).readDataToEndOfFile()
        let mapped = String(decoding: maps, as: UTF8.self)
        XCTAssertTrue(mapped.contains("libgtk-3"), "/proc/\(app.pid)/maps read empty")
        for library in ["icon-theme.cache", "librsvg", "libcanberra", "libgtk-layer-shell"] {
            XCTAssertFalse(mapped.contains(library), "\(library) is mapped")
        }
        let printed = file.deletingLastPathComponent().appendingPathComponent("icon.txt")
        let xprop = try Child(["xprop", "-name", "Clavis", "_NET_WM_ICON"], output: printed.path)
        wait("xprop") { !xprop.isRunning }
        let property = (try? String(contentsOf: printed, encoding: .utf8)) ?? ""
        XCTAssertTrue(property.contains("Icon (64 x 64)"), String(property.prefix(200)))
    }

    private func xdotool(_ arguments: [String]) throws {
        let child = try Child(["xdotool"] + arguments)
        wait("xdotool") { !child.isRunning }
    }
}
