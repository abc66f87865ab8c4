import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// Japanese input in the demo with the kana–kanji converter, driven by real X clicks and drags: the
/// composition underlined in the field (as AT-SPI reads it), conversion in the bar, flicks.
final class JapaneseInputTests: DemoWindowTestCase {
    override class func makeFixture() throws -> DemoFixture {
        try GUI.start()
        let library = LayoutLibrary()
        let demo = DemoWindow(session: TestSessions.make([try library.load("ja"), try library.load("ja-kana"), try library.load("us")]))
        demo.present()
        let keyboard = demo.keyboard
        GUI.wait("the Japanese keyboard with its converter") {
            gtk_widget_get_mapped(keyboard.widget) != 0 && keyboard.geometry.width > 0
                && TestSessions.modes(of: keyboard.session).kana.composition.converter != nil
        }
        GUI.settle(seconds: 0.3)
        return DemoFixture(demo)
    }

    func testNihongoIsUnderlinedConvertedInTheBarAndCommittedByATap() {
        run { f in
            for key in ["n", "i", "h", "o", "n", "g", "o"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "firstName"), "にほんご")
            XCTAssertEqual(Self.underline(in: f, field: "firstName", at: 0), "single")
            XCTAssertEqual(Self.underline(in: f, field: "firstName", at: 3), "single")
            XCTAssertEqual(f.returnKeyLabel(), "確定")
            XCTAssertEqual(f.label(of: "space"), "変換")

            f.click("space")
            XCTAssertEqual(f.demo.text(of: "firstName"), "日本語")
            XCTAssertEqual(Self.underline(in: f, field: "firstName", at: 0), "double", "the segment being converted")

            guard f.tapSlot("日本語") else { return }
            XCTAssertEqual(f.demo.text(of: "firstName"), "日本語")
            XCTAssertEqual(Self.underline(in: f, field: "firstName", at: 0), "none", "committed: no underline")
            XCTAssertEqual(f.label(of: "space"), "空白")
        }
    }

    func testReturnCommitsAndThenMovesToTheNextField() {
        run { f in
            for key in ["k", "a", "n", "a"] { f.click(key) }
            f.click("return")
            XCTAssertEqual(f.demo.text(of: "firstName"), "かな")
            XCTAssertEqual(f.demo.form.focusedField, "firstName", "the first Return only commits")
            f.click("return")
            XCTAssertEqual(f.demo.form.focusedField, "lastName")
        }
    }

    func testMovingToAnotherFieldCommitsTheComposition() {
        run { f in
            for key in ["s", "u", "s", "h", "i"] { f.click(key) }
            f.demo.form.focus("lastName")
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(f.demo.text(of: "firstName"), "すし")
            XCTAssertEqual(Self.underline(in: f, field: "firstName", at: 0), "none")
            f.click("k")
            f.click("a")
            XCTAssertEqual(f.demo.text(of: "lastName"), "か")
        }
    }

    func testFlickingWithTheMouseAndTheGuide() {
        run { f in
            f.click("globe")
            GUI.wait("the kana keyboard") { f.demo.keyboard.session.layout.id == "ja-kana" }
            let keyboard = f.demo.keyboard
            guard let a = keyboard.geometry.frame(ofKey: "a") else { return XCTFail("no あ key") }
            // Press on あ and drag right by most of a key: え; the guide shows while held.
            let (x, y) = GUI.rootPoint(keyboard.widget, x: a.midX, y: a.midY)
            GUI.xdotool(["mousemove", "\(x)", "\(y)", "mousedown", "1"])
            GUI.settle(seconds: 0.1)
            GUI.xdotool(["mousemove", "\(x + Int(a.width * 0.8))", "\(y)"])
            GUI.settle(seconds: 0.1)
            XCTAssertEqual(keyboard.session.scene.flickGuide?.flick.direction, .right)
            GUI.xdotool(["mouseup", "1"])
            GUI.settle(seconds: 0.1)
            XCTAssertNil(keyboard.session.scene.flickGuide)
            XCTAssertEqual(f.demo.text(of: "firstName"), "え")
            // Three taps on た toggle to つ; 小ﾞﾟ makes it small.
            for key in ["ta", "ta", "ta", "form"] { f.click(key) }
            XCTAssertEqual(f.demo.text(of: "firstName"), "えっ")
        }
    }

    func testTheConverterIsLetGoAWhileAfterTheLastJapaneseKeyboard() {
        run { f in
            let keyboard = f.demo.keyboard
            TestSessions.modes(of: keyboard.session).kana.unloadDelay = 0.3
            f.click("globe")
            GUI.wait("the kana keyboard") { keyboard.session.layout.id == "ja-kana" }
            GUI.settle(seconds: 0.5)
            XCTAssertNotNil(TestSessions.modes(of: keyboard.session).kana.composition.converter, "Japanese to Japanese keeps it")
            f.click("globe")
            GUI.wait("the US keyboard") { keyboard.session.layout.id == "us" }
            XCTAssertNotNil(TestSessions.modes(of: keyboard.session).kana.converter ?? nil, "kept for a while")
            GUI.wait("the converter let go") { (TestSessions.modes(of: keyboard.session).kana.converter ?? nil) == nil }
            f.click("globe")
            GUI.wait("the romaji keyboard with a converter again") { TestSessions.modes(of: keyboard.session).kana.composition.converter != nil }
        }
    }

    func testASwipeOnTheBarMovesBetweenPhrases() {
        run { f in
            for key in ["w", "a", "t", "a", "s", "h", "i", "h", "a", "n", "i", "h", "o", "n", "g", "o"] { f.click(key) }
            f.click("space")
            let keyboard = f.demo.keyboard
            XCTAssertEqual(TestSessions.modes(of: keyboard.session).kana.composition.converting?.focus, 0)
            guard let slot = (keyboard.session.scene.bar?.slots ?? []).first else { return XCTFail("no bar") }
            let (x, y) = GUI.rootPoint(keyboard.widget, x: slot.midX, y: slot.midY)
            GUI.xdotool(["mousemove", "\(x)", "\(y)", "mousedown", "1", "mousemove", "\(x + Int(keyboard.geometry.width / 3))", "\(y)", "mouseup", "1"])
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(TestSessions.modes(of: keyboard.session).kana.composition.converting?.focus, 1, "swiped right: the next phrase")
            XCTAssertEqual(f.demo.text(of: "firstName").count, TestSessions.modes(of: keyboard.session).kana.composition.shownText.count, "nothing committed")
        }
    }

    func testTheFullCandidateListCommitsTheChosenOne() {
        run { f in
            for key in ["k", "a", "m", "i"] { f.click(key) }
            f.click("space")
            let keyboard = f.demo.keyboard
            guard let more = (keyboard.session.scene.bar?.content ?? .empty).slots.firstIndex(where: { $0?.kind == .more }) else {
                return XCTFail("no ▾ in \((keyboard.session.scene.bar?.content ?? .empty).slots)")
            }
            let frame = (keyboard.session.scene.bar?.slots ?? [])[more]
            GUI.click(keyboard.widget, x: frame.midX, y: frame.midY)
            GUI.wait("the candidate list") { keyboard.candidateList.map { gtk_widget_get_mapped($0) != 0 } == true }
            guard let menu = keyboard.candidateList else { return }
            var items: [UnsafeMutablePointer<GtkWidget>] = []
            var list = gtk_container_get_children(gtkCast(menu))
            while let node = list {
                items.append(node.pointee.data.assumingMemoryBound(to: GtkWidget.self))
                list = node.pointee.next
            }
            XCTAssertGreaterThan(items.count, 4)
            let last = items[items.count - 1]
            let label = gtkString(gtk_menu_item_get_label(gtkCast(last)))
            // As a click on it does: the item acts and the menu closes.
            gtk_menu_shell_activate_item(gtkCast(menu), last, 1)
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(f.demo.text(of: "firstName"), label)
            XCTAssertFalse(TestSessions.modes(of: keyboard.session).kana.composition.isComposing)
        }
    }

    /// The underline AT-SPI reports for the character at `offset` of a field ("none",
    /// "single", "double"), read from the entry's accessible text as the bridge relays it.
    @MainActor
    static func underline(in f: DemoFixture, field: String, at offset: Int32) -> String? {
        guard let entry = f.demo.entries[field] else { return nil }
        let accessible = gtk_widget_get_accessible(gtkCast(entry))
        var start: Int32 = 0
        var end: Int32 = 0
        var list = atk_text_get_run_attributes(OpaquePointer(accessible), offset, &start, &end)
        defer { atk_attribute_set_free(list) }
        while let node = list {
            let attribute = node.pointee.data.assumingMemoryBound(to: AtkAttribute.self).pointee
            if String(cString: attribute.name) == "underline" { return String(cString: attribute.value) }
            list = node.pointee.next
        }
        return "none"
    }
}

extension DemoFixture {
    /// The label a key shows now.
    @MainActor
    func label(of keyID: String) -> String? {
        demo.keyboard.session.scene.labels[keyID]
    }
}

/// Japanese with the converter's data missing: kana still type, Space commits them, and the
/// reason is said once.
final class JapaneseWithoutConversionTests: XCTestCase {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "no model here" }
    }

    func testKanaTypeAndTheReasonIsSaidOnce() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            var messages: [String] = []
            let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("ja"), try LayoutLibrary().load("us")],
                                                             makeConverter: { throw Missing() }, onProblem: { messages.append($0) }))
            let keyboard = demo.keyboard
            demo.present()
            let f = DemoFixture(demo)
            defer { f.close() }
            GUI.wait("the keyboard") { gtk_widget_get_mapped(keyboard.widget) != 0 && keyboard.geometry.width > 0 }
            GUI.wait("the failed load") { TestSessions.modes(of: keyboard.session).kana.converter != nil }
            GUI.settle(seconds: 0.3)  // first draws and the scroll into view
            for key in ["k", "a", "n", "a"] { f.click(key) }
            XCTAssertEqual(f.label(of: "space"), "空白", "nothing to convert with")
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "firstName"), "かな")
            XCTAssertFalse(TestSessions.modes(of: keyboard.session).kana.composition.isComposing)
            f.click("globe")
            f.click("globe")
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(messages, ["clavis: Japanese conversion off (the Japanese keyboards type kana): no model here"])
        }
    }
}
