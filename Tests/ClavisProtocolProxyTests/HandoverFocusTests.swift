import ClavisProtocolProxy
import Testing

@Suite struct HandoverFocusTests {
    /// A password handed over, the engine's own focus-out after it (the Shell switching IBus
    /// off for the password) changes nothing; the next field through IBus takes over.
    @Test func theEnginesFocusOutAfterAHandoverIsThePasswordsNotTheField() {
        var focus = HandoverFocus()
        #expect(focus.ownFocus(true) == .focused(.own))
        #expect(focus.handover(true) == .focused(.handedOver))
        #expect(focus.ownFocus(false) == .unchanged)
        #expect(focus.field == .handedOver)
        #expect(focus.ownFocus(true) == .focused(.own))
        #expect(focus.handover(false) == .unchanged, "late news of the password ends nothing")
        #expect(focus.field == .own)
    }

    /// The other order: the engine's focus-out first, then the handover; and the password
    /// going with no other field after it.
    @Test func eitherOrderEndsOnThePasswordAndItsEndLeavesNoField() {
        var focus = HandoverFocus()
        focus.ownFocus(true)
        #expect(focus.ownFocus(false) == .focused(.none))
        #expect(focus.handover(true) == .focused(.handedOver))
        #expect(focus.handover(true) == .unchanged, "said twice")
        #expect(focus.handover(false) == .focused(.none))
        #expect(focus.ownFocus(false) == .focused(.none), "the engine's own news still counts")
    }

    /// A handover while an own field has the focus (no focus-out came first) replaces it.
    @Test func aHandoverReplacesTheOwnField() {
        var focus = HandoverFocus()
        focus.ownFocus(true)
        #expect(focus.handover(true) == .focused(.handedOver))
        #expect(focus.handover(false) == .focused(.none))
    }
}
