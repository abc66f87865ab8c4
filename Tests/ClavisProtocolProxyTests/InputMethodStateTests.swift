import ClavisProtocolProxy
import Testing

@Suite struct InputMethodStateTests {
    @Test func eventsApplyTogetherOnDoneWhichCountsTheSerial() {
        var state = InputMethodState()
        state.activate()
        state.surroundingText("Hello wörld", cursor: 7, anchor: 7)
        state.contentType(hint: 0x4, purpose: 6)
        #expect(!state.isActive && state.serial == 0, "nothing until done")
        state.done()
        #expect(state.isActive && state.serial == 1)
        #expect(state.textBeforeCursor == "Hello w")
        #expect(state.textAfterCursor == "örld")
        #expect(state.contentType.purpose == .email)
        state.done()
        #expect(state.serial == 2, "every done counts, even with nothing new")
    }

    @Test func aNewFocusForgetsTheOldFieldAndDeactivateClearsIt() {
        var state = InputMethodState()
        state.activate()
        state.surroundingText("secret", cursor: 6, anchor: 6)
        state.contentType(hint: 0, purpose: 8)
        state.done()
        state.activate()
        state.done()
        #expect(state.textBeforeCursor == nil && state.contentType.purpose == .normal)
        state.deactivate()
        state.done()
        #expect(!state.isActive && state.serial == 3)
    }

    @Test func aCursorBeyondTheTextIsClamped() {
        var state = InputMethodState()
        state.activate()
        state.surroundingText("ab", cursor: 10, anchor: 10)
        state.done()
        #expect(state.textBeforeCursor == "ab" && state.textAfterCursor == "")
    }
}
