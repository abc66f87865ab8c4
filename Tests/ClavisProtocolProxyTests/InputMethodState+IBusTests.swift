import ClavisProtocolProxy
import Testing

@Suite struct InputMethodStateIBusTests {
    @Test func characterOffsetsBecomeBytes() {
        var state = InputMethodState()
        state.activate()
        state.surroundingText("Grüß dich", characterCursor: 4, anchor: 4)
        state.done()
        #expect(state.surrounding?.cursor == 6)
        #expect(state.textBeforeCursor == "Grüß")
        #expect(state.textAfterCursor == " dich")
    }

    @Test func offsetsPastTheEndOrBelowZeroAreClamped() {
        var state = InputMethodState()
        state.activate()
        state.surroundingText("日本", characterCursor: 40, anchor: -3)
        state.done()
        #expect(state.textBeforeCursor == "日本")
        #expect(state.surrounding?.anchor == 0)
    }
}
