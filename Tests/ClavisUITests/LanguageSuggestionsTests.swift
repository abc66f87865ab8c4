import ClavisEngine
import ClavisLayout
import ClavisSession
import ClavisSettings
import ClavisUI
import ClavisXkb
import GtkKit
import XCTest

/// A keyboard that is not English: the Spanish XKB keyboard's bar in the demo, driven by real
/// X clicks, alone and with English added (`alsoSuggestIn`).
final class LanguageSuggestionsTests: DemoWindowTestCase {
    override class func makeFixture() throws -> DemoFixture {
        try GUI.start()
        let demo = DemoWindow(session: TestSessions.make([try XkbLayouts.layout("xkb:es"), try LayoutLibrary().load("us")]))
        demo.present()
        let keyboard = demo.keyboard
        GUI.wait("the Spanish keyboard") { gtk_widget_get_mapped(keyboard.widget) != 0 && keyboard.geometry.width > 0 }
        GUI.settle(seconds: 0.3)
        return DemoFixture(demo)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let created = fixture
        let ready = MainActor.assumeIsolated { created.map { TestSessions.modes(of: $0.demo.keyboard.session).words.suggestions.predictor != nil } ?? false }
        XCTAssertTrue(ready, "no Spanish lexicon: run scripts/text-data.sh (scripts/test.sh does)")
    }

    /// The key of the letter `letter` on the keyboard shown.
    @MainActor
    static func key(_ letter: String, in f: DemoFixture) -> String? {
        let layout = f.demo.keyboard.session.layout
        return layout.keys.first { $0.label == letter && f.demo.keyboard.geometry.frame(ofKey: $0.id) != nil }?.id
    }

    @MainActor
    static func type(_ word: String, _ f: DemoFixture) {
        for letter in word.map(String.init) {
            guard let id = Self.key(letter, in: f) else { return XCTFail("no key \(letter) on \(f.demo.keyboard.session.layout.id)") }
            f.click(id)
        }
    }

    func testTheSpanishKeyboardOffersSpanishWords() {
        run { f in
            XCTAssertEqual(f.demo.keyboard.session.layout.id, "xkb:es")
            XCTAssertEqual(f.demo.keyboard.session.layout.language, "es")
            f.focusField("message")  // the form's field of prose: the name fields offer names only
            f.click("shift")  // the sentence's automatic capital, off
            Self.type("canci", f)
            let offered = f.demo.keyboard.session.scene.bar?.content.slots.compactMap { $0?.text } ?? []
            XCTAssertTrue(offered.contains("canción"), "\(offered)")
            guard f.tapSlot("canción") else { return }
            XCTAssertEqual(f.demo.text(of: "message"), "canción ")
            // Spanish corrections: an accent left out is put back on the space.
            Self.type("tambien", f)
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "message"), "canción también ")
        }
    }

    func testEnglishAddedToTheSpanishKeyboardSuggestsAndCorrectsInBoth() {
        run { f in
            var settings = Settings()
            settings.alsoSuggestIn = ["xkb:es": ["en"]]
            f.demo.keyboard.session.apply(settings, loadKeyboards: nil)
            XCTAssertEqual(TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.predictor?.lexicons.count, 2)
            // An English misspelling, corrected on the Spanish keyboard…
            f.focusField("message")
            for word in ["see", "you", "tomorow"] {
                Self.type(word, f)
                f.click("space")
            }
            XCTAssertEqual(f.demo.text(of: "message"), "See you tomorrow ")
            // …and Spanish left as it is: right in one of the languages.
            Self.type("hola", f)
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "message"), "See you tomorrow hola ")
            settings.alsoSuggestIn = [:]
            f.demo.keyboard.session.apply(settings, loadKeyboards: nil)
            XCTAssertEqual(TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.predictor?.lexicons.count, 1)
        }
    }
}

/// The Polish keyboard, typed without its accents as on a US keyboard: Space puts them back.
final class PolishSuggestionsTests: DemoWindowTestCase {
    override class func makeFixture() throws -> DemoFixture {
        try GUI.start()
        let demo = DemoWindow(session: TestSessions.make([try XkbLayouts.layout("xkb:pl")]))
        demo.present()
        let keyboard = demo.keyboard
        GUI.wait("the Polish keyboard") { gtk_widget_get_mapped(keyboard.widget) != 0 && keyboard.geometry.width > 0 }
        GUI.settle(seconds: 0.3)
        return DemoFixture(demo)
    }

    func testAccentsLeftOutArePutBack() {
        run { f in
            XCTAssertNotNil(TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.predictor, "no Polish lexicon: run scripts/text-data.sh")
            f.focusField("message")
            f.click("shift")  // the sentence's automatic capital, off
            LanguageSuggestionsTests.type("zolw", f)
            let bar = TestSessions.modes(of: f.demo.keyboard.session).words.suggestions.bar
            XCTAssertEqual(bar.highlighted.flatMap { bar.slots[$0]?.text }, "żółw", "\(bar.slots)")
            f.click("space")
            LanguageSuggestionsTests.type("dziekuje", f)
            f.click("space")
            XCTAssertEqual(f.demo.text(of: "message"), "żółw dziękuję ")
        }
    }
}
