import ClavisWayland
import Testing

@Suite struct InputMethodV1Tests {
    /// The keysym request's mask follows the names sent in `modifiers_map`, in order.
    @Test func modifierMaskFollowsTheModifiersMap() {
        #expect(InputMethodV1.modifierMask([], shift: false) == 0)
        #expect(InputMethodV1.modifierMask([.control], shift: true) == 0b11)
        #expect(InputMethodV1.modifierMask([.alt, .super], shift: false) == 0b1100)
        #expect(InputMethodV1.modifierMask([.altGr], shift: false) == 0b10000)
    }
}
