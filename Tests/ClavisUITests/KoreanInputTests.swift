import ClavisLayout
import ClavisUI
import GtkKit
import XCTest

/// The Korean keyboard in the demo, with real X clicks on its keys: syllables composed in
/// the field as they are typed, Backspace one letter at a time, Space ending the syllable,
/// and the Korean lexicon's words on the bar.
final class KoreanInputTests: DemoWindowTestCase {
    override class func makeFixture() throws -> DemoFixture {
        try GUI.start()
        let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("ko")]))
        demo.present()
        GUI.wait("the keyboard") { gtk_widget_get_mapped(demo.keyboard.widget) != 0 && demo.keyboard.geometry.width > 0 }
        GUI.settle(seconds: 0.3)
        return DemoFixture(demo)
    }

    func testClicksTypeHangulSyllablesIntoTheField() {
        run { f in
            f.focusField("message")
            // ㅎ ㅏ ㄴ ㄱ ㅜ ㄱ ㅇ ㅓ on the 2-set keys (g k s r n r d j).
            for key in ["g", "k", "s"] { f.click(key) }
            GUI.wait("한 composing") { f.demo.text(of: "message") == "한" }
            XCTAssertEqual(f.demo.keyboard.session.scene.labels["r"], "ㄱ", "no capitals: the jamo as it is")
            for key in ["r", "n", "r", "d", "j"] { f.click(key) }
            GUI.wait("한국어") { f.demo.text(of: "message") == "한국어" }
            f.click("backspace")
            GUI.wait("one letter taken back") { f.demo.text(of: "message") == "한국ㅇ" }
            f.click("j")
            f.click("space")
            GUI.wait("the syllable ended by Space") { f.demo.text(of: "message") == "한국어 " }
            f.click("shift")
            for key in ["r", "h", "c"] { f.click(key) }
            GUI.wait("Shift's doubled consonant") { f.demo.text(of: "message") == "한국어 꽃" }
        }
    }

    /// The open syllable's letters find the words they begin (사람ㄷ: 사람들은, 사람들을, …),
    /// and a tap on one types it in place of what was typed, with a space.
    func testTheBarOffersKoreanWordsAndATapTypesOne() {
        run { f in
            f.focusField("message")
            // ㅅ ㅏ ㄹ ㅏ ㅁ ㄷ on the 2-set keys (t k f k a e).
            for key in ["t", "k", "f", "k", "a", "e"] { f.click(key) }
            GUI.wait("사람ㄷ composing") { f.demo.text(of: "message") == "사람ㄷ" }
            GUI.wait("words beginning 사람ㄷ offered") {
                let slots = f.demo.keyboard.session.scene.bar?.content.slots.compactMap { $0?.text } ?? []
                return slots.count == 3 && slots.allSatisfy { $0.hasPrefix("사람들") }
            }
            let middle = f.demo.keyboard.session.scene.bar?.content.slots[1]?.text ?? ""
            guard f.tapSlot(middle) else { return }
            GUI.wait("\(middle) typed in place of 사람ㄷ") { f.demo.text(of: "message") == middle + " " }
        }
    }
}
