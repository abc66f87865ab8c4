import ClavisEngine
import ClavisKanaMode
import ClavisLayout
import TestSupport
import Testing

/// A Japanese layout: typing composes, Space converts, Return commits.
@MainActor @Suite struct CompositionSessionInputModeTests {
    let proxy = RecordingProxy()
    let controller = KeyboardController(layout: TestLayouts.japanese)
    let composition = CompositionSession(converter: FakeConverter(["にほんご": ["日本語"], "にほん": ["日本", "二本"], "ご": ["語", "後"]]))

    init() {
        controller.proxy = proxy
        controller.mode = composition
    }

    func tap(_ ids: String...) {
        for id in ids { controller.activate(controller.layout.key(id)!) }
    }

    func type(_ letters: String) {
        for letter in letters { tap(String(letter)) }
    }

    @Test func lettersComposeAndSpaceAndReturnReadConvertAndCommit() {
        let space = controller.layout.key("space")!
        let enter = controller.layout.key("return")!
        #expect(controller.label(for: space) == "空白")
        type("nihongo")
        #expect(proxy.text == "にほんご" && proxy.document.markedRange == 0..<4)
        #expect(controller.label(for: space) == "変換")
        #expect(controller.label(for: enter) == "確定")
        #expect(controller.accessibleKey(for: enter).name == "Return, Commit")
        tap("space")
        #expect(proxy.text == "日本語")
        #expect(controller.bar.slots.map { $0?.text } == ["日本語", "にほんご"])
        tap("return")
        #expect(proxy.text == "日本語" && proxy.document.markedRange == nil)
        #expect(!proxy.calls.contains(.insert("\n")), "Return committed; it did not submit")
        tap("return")
        #expect(proxy.calls.last == .insert("\n"), "nothing composed: Return is Return")
    }

    @Test func spaceOutsideACompositionTypesAFullWidthSpace() {
        tap("space")
        #expect(proxy.text == "\u{3000}")
    }

    @Test func noAutomaticCapitalsOnAJapaneseLayout() {
        proxy.traits.autocapitalizationType = .sentences
        controller.textDidChange()
        #expect(controller.shift == .off)
        type("ka")
        #expect(proxy.text == "か")
    }

    @Test func arrowsMoveSegmentsAndShiftArrowsResizeThem() {
        type("nihongo")
        tap("space")
        #expect(proxy.text == "日本語")
        #expect(composition.converting?.segments.count == 1)
        tap("shift", "left")
        #expect(composition.converting?.segments.map(\.reading) == ["にほん", "ご"])
        #expect(proxy.text == "日本語")
        #expect(controller.shift == .off, "the latched shift was used")
        tap("right", "space")
        #expect(proxy.text == "日本後")
        tap("left", "space")
        #expect(proxy.text == "二本後")
        #expect(proxy.document.text.count == 3)
    }

    @Test func barTapsCommitCandidates() {
        type("nihongo")
        tap("space")
        controller.chooseSuggestion(slot: 1)
        #expect(proxy.text == "にほんご" && proxy.document.markedRange == nil)
    }

    @Test func backspaceAfterTheCompositionDeletesFromTheField() {
        proxy.insertText("東京")
        type("kak")
        tap("backspace", "backspace")
        #expect(proxy.text == "東京")
        tap("backspace")
        #expect(proxy.text == "東")
    }

    @Test func finishingACompositionCommitsItAsItStands() {
        type("kaki")
        controller.finishComposition()
        #expect(proxy.text == "かき" && proxy.document.markedRange == nil)
    }

    @Test func repeatedTapsOnAKanaKeyToggleAndTheFormKeyChangesTheLast() {
        tap("kana-a", "kana-a", "kana-a")
        #expect(proxy.text == "う")
        tap("form")
        #expect(proxy.text == "ぅ")
    }
}
