import Foundation
import XCTest

/// `clavis keyboard --xid` embedded as an X11 lock screen embeds its keyboard: a small GTK host
/// in another process (python3-gi) holds a password entry with the focus and a GtkSocket
/// beside it, starts the command, reads the window id it prints and embeds it, as
/// gnome-screensaver and MATE's and Cinnamon's screensavers do with their
/// embedded-keyboard-command. Keys are clicked with xdotool at the positions from
/// `--geometry-out`; the host writes its entry's text to a file on every change.
final class EmbeddedKeyboardTests: XCTestCase {
    var desktop: ForeignDesktop!

    override func setUpWithError() throws {
        try GUI.requireDisplay()
        desktop = try ForeignDesktop()
    }

    override func tearDown() {
        desktop?.tearDown()
    }

    /// The host: a window titled "unlock-dialog" with a hidden-text entry over a socket,
    /// resized to the size in TYPED.size whenever that file changes.
    static let host = """
        import subprocess, sys, gi
        gi.require_version("Gtk", "3.0")
        from gi.repository import Gtk, GLib
        typed, command = sys.argv[1], sys.argv[2:]
        window = Gtk.Window(title="unlock-dialog")
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
        entry = Gtk.Entry(visibility=False)
        socket = Gtk.Socket()
        socket.set_size_request(640, 240)
        box.pack_start(entry, False, False, 0)
        box.pack_start(socket, True, True, 0)
        window.add(box)
        entry.connect("changed", lambda e: open(typed, "w").write(e.get_text()))
        window.connect("destroy", Gtk.main_quit)
        window.show_all()
        keyboard = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        socket.add_id(int(keyboard.stdout.readline()))
        entry.grab_focus()
        def resized():
            try:
                width, height = open(typed + ".size").read().split()
                socket.set_size_request(int(width), int(height))
            except (OSError, ValueError):
                pass
            return True
        GLib.timeout_add(100, resized)
        Gtk.main()
        keyboard.terminate()
        """

    func testTheEmbeddedKeyboardTypesIntoTheHostsFocusedEntryAndFollowsTheSocketsSize() throws {
        let script = desktop.folder.appendingPathComponent("unlock-dialog.py")
        try Data(Self.host.utf8).write(to: script)
        let typed = desktop.folder.appendingPathComponent("typed.txt")
        let geometry = desktop.folder.appendingPathComponent("keys.json")
        let errors = desktop.folder.appendingPathComponent("clavis-stderr.txt")
        let host = try desktop.start(["/usr/bin/python3", script.path, typed.path,
                                      GUI.clavis, "keyboard", "--xid", "--layout", "us", "--geometry-out", geometry.path],
                                     error: errors.path)
        desktop.wait("the keyboard embedded and on screen") {
            ExportedGeometry.read(geometry)?.visible == true && ExportedGeometry.read(geometry)?.key("q") != nil
        }
        desktop.wait("the dialog to have the focus") { desktop.focusedWindowName == "unlock-dialog" }
        let embedded = try XCTUnwrap(ExportedGeometry.read(geometry))
        let keyWidth = try XCTUnwrap(embedded.key("q")).width

        desktop.click(["p", "a", "s", "s"], on: geometry, focusStaysOn: "unlock-dialog")
        desktop.wait("the letters in the dialog's entry", detail: { "the entry has \((try? String(contentsOf: typed, encoding: .utf8)) ?? "nothing")" }) { (try? String(contentsOf: typed, encoding: .utf8)) == "pass" }
        // Suggestions are on (the default), yet a lock screen's field is a password: no bar
        // offers "password" or "passed", and nothing is learned.
        XCTAssertEqual(ExportedGeometry.read(geometry)?.suggestions.map(\.text), [])

        // The socket grows: the plug follows it, and the keys with it.
        try Data("960 320".utf8).write(to: URL(fileURLWithPath: typed.path + ".size"))
        desktop.wait("wider keys") { (ExportedGeometry.read(geometry)?.key("q")?.width ?? 0) > keyWidth + 10 }
        desktop.click(["numbers", "1"], on: geometry, focusStaysOn: "unlock-dialog")
        desktop.wait("the digit typed at the keys' new places", detail: { "the entry has \((try? String(contentsOf: typed, encoding: .utf8)) ?? "nothing")" }) { (try? String(contentsOf: typed, encoding: .utf8)) == "pass1" }
        // Nothing on a lock screen could bring a hidden keyboard back: the dismiss key keeps it.
        desktop.click(["dismiss"], on: geometry, focusStaysOn: "unlock-dialog")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(ExportedGeometry.read(geometry)?.visible, true)
        XCTAssertTrue(host.isRunning)

        // The dialog goes (the screen unlocked) without stopping it: the keyboard ends too.
        host.stop(SIGKILL)
        desktop.wait("the keyboard to end with its host") { desktop.run(["pgrep", "-f", geometry.path]).isEmpty }
        XCTAssertFalse(FileManager.default.fileExists(atPath: desktop.folder.appendingPathComponent("clavis/learned-words.tsv").path))
        let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        XCTAssertFalse(log.contains("already running"), log)
    }

    /// The third probe's: with `keepClipboard` on, the lock screen's keyboard listed the kept
    /// copies (a root password, an IBAN) to whoever stood at the screen, with Pin and Clear.
    /// There the editing panel has no Clipboard key, its strip shows nothing, and the file
    /// stays as it was.
    func testTheLockScreensKeyboardNeitherShowsNorChangesTheKeptClipboard() throws {
        let data = desktop.folder.appendingPathComponent("clavis")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let kept = #"{"clavis clipboard": 1, "items": [{"text": "hunter2-my-root-password"}, {"text": "IBAN DE89 3704 0044 0532 0130 00"}]}"#
        let clipboard = data.appendingPathComponent("clipboard.json")
        try Data(kept.utf8).write(to: clipboard)
        try Data(#"{"keepClipboard": true}"#.utf8).write(to: data.appendingPathComponent("settings.json"))
        // A keyboard with a key that opens the editing panel.
        let layout = desktop.folder.appendingPathComponent("lock.yaml")
        try Data("id: lock\nname: Lock\nkeys:\n  panel: {label: \"✎\", action: {edit: panel}}\nlayers:\n  letters:\n    rows:\n      - 'q w e panel'\n".utf8)
            .write(to: layout)
        let script = desktop.folder.appendingPathComponent("unlock-dialog.py")
        try Data(Self.host.utf8).write(to: script)
        let typed = desktop.folder.appendingPathComponent("typed.txt")
        let geometry = desktop.folder.appendingPathComponent("keys.json")
        let host = try desktop.start(["/usr/bin/python3", script.path, typed.path,
                                      GUI.clavis, "keyboard", "--xid", "--layout", layout.path, "--geometry-out", geometry.path])
        desktop.wait("the keyboard embedded") { ExportedGeometry.read(geometry)?.key("panel") != nil }
        desktop.click(["panel"], on: geometry, focusStaysOn: "unlock-dialog")
        desktop.wait("the editing panel") { ExportedGeometry.read(geometry)?.key("abc") != nil }
        let panel = try XCTUnwrap(ExportedGeometry.read(geometry))
        XCTAssertNil(panel.key("clipboard"), "no Clipboard key on a lock screen")
        XCTAssertNotNil(panel.key("copy"))
        XCTAssertEqual(panel.suggestions.map(\.text), [], "no copies over the panel")
        host.stop(SIGKILL)
        desktop.wait("the keyboard to end with its host") { desktop.run(["pgrep", "-f", geometry.path]).isEmpty }
        XCTAssertEqual(try String(contentsOf: clipboard, encoding: .utf8), kept, "the kept list as it was")
    }

    /// The third probe's: a lock screen that read the window id and died without embedding
    /// left the keyboard running for ever. It ends when the pipe it printed the id into is
    /// closed, and when the program that started it is gone.
    func testAKeyboardNobodyEmbedsEnds() throws {
        let geometry = desktop.folder.appendingPathComponent("keys.json")
        let errors = desktop.folder.appendingPathComponent("clavis-stderr.txt")
        let reader = try desktop.start(["/bin/sh", "-c", "'\(GUI.clavis)' keyboard --xid --layout us --geometry-out '\(geometry.path)' | head -1"],
                                       error: errors.path)
        desktop.wait("the keyboard to end once its id was read", seconds: 15) {
            !reader.isRunning && desktop.run(["pgrep", "-f", geometry.path]).isEmpty
        }
        XCTAssertTrue(((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("closed it without embedding"))

        let orphan = desktop.folder.appendingPathComponent("orphan.json")
        let output = desktop.folder.appendingPathComponent("id.txt")
        _ = try desktop.start(["/bin/sh", "-c", "'\(GUI.clavis)' keyboard --xid --layout us --geometry-out '\(orphan.path)' > '\(output.path)' & sleep 2"],
                              error: errors.path)
        desktop.wait("the keyboard started", seconds: 15) { FileManager.default.fileExists(atPath: orphan.path) }
        desktop.wait("the keyboard to end with the program that started it", seconds: 15) {
            desktop.run(["pgrep", "-f", orphan.path]).isEmpty
        }
        XCTAssertTrue(((try? String(contentsOf: errors, encoding: .utf8)) ?? "").contains("the program that started the keyboard is gone"))
    }
}
