import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct KeyboardControllerTests {
    let layout = TestLayouts.tiny
    func key(_ id: String) -> KeyDefinition { layout.key(id)! }

    func makeController() -> (KeyboardController, RecordingProxy) {
        let controller = KeyboardController(layout: layout)
        let proxy = RecordingProxy()
        controller.proxy = proxy
        return (controller, proxy)
    }

    @Test func eachKeySendsItsActionToTheProxy() {
        let (controller, proxy) = makeController()
        for id in ["q", "space", "w", "backspace", "return"] { controller.activate(key(id)) }
        #expect(proxy.calls == [.insert("q"), .insert(" "), .insert("w"), .deleteBackward, .insert("\n")])
        #expect(proxy.text == "q \n")
    }

    @Test func shiftLatchesForOneCharacter() {
        let (controller, proxy) = makeController()
        var redraws = 0
        controller.onAppearanceChange = { redraws += 1 }
        controller.activate(key("shift"))
        #expect(controller.isShiftLatched)
        #expect(controller.label(for: key("q")) == "Q")
        controller.activate(key("q"))
        controller.activate(key("q"))
        #expect(proxy.text == "Qq")
        #expect(!controller.isShiftLatched)
        #expect(redraws == 2)
    }

    @Test func pressingShiftAgainReleasesIt() {
        let (controller, proxy) = makeController()
        controller.activate(key("shift"))
        controller.activate(key("shift"))
        controller.activate(key("w"))
        #expect(proxy.text == "w")
    }

    @Test func shiftDoesNotCapitaliseSpaceOrSurviveIt() {
        let (controller, proxy) = makeController()
        controller.activate(key("shift"))
        controller.activate(key("space"))
        controller.activate(key("e"))
        #expect(proxy.text == " E")
    }

    @Test func returnKeyReadsTheFocusedFieldsReturnType() {
        let (controller, proxy) = makeController()
        #expect(controller.label(for: key("return")) == "return")
        proxy.returnKeyType = .next
        #expect(controller.label(for: key("return")) == "Next")
        proxy.returnKeyType = .done
        #expect(controller.label(for: key("return")) == "Done")
    }

    @Test func withoutAProxyPressesChangeNothingButState() {
        let controller = KeyboardController(layout: layout)
        controller.activate(key("q"))
        controller.activate(key("shift"))
        #expect(controller.isShiftLatched)
        #expect(controller.label(for: key("return")) == "return")
    }

    @Test func layerKeysSwitchTheLayerAndRedraw() {
        let (controller, proxy) = makeController()
        var redraws = 0
        controller.onAppearanceChange = { redraws += 1 }
        #expect(controller.layer == "letters")
        controller.activate(key("123"))
        #expect(controller.layer == "numbers")
        controller.activate(key("abc"))
        #expect(controller.layer == "letters")
        #expect(redraws == 2)
        #expect(proxy.calls.isEmpty)
    }

    @Test func globeAndDismissAreReportedToTheOwner() {
        let (controller, proxy) = makeController()
        var globes = 0
        var dismissals = 0
        controller.onNextKeyboard = { globes += 1 }
        controller.onDismiss = { dismissals += 1 }
        controller.activate(key("globe"))
        controller.activate(key("dismiss"))
        #expect(globes == 1)
        #expect(dismissals == 1)
        #expect(proxy.calls.isEmpty)
    }

    @Test func cursorKeysMoveTheCaretByOneCharacter() {
        let (controller, proxy) = makeController()
        controller.activate(key("q"))
        controller.activate(key("w"))
        controller.activate(key("left"))
        controller.activate(key("e"))
        controller.activate(key("right"))
        controller.activate(key("right"))
        controller.activate(key("q"))
        #expect(proxy.calls == [.insert("q"), .insert("w"), .adjust(-1), .insert("e"), .adjust(1), .adjust(1), .insert("q")])
        #expect(proxy.text == "qewq")
    }
}
