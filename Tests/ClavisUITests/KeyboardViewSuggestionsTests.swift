import ClavisEngine
import ClavisSession
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// The suggestion bar in the demo, driven by real X clicks on keys and slots.
final class KeyboardViewSuggestionsTests: DemoWindowTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let created = fixture
        let ready = MainActor.assumeIsolated { created.map { TestSessions.modes(of: $0.demo.keyboard.session).words.suggestions.predictor != nil } ?? false }
        XCTAssertTrue(ready, "no English lexicon: run scripts/text-data.sh (scripts/test.sh does)")
    }

    func testSpaceCorrectsAndOneBackspaceGivesBackWhatWasTyped() {
        run { f in
            // The form's field of prose (the name fields correct nothing). Shift first: the
            // sentence's automatic capital, turned off.
            f.focusField("message")
            for key in ["shift", "h", "e", "l", "o"] { f.click(key) }
            XCTAssertEqual(TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar.slots.map { $0?.text }.first, "helo", "the typed word in the left slot")
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "message"), "hello ")
            f.click("backspace")
            XCTAssertEqual(f.demo.text(of: "message"), "helo")
            f.click("backspace")
            XCTAssertEqual(f.demo.text(of: "message"), "hel")
            // With the automatic capital, the correction keeps it.
            for key in ["backspace", "backspace", "backspace", "h", "e", "l", "o", "space"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "message"), "Hello ")
        }
    }

    /// Space leaves what the bar highlights, and a correct word nobody predicts is left as it
    /// is: "caret" used to show "Caretaker" highlighted and become "Care" (issue 62).
    func testACorrectlySpelledRareWordIsNeitherHighlightedAwayNorCorrected() {
        run { f in
            f.focusField("message")
            for key in ["c", "a", "r", "e", "t"] { f.click(key) }
            let bar = TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar
            XCTAssertNil(bar.highlighted, "nothing for Space to correct: \(bar.slots)")
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "message"), "Caret ")
            for key in ["t", "e", "h"] { f.click(key) }
            let slip = TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar
            let promised = slip.highlighted.flatMap { slip.slots[$0]?.text }
            XCTAssertEqual(promised, "the", "a slip's correction is shown highlighted: \(slip.slots)")
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "message"), "Caret the ")
        }
    }

    func testTappingACompletionReplacesTheWordAndAddsASpace() {
        run { f in
            f.focusField("message")
            for key in ["t", "o", "m", "o", "r"] { f.click(key) }
            guard f.tapSlot("Tomorrow") else { return }
            XCTAssertEqual(f.demo.text(of: "message"), "Tomorrow ")
            XCTAssertTrue(TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar.slots.compactMap { $0 }.allSatisfy { $0.kind == .prediction })
        }
    }

    func testTheBarIsHiddenForPasswordsAndNumberPads() {
        run { f in
            XCTAssertEqual((f.demo.keyboard.session.scene.bar?.slots ?? []).count, 3)
            let keysTop = f.demo.keyboard.geometry.frames.map(\.frame.y).min() ?? 0
            XCTAssertGreaterThanOrEqual(keysTop, (f.demo.keyboard.session.scene.bar?.slots ?? [])[0].maxY - 0.5, "keys below the bar")
            f.demo.form.focus("password")
            GUI.settle(seconds: 0.2)
            XCTAssertEqual((f.demo.keyboard.session.scene.bar?.slots ?? []), [])
            XCTAssertEqual(f.demo.keyboard.geometry.frames.map(\.frame.y).min() ?? 1, 0, accuracy: 8, "the keys take the bar's room")
            f.demo.form.focus("phone")
            GUI.settle(seconds: 0.2)
            XCTAssertEqual((f.demo.keyboard.session.scene.bar?.slots ?? []), [])
        }
    }

    func testTheEmailFieldCompletesAddressesNotWordsAndThePhoneFieldHasAPhoneKeypad() {
        run { f in
            f.demo.form.focus("email")
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(f.demo.keyboard.session.layout.id, "email")
            for key in ["a", "d", "a", "@", "e", "x", "a", "m", "p", "l", "e", ".", "c", "o"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "email"), "ada@example.co")
            let words = TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar.slots.compactMap { $0?.text }
            XCTAssertEqual(words, [], "no ordinary words (could / come / company) in an email field")
            for _ in 0..<10 { f.click("backspace") }
            for key in ["g", "m"] { f.click(key) }
            guard f.tapSlot("ada@gmail.com") else { return }
            XCTAssertEqual(f.demo.text(of: "email"), "ada@gmail.com")

            f.demo.form.focus("phone")
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(f.demo.keyboard.session.layout.id, "phone")
            for key in ["+", "4", "4", "space", "open", "2", "0", "close", "-", "1"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "phone"), "+44 (20)-1")
        }
    }

    /// A name field corrects nothing and offers names (issue 62: "Kasia" became "Asia"); a
    /// name typed there is then a name in the form's prose too.
    func testANameFieldKeepsTheNameAndTheProseFieldKnowsIt() {
        run { f in
            for key in ["k", "a", "s", "i", "a"] { f.click(key) }
            let offered = TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar.slots.compactMap { $0?.text }
            XCTAssertFalse(offered.contains("The") || offered.contains("He"), "no sentence words in a name field: \(offered)")
            XCTAssertNil(TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar.highlighted, "nothing to correct")
            f.click("return")   // Next: to the last name
            XCTAssertEqual(f.demo.text(of: "firstName"), "Kasia")
            for key in ["k", "a", "s", "i", "a", "space"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "lastName"), "Kasia ")
            f.focusField("message")
            for key in ["h", "e", "l", "o", "space", "i", "space", "a", "m", "space", "k", "a", "s", "i", "a", "space"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "message"), "Hello I am Kasia ", "a slip corrected, the form's name kept")
        }
    }

    func testTheGeometryExportListsTheSlots() throws {
        guard let f = fixture else { return XCTFail("no demo window") }
        try MainActor.assumeIsolated {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-slots-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: file) }
            f.demo.export(to: file.path)
            f.focusField("message")
            for key in ["h", "e", "l", "o"] { f.click(key) }
            var geometry: ExportedGeometry?
            GUI.wait("the slots in the export") {
                geometry = ExportedGeometry.read(file)
                return geometry?.suggestions.map(\.text).contains("Hello") == true
            }
            let slots = try XCTUnwrap(geometry?.suggestions)
            XCTAssertEqual(slots.count, 3)
            XCTAssertEqual(slots[0].text, "Helo")
            let q = try XCTUnwrap(geometry?.key("q"))
            XCTAssertLessThanOrEqual(slots[0].y + slots[0].height, q.y, "the bar is above the keys, in the same coordinates")
        }
    }
}
