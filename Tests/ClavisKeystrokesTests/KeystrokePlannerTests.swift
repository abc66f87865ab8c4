import ClavisKeystrokes
import ClavisWorkloads
import Testing
import TestSupport

@Suite struct KeystrokePlannerTests {
    /// Types `text` on `keyboard` the way the X proxy does, then lets the spares expire.
    func type(_ text: String, on keyboard: inout FakeXKeyboard, spares: inout SpareKeycodes) -> KeystrokePlanner {
        var planner = KeystrokePlanner(mapping: keyboard.mapping, modifiers: keyboard.modifiers)
        keyboard.perform(planner.plan(text.unicodeScalars.map(Keysym.init), spares: &spares, now: 0))
        #expect(planner.mapping == keyboard.mapping)
        return planner
    }

    func restore(_ keyboard: inout FakeXKeyboard, _ spares: inout SpareKeycodes) {
        var mapping = keyboard.mapping
        keyboard.perform(spares.release(in: &mapping, now: 100))
    }

    @Test func typesTheIssueSentenceExactlyAndGivesTheKeymapBack() {
        var keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping())
        let original = keyboard.mapping
        var spares = SpareKeycodes()
        _ = type("Hello, wörld! ß€\n", on: &keyboard, spares: &spares)
        #expect(keyboard.typed == "Hello, wörld! ß€\n")
        #expect(keyboard.faults.isEmpty)
        #expect(keyboard.down.isEmpty)
        restore(&keyboard, &spares)
        #expect(keyboard.mapping == original)
    }

    @Test func shiftedCharactersAreTypedInsideShift() {
        let keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping())
        var planner = KeystrokePlanner(mapping: keyboard.mapping, modifiers: keyboard.modifiers)
        var spares = SpareKeycodes()
        #expect(planner.plan([Keysym("H")], spares: &spares, now: 0) == [.press(50), .press(43), .release(43), .release(50)])
        #expect(planner.plan([.backSpace], spares: &spares, now: 0) == [.press(22), .release(22)])
    }

    @Test func capsLockIsTurnedOffWhileTypingAndBackOnAfter() {
        var keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping(), capsLocked: true)
        var spares = SpareKeycodes()
        _ = type("aB ö", on: &keyboard, spares: &spares)
        #expect(keyboard.typed == "aB ö")
        #expect(keyboard.capsLocked)
        #expect(keyboard.faults.isEmpty)
    }

    @Test func heldModifierKeysAreReleasedAndPressedAgain() {
        var keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping(), held: [62, 37])
        var spares = SpareKeycodes()
        _ = type("a!", on: &keyboard, spares: &spares)
        #expect(keyboard.typed == "a!")
        #expect(keyboard.down == [62, 37])
        #expect(keyboard.faults.isEmpty)
    }

    @Test func anotherGroupTypesEverythingThroughSpareKeycodes() {
        let keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping())
        var planner = KeystrokePlanner(mapping: keyboard.mapping, modifiers: ModifierState(group: 1))
        var spares = SpareKeycodes()
        let steps = planner.plan([Keysym("a")], spares: &spares, now: 0)
        #expect(steps == [.remap(255, [Keysym("a"), Keysym("a")]), .press(255), .release(255)])
    }

    @Test func whatCannotBeTypedIsReportedAndNothingIsPressed() {
        let full = KeyboardMapping(firstKeycode: 8, symbolsPerKeycode: 1, symbols: [Keysym("a")])
        var planner = KeystrokePlanner(mapping: full, modifiers: ModifierState(heldKeycodes: [8]))
        var spares = SpareKeycodes()
        #expect(planner.plan([Keysym("ö")], spares: &spares, now: 0).isEmpty)
        #expect(planner.untyped == [Keysym("ö")])
    }

    @Test func randomTextUnderRandomModifiersArrivesExactly() {
        var generator = SplitMix64(seed: 9)
        let pool = Array("abcXYZ019 ,.!?@äöüßéñ€😀\n\t".unicodeScalars)
        for _ in 0..<200 {
            let capsLocked = Bool.random(using: &generator)
            let held: [UInt8] = Bool.random(using: &generator) ? [50] : []
            var keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping(), capsLocked: capsLocked, held: held)
            let original = keyboard.mapping
            var spares = SpareKeycodes(limit: Int.random(in: 1...4, using: &generator))
            var expected = ""
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                let text = String(String.UnicodeScalarView((0..<Int.random(in: 1...12, using: &generator)).map { _ in
                    pool.randomElement(using: &generator)!
                }))
                expected += text
                _ = type(text, on: &keyboard, spares: &spares)
            }
            #expect(keyboard.typed == expected)
            #expect(keyboard.capsLocked == capsLocked)
            #expect(keyboard.down == Set(held))
            #expect(keyboard.faults.isEmpty)
            restore(&keyboard, &spares)
            #expect(keyboard.mapping == original)
        }
    }
}

/// Keys with modifiers around them: shortcuts and named keys.
@Suite struct ShortcutPlannerTests {
    @Test func ctrlCIsControlAroundTheCKey() {
        let keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping())
        var planner = KeystrokePlanner(mapping: keyboard.mapping, modifiers: keyboard.modifiers)
        var spares = SpareKeycodes()
        #expect(planner.plan(key: Keysym("c"), modifiers: [.controlLeft], spares: &spares, now: 0)
            == [.press(37), .press(54), .release(54), .release(37)])
        #expect(planner.plan(key: Keysym(named: "F5")!, modifiers: [.altLeft], spares: &spares, now: 0)
            == [.press(64), .press(71), .release(71), .release(64)])
        #expect(planner.plan(key: Keysym(named: "Escape")!, modifiers: [], spares: &spares, now: 0) == [.press(9), .release(9)])
    }

    @Test func aShiftedCharacterGetsShiftAndHeldHardwareModifiersAreSetAside() {
        var keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping(), held: [62])
        var planner = KeystrokePlanner(mapping: keyboard.mapping, modifiers: keyboard.modifiers)
        var spares = SpareKeycodes()
        let steps = planner.plan(key: Keysym("!"), modifiers: [.controlLeft], spares: &spares, now: 0)
        #expect(steps == [.release(62), .press(37), .press(50), .press(10), .release(10), .release(50), .release(37), .press(62)])
        keyboard.perform(steps)
        #expect(keyboard.down == [62], "only the hardware's own modifier is down afterwards")
    }

    @Test func aModifierTheKeymapLacksSendsNothing() {
        let keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping())
        var planner = KeystrokePlanner(mapping: keyboard.mapping, modifiers: keyboard.modifiers)
        var spares = SpareKeycodes()
        #expect(planner.plan(key: Keysym("c"), modifiers: [.superLeft], spares: &spares, now: 0).isEmpty)
        #expect(planner.untyped == [.superLeft])
    }

    @Test func namedKeysysms() {
        #expect(Keysym(named: "F1")?.rawValue == 0xFFBE && Keysym(named: "F12")?.rawValue == 0xFFC9)
        #expect(Keysym(named: "Page_Down")?.rawValue == 0xFF56)
        #expect(Keysym(named: "c") == Keysym("c"))
        #expect(Keysym(named: "Hyper") == nil)
    }
}
