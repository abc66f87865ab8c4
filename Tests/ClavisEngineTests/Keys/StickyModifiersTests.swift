import ClavisEngine
import ClavisLayout
import Testing

@Suite struct StickyModifiersTests {
    @Test func tapsLatchLockAndLetGo() {
        var modifiers = StickyModifiers()
        modifiers.tap(.control)
        #expect(modifiers.state(of: .control) == .latched && modifiers.active == [.control])
        modifiers.tap(.control)
        #expect(modifiers.state(of: .control) == .locked)
        modifiers.keyUsed()
        #expect(modifiers.active == [.control], "locked stays after a key")
        modifiers.tap(.control)
        #expect(modifiers.state(of: .control) == .off && modifiers.active.isEmpty)
    }

    @Test func aLatchedModifierIsUsedUpByOneKey() {
        var modifiers = StickyModifiers()
        modifiers.tap(.alt)
        modifiers.tap(.control)
        modifiers.tap(.control)
        #expect(modifiers.active == [.alt, .control])
        modifiers.keyUsed()
        #expect(modifiers.active == [.control])
    }

    @Test func heldModifiersActWhileHeld() {
        var modifiers = StickyModifiers()
        modifiers.hold(.super)
        modifiers.hold(.super)
        #expect(modifiers.active == [.super] && modifiers.state(of: .super) == .off)
        modifiers.keyUsed()
        #expect(modifiers.active == [.super], "held, not latched: a key does not use it up")
        modifiers.release(.super)
        #expect(modifiers.isHeld(.super), "two fingers: one still holds it")
        modifiers.release(.super)
        modifiers.release(.super)
        #expect(modifiers.active.isEmpty)
    }
}
