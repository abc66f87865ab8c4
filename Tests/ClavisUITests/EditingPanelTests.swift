import ClavisUI
import GtkKit
import XCTest

/// The editing panel in the demo: real X clicks on its keys, whose key events GtkEntry
/// handles with its own bindings (the clipboard included).
final class EditingPanelTests: DemoWindowTestCase {
    func testSelectAllCopyThenPasteIntoTheNextField() {
        run { f in
            let first = f.demo.entries["firstName"]!
            gtk_entry_set_text(first, "Ada")
            GUI.settle()
            f.demo.keyboard.session.panel.show()
            GUI.wait("the panel's keys") { f.demo.keyboard.geometry.frame(ofKey: "copy") != nil }
            f.click("selectAll")
            var start: Int32 = 0, end: Int32 = 0
            GUI.wait("all of it selected") { gtk_editable_get_selection_bounds(OpaquePointer(first), &start, &end) != 0 && end - start == 3 }
            f.click("copy")
            f.click("abc")
            GUI.wait("back to the letters") { f.demo.keyboard.session.layout.id == "us" }
            f.click("return")
            GUI.wait("the next field") { f.demo.form.focusedField == "lastName" }
            f.demo.keyboard.session.panel.show()
            GUI.wait("the panel again") { f.demo.keyboard.geometry.frame(ofKey: "paste") != nil }
            f.click("paste")
            GUI.wait("the copied text pasted") { f.demo.text(of: "lastName") == "Ada" }
            XCTAssertEqual(f.demo.text(of: "firstName"), "Ada")
        }
    }

    /// The copy reaches the strip over the panel through the X clipboard's owner change, as
    /// any application's would; a tap on it types it into the next field.
    func testACopyShowsOverThePanelAndATapTypesItIntoTheNextField() {
        run { f in
            gtk_entry_set_text(f.demo.entries["firstName"]!, "Lovelace")
            GUI.settle()
            let letterKeys = Set(f.demo.keyboard.geometry.frames.filter { $0.key.action.isCharacter }.map { ($0.frame.height * 0.8).rounded() })
            f.demo.keyboard.session.panel.show()
            GUI.wait("the panel's keys") { f.demo.keyboard.geometry.frame(ofKey: "copy") != nil }
            f.click("selectAll")
            f.click("copy")
            GUI.wait("the copy in the strip") { f.demo.keyboard.session.scene.bar?.content.slots.first??.text == "Lovelace" }
            let strip = f.demo.keyboard.session.scene.bar?.strip.height ?? 0
            XCTAssertTrue(strip >= 40 && strip >= (letterKeys.min() ?? 0) - 1,
                          "the strip as tall as the bar over the letters (four fifths of a key row): \(strip), keys \(letterKeys)")
            f.click("abc")
            f.click("return")
            GUI.wait("the next field") { f.demo.form.focusedField == "lastName" }
            f.demo.keyboard.session.panel.show()
            GUI.wait("the strip over the panel") { f.demo.keyboard.session.scene.bar?.content.slots.first??.text == "Lovelace" }
            XCTAssertTrue(f.tapSlot("Lovelace"))
            GUI.wait("the item typed") { f.demo.text(of: "lastName") == "Lovelace" }
        }
    }

    func testSelectLocksShiftSoTheArrowsAndWordMovesSelect() {
        run { f in
            let entry = f.demo.entries["firstName"]!
            gtk_entry_set_text(entry, "Grace Hopper")
            gtk_editable_set_position(OpaquePointer(entry), -1)
            GUI.settle()
            f.demo.keyboard.session.panel.show()
            GUI.wait("the panel's keys") { f.demo.keyboard.geometry.frame(ofKey: "select") != nil }
            f.click("wordLeft")
            GUI.wait("a word left") { gtk_editable_get_position(OpaquePointer(entry)) == 6 }
            f.click("select")
            XCTAssertEqual(f.demo.keyboard.session.scene.stateClasses["select"], ["locked"], "Select shows it is on")
            f.click("right")
            f.click("right")
            var start: Int32 = 0, end: Int32 = 0
            GUI.wait("\"Ho\" selected") { gtk_editable_get_selection_bounds(OpaquePointer(entry), &start, &end) != 0 && (start, end) == (6, 8) }
            f.click("end")
            GUI.wait("to the line's end") { gtk_editable_get_selection_bounds(OpaquePointer(entry), &start, &end) != 0 && (start, end) == (6, 12) }
            f.click("cut")
            GUI.wait("cut") { f.demo.text(of: "firstName") == "Grace " }
            XCTAssertNil(f.demo.keyboard.session.scene.stateClasses["select"], "cutting ends the selecting")
            f.click("paste")
            f.click("home")
            f.click("delete")
            GUI.wait("pasted back, the first letter deleted forward") { f.demo.text(of: "firstName") == "race Hopper" }
        }
    }

    /// The Clipboard key's list: every copy, a tap types one, a pinned one survives Clear.
    func testTheClipboardListTypesAnItemAndClearKeepsThePinnedOne() {
        run { f in
            let session = f.demo.keyboard.session
            for text in ["Ada", "Grace", "Hedy", "Radia"] { session.clipboard.textCopied(text) }
            session.panel.show()
            GUI.wait("the panel's keys") { f.demo.keyboard.geometry.frame(ofKey: "clipboard") != nil }
            f.click("clipboard")
            GUI.wait("the list open") { f.demo.keyboard.clipboardList.map { gtk_widget_get_mapped($0) != 0 } == true }
            XCTAssertEqual(GUI.labels(in: f.demo.keyboard.clipboardList!).prefix(4), ["Radia", "Hedy", "Grace", "Ada"])
            XCTAssertTrue(GUI.clickMenuItem("clip-3", in: f.demo.keyboard.clipboardList!), "the oldest, beyond the strip's three")
            GUI.wait("the item typed") { f.demo.text(of: "firstName") == "Ada" }
            session.clipboard.togglePin(at: 3)
            f.click("clipboard")
            GUI.wait("the list open again") { f.demo.keyboard.clipboardList.map { gtk_widget_get_mapped($0) != 0 } == true }
            XCTAssertTrue(GUI.labels(in: f.demo.keyboard.clipboardList!).contains("📌 Ada"), "pinned, marked")
            XCTAssertTrue(GUI.clickMenuItem("clear", in: f.demo.keyboard.clipboardList!))
            GUI.wait("cleared but the pinned") { session.clipboard.items.map(\.text) == ["Ada"] }
            XCTAssertEqual(session.scene.bar?.content.slots.compactMap { $0?.text }, ["Ada"], "the strip shows what is left")
        }
    }

    /// The ✎ at the left of the suggestion bar opens the panel with a real click.
    func testTheBarsPencilOpensThePanel() {
        run { f in
            guard let button = f.demo.keyboard.session.scene.bar?.panelButton else { return XCTFail("no ✎ on the bar") }
            GUI.click(f.demo.keyboard.widget, x: button.midX, y: button.midY)
            GUI.wait("the panel") { f.demo.keyboard.session.panel.isShowing }
            XCTAssertEqual(f.demo.text(of: "firstName"), "", "nothing typed")
        }
    }

    /// The third probe's: a copy KeePassXC marks secret was kept (and written with
    /// `keepClipboard`). Here the window itself owns the X clipboard, as another application
    /// would, offering the text and, for the secret, the password manager's hint; the copies
    /// go through the X server to the keyboard's own requestor, which also reads a 3 MB copy
    /// (handed over in increments) no further than its announced size (that it stops there is
    /// `SelectionTransferTests`'; here, that nothing of it is kept and a plain copy still is).
    func testASecretOrAHugeCopyIsNeverKeptAndAPlainOneIs() {
        run { f in
            let session = f.demo.keyboard.session
            session.panel.show()
            GUI.wait("the panel's keys") { f.demo.keyboard.geometry.frame(ofKey: "copy") != nil }
            ClipboardOwner.offer("Tr0ub4dor&3", secret: true)
            GUI.settle(seconds: 1)
            XCTAssertFalse(session.clipboard.items.contains { $0.text == "Tr0ub4dor&3" }, "a secret is never kept")
            let huge = String(repeating: "abcdefghij", count: 300_000)
            ClipboardOwner.offer(huge, secret: false)
            GUI.settle(seconds: 1)
            XCTAssertFalse(session.clipboard.items.contains { $0.text.count > 1000 }, "3 MB is not kept")
            ClipboardOwner.offer("Ada Lovelace", secret: false)
            GUI.wait("a plain copy kept") { session.clipboard.items.first?.text == "Ada Lovelace" }
            XCTAssertEqual(session.scene.bar?.content.slots.first??.text, "Ada Lovelace")
        }
    }
}

/// Owns the X clipboard from the test's own process, with the targets a password manager
/// offers when `secret` (the text, and `x-kde-passwordManagerHint` = "secret").
@MainActor
enum ClipboardOwner {
    nonisolated(unsafe) static var text: [UInt8] = []

    static func offer(_ text: String, secret: Bool) {
        Self.text = Array(text.utf8)
        var names = ["UTF8_STRING", "STRING", "TEXT"] + (secret ? ["x-kde-passwordManagerHint"] : [])
        let entries = names.indices.map { index in
            GtkTargetEntry(target: strdup(names[index]), flags: 0, info: UInt32(index))
        }
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        entries.withUnsafeBufferPointer { buffer in
            _ = gtk_clipboard_set_with_data(clipboard, buffer.baseAddress, UInt32(buffer.count), { _, data, info, _ in
                let hint = info == 3
                let bytes = hint ? Array("secret".utf8) : ClipboardOwner.text
                bytes.withUnsafeBufferPointer { gtk_selection_data_set(data, gtk_selection_data_get_target(data), 8, $0.baseAddress, Int32($0.count)) }
            }, { _, _ in }, nil)
        }
        names.removeAll()
    }
}
