import ClavisEngine
import ClavisLayout
@testable import ClavisSession
import ClavisSettings
import TestSupport
import Testing

/// What is copied shows over the editing panel; a tap types it.
@MainActor @Suite struct KeyboardSessionClipboardTests {
    @Test func theNewestCopiesShowOverThePanelAndATapTypesOne() throws {
        let f = SessionFixture()
        f.session.textCopied("Ada Lovelace")
        #expect(f.session.scene.bar?.content.slots.contains { $0?.text == "Ada Lovelace" } != true, "not over the letters")
        f.session.showEditingPanel()
        f.session.textCopied("ada@example.org")
        let bar = try #require(f.session.scene.bar)
        #expect(bar.content.slots.map { $0?.text } == ["ada@example.org", "Ada Lovelace"])
        f.session.touchBegan(3, x: bar.slots[1].midX, y: bar.slots[1].midY)
        f.session.touchEnded(3, x: bar.slots[1].midX, y: bar.slots[1].midY)
        #expect(f.proxy.text == "Ada Lovelace", "typed as text")
        f.tap("abc")
        #expect(f.session.scene.bar?.content.slots.contains { $0?.text == "Ada Lovelace" } != true, "the words' bar again")
    }

    @Test func aLineBreakIsASpaceInASingleLineField() throws {
        let f = SessionFixture()
        f.session.showEditingPanel()
        f.session.textCopied("two\nlines")
        f.session.chooseSuggestion(slot: 0)
        #expect(f.proxy.text == "two lines")
        f.proxy.document.traits = TextInputTraits(autocapitalizationType: .none, isMultiline: true)
        f.session.chooseSuggestion(slot: 0)
        #expect(f.proxy.text == "two linestwo\nlines")
    }

    @Test func nothingIsKeptFromAPasswordFieldOrWithTheHistoryOff() {
        let f = SessionFixture()
        f.proxy.document.traits = TextInputTraits(isSecureTextEntry: true)
        f.session.textCopied("hunter2")
        #expect(f.session.clipboard.items.isEmpty)
        f.proxy.document.traits = TextInputTraits()
        f.session.textCopied("kept")
        var settings = Settings()
        settings.clipboardHistory = false
        f.session.apply(settings, loadKeyboards: nil)
        #expect(f.session.clipboard.items.isEmpty, "turned off: forgotten")
        f.session.textCopied("not kept")
        #expect(f.session.clipboard.items.isEmpty)
    }
}
