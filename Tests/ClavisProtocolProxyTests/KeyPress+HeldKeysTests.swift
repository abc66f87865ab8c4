import ClavisEngine
import ClavisKeystrokes
import ClavisProtocolProxy
import Testing

@Suite struct KeyPressHeldKeysTests {
    @Test func modifiersGoDownInAFixedOrderWithShiftLast() {
        #expect(KeyPress(name: .character("a"), modifiers: [.control]).heldKeysyms == [.controlLeft])
        #expect(KeyPress(name: .left, modifiers: [.control], shift: true).heldKeysyms == [.controlLeft, .shiftLeft])
        let all = KeyPress(name: .delete, modifiers: [.altGr, .super, .alt, .control], shift: true)
        #expect(all.heldKeysyms == [.controlLeft, .altLeft, .superLeft, .isoLevel3Shift, .shiftLeft])
    }

    @Test func aPlainKeyHoldsNothing() {
        #expect(KeyPress(name: .returnKey).heldKeysyms.isEmpty)
    }
}
