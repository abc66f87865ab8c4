import ClavisLayout
import ClavisSession
import ClavisSettings
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// The emoji keyboard in the demo, with real clicks and a real long press.
final class EmojiInputTests: DemoWindowTestCase {
    override class func makeFixture() throws -> DemoFixture {
        try GUI.start()
        // As the app enables it: a stand-in, generated when first shown.
        let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("us"), try LayoutLibrary().load("emoji", generatingEmoji: false)]))
        demo.present()
        let keyboard = demo.keyboard
        GUI.wait("the keyboard") { gtk_widget_get_mapped(keyboard.widget) != 0 && keyboard.geometry.width > 0 }
        GUI.settle(seconds: 0.3)
        return DemoFixture(demo)
    }

    func testClickingEmojiTypesThemAndCategoriesTurnThePages() {
        run { f in
            f.click("globe")
            GUI.wait("the emoji keyboard") { f.demo.keyboard.session.layout.id == "emoji" }
            f.click("e-1f600")
            f.click("categoryanimals")
            XCTAssertEqual(f.demo.keyboard.session.scene.layer, "animals-1")
            f.click("e-1f435")
            XCTAssertEqual(f.demo.text(of: "firstName"), "😀🐵")
            f.click("backspace")
            XCTAssertEqual(f.demo.text(of: "firstName"), "😀", "one press deletes one emoji")
        }
    }

    func testAnEmojiListThatCannotBeReadShowsTheBuiltInLayoutInstead() {
        run { f in
            let keyboard = f.demo.keyboard
            let broken = NSTemporaryDirectory() + "clavis-no-emoji-\(getpid()).txt"
            _ = FileManager.default.createFile(atPath: broken, contents: Data("# group: Smileys & Emotion\nnot an emoji line\n".utf8))
            setenv("CLAVIS_EMOJI_DATA", broken, 1)
            defer {
                unsetenv("CLAVIS_EMOJI_DATA")
                try? FileManager.default.removeItem(atPath: broken)
                keyboard.session.keyboards.layouts = [try! LayoutLibrary().load("us"), try! LayoutLibrary().load("emoji", generatingEmoji: false)]
            }
            keyboard.session.keyboards.layouts = [try! LayoutLibrary().load("us"), EmojiKeyboard.standIn(file: broken)]
            f.click("globe")
            GUI.wait("the built-in layout") { keyboard.session.layout.id == KeyboardLayout.fallback.id }
            f.click("q")
            XCTAssertEqual(f.demo.text(of: "firstName"), "Q", "it types")
        }
    }

    func testWithFullAccessTheEmojiUsedComeFirstOnTheRecentPage() {
        run { f in
            let keyboard = f.demo.keyboard
            var settings = Settings()
            settings.allowFullAccess = true
            keyboard.session.apply(settings, loadKeyboards: nil)
            f.click("globe")
            f.click("categoryanimals")
            f.click("e-1f435")
            f.click("globe")
            GUI.wait("the US keyboard") { keyboard.session.layout.id == "us" }
            f.click("globe")
            GUI.wait("the emoji keyboard") { keyboard.session.layout.id == "emoji" }
            XCTAssertEqual(keyboard.session.scene.layer, "recent-1", "the Recent page first")
            XCTAssertNotNil(keyboard.geometry.frame(ofKey: "e-1f435"))
            f.click("e-1f435")
            XCTAssertEqual(f.demo.text(of: "firstName"), "🐵🐵")
        }
    }

    func testALongPressOffersTheSkinTones() {
        run { f in
            f.click("globe")
            f.click("categorypeople")
            let keyboard = f.demo.keyboard
            guard let wave = keyboard.geometry.frame(ofKey: "e-1f44b") else { return XCTFail("no 👋") }
            let (x, y) = GUI.rootPoint(keyboard.widget, x: wave.midX, y: wave.midY)
            GUI.xdotool(["mousemove", "\(x)", "\(y)", "mousedown", "1"])
            GUI.wait("the skin tones") { keyboard.session.scene.alternates != nil }
            guard let open = keyboard.session.scene.alternates?.open, let last = open.popup.cells.last else {
                GUI.xdotool(["mouseup", "1"])
                return XCTFail("no alternates")
            }
            XCTAssertEqual(open.alternates, ["👋", "👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"], "itself, then five tones")
            let (lastX, lastY) = GUI.rootPoint(keyboard.widget, x: last.midX, y: last.midY)
            GUI.xdotool(["mousemove", "\(lastX)", "\(lastY)", "mouseup", "1"])
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(f.demo.text(of: "firstName"), "👋🏿")
        }
    }
}

/// The emoji keyboard enabled first: generated at start (it showed no keys, "no layer ''").
final class EmojiFirstTests: XCTestCase {
    func testTheEmojiKeyboardFirstInTheListShowsItsKeys() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("emoji", generatingEmoji: false), try LayoutLibrary().load("us")]))
            defer { gtk_widget_destroy(demo.window) }
            demo.present()
            let keyboard = demo.keyboard
            GUI.wait("the emoji keys") { keyboard.geometry.frame(ofKey: "e-1f600") != nil }
            XCTAssertEqual(keyboard.session.layout.id, "emoji")
            XCTAssertFalse(EmojiKeyboard.isStandIn(keyboard.session.layout))
        }
    }
}
