import ClavisKeystrokes
import Testing
import TestSupport

@Suite struct SpareKeycodesTests {
    @Test func bindsTheHighestEmptyKeycodeAndReusesIt() throws {
        var mapping = FakeXKeyboard.usMapping()
        var spares = SpareKeycodes()
        let first = try #require(spares.acquire(Keysym("ö"), in: &mapping, now: 0))
        #expect(first.keycode == 255)
        #expect(first.steps == [.remap(255, [Keysym("ö"), Keysym("ö")])])
        let again = try #require(spares.acquire(Keysym("ö"), in: &mapping, now: 1))
        #expect(again.keycode == 255 && again.steps.isEmpty)
        let other = try #require(spares.acquire(Keysym("ß"), in: &mapping, now: 1))
        #expect(other.keycode == 254)
    }

    @Test func givesKeycodesBackOnlyAfterTheHoldTime() throws {
        var mapping = FakeXKeyboard.usMapping()
        let original = mapping
        var spares = SpareKeycodes(holdTime: 2)
        _ = try #require(spares.acquire(Keysym("ö"), in: &mapping, now: 0))
        _ = try #require(spares.acquire(Keysym("ß"), in: &mapping, now: 1.5))
        #expect(spares.nextExpiry == 2)
        #expect(spares.release(in: &mapping, now: 1.9).isEmpty)
        #expect(spares.release(in: &mapping, now: 2.0) == [.remap(255, [.noSymbol, .noSymbol])])
        #expect(spares.release(in: &mapping, now: 3.5).count == 1)
        #expect(mapping == original)
        #expect(spares.nextExpiry == nil)
    }

    @Test func rebindsTheLeastRecentlyUsedAtTheLimit() throws {
        var mapping = FakeXKeyboard.usMapping()
        var spares = SpareKeycodes(limit: 2)
        _ = spares.acquire(Keysym("ö"), in: &mapping, now: 0)
        _ = spares.acquire(Keysym("ß"), in: &mapping, now: 1)
        _ = spares.acquire(Keysym("ö"), in: &mapping, now: 2)
        let third = try #require(spares.acquire(Keysym("€"), in: &mapping, now: 3))
        #expect(third.keycode == 254)
        #expect(spares.bindings.count == 2)
        #expect(mapping.isBound(254, to: Keysym("€")))
    }

    @Test func aKeycodeAnotherProgramTookIsNeitherReusedNorRestored() throws {
        var mapping = FakeXKeyboard.usMapping()
        var spares = SpareKeycodes()
        _ = spares.acquire(Keysym("ö"), in: &mapping, now: 0)
        mapping.set(255, to: [Keysym("x"), .noSymbol])
        let again = try #require(spares.acquire(Keysym("ö"), in: &mapping, now: 1))
        #expect(again.keycode == 254)
        _ = spares.release(in: &mapping, now: 10, force: true)
        #expect(Array(mapping.symbols(of: 255)) == [Keysym("x"), .noSymbol])
        #expect(mapping.isEmpty(254))
    }

    @Test func aBindingTheServerSpreadOverMoreLevelsIsStillClavis() throws {
        var mapping = KeyboardMapping(firstKeycode: 8, symbolsPerKeycode: 4,
                                      symbols: [Keysym](repeating: .noSymbol, count: 8))
        let original = mapping
        var spares = SpareKeycodes()
        let bound = try #require(spares.acquire(Keysym("ß"), in: &mapping, now: 0))
        // What XKB reports back after XChangeKeyboardMapping with two levels.
        mapping.set(bound.keycode, to: [Keysym("ß"), Keysym("ß"), Keysym("ß"), Keysym("ß")])
        #expect(spares.acquire(Keysym("ß"), in: &mapping, now: 1)?.steps == [])
        #expect(spares.release(in: &mapping, now: 10, force: true).count == 1)
        #expect(mapping == original)
    }

    @Test func aFullKeymapLendsNothing() {
        var mapping = KeyboardMapping(firstKeycode: 8, symbolsPerKeycode: 1, symbols: [Keysym("a"), Keysym("b")])
        var spares = SpareKeycodes()
        #expect(spares.acquire(Keysym("ö"), in: &mapping, now: 0) == nil)
    }
}
