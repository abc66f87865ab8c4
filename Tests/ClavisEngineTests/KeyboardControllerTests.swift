import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct KeyboardControllerTests {
    let layout = TestLayouts.tiny
    func key(_ id: String) -> Key { layout.key(id: id)! }

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
}
