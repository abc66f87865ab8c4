import ClavisEngine
import ClavisFiles
import ClavisJapanese
import ClavisKanaMode
import ClavisLayout
import ClavisPrediction
@testable import ClavisSession
import ClavisSettings
import ClavisWordMode
import TestSupport
import Testing

/// The enabled keyboards' part: the globe key's cycle and the way back.
@MainActor @Suite struct SessionKeyboardsTests {
    @Test func theGlobeKeyCyclesTheKeyboardsWithOneControllerAndTracker() {
        let f = SessionFixture()
        let controller = f.session.controller
        let tracker = f.session.tracker
        f.tap("123")
        f.tap("globe")
        #expect(f.session.layout.id == "japanese")
        #expect(f.session.keyboards.index == 1)
        #expect(f.shown == ["japanese"])
        #expect(f.session.controller === controller, "a reference held to the controller stays live")
        #expect(f.session.tracker === tracker)
        #expect(f.session.controller.layer == "letters", "a keyboard shows from its first layer")
        f.session.keyboards.showNext()
        f.session.keyboards.showNext()
        #expect(f.shown == ["japanese", "pc", "tiny"])
        f.tap("q")
        #expect(f.proxy.text == "q", "the proxy stayed with the one controller")
    }

    @Test func theWayBackGoesToTheKeyboardShownBefore() {
        let f = SessionFixture()
        f.session.keyboards.show(at: 2)
        f.session.showPreviousLayout()
        #expect(f.session.layout.id == "tiny", "back where the user came from, not one step back in the cycle")
        f.session.showPreviousLayout()
        #expect(f.session.layout.id == "pc", "and to and fro")
        f.session.keyboards.layouts = [TestLayouts.tiny, TestLayouts.japanese]
        f.session.showPreviousLayout()
        #expect(f.session.layout.id == "japanese", "with no keyboard before, the one before in the cycle")
    }
}
