import ClavisKeystrokes
import Testing
import TestSupport

@Suite struct KeyboardMappingTests {
    let mapping = FakeXKeyboard.usMapping()

    @Test func findsPlainAndShiftedLevels() {
        #expect(mapping.position(of: Keysym("a")) == KeyPosition(keycode: 38, shifted: false))
        #expect(mapping.position(of: Keysym("A")) == KeyPosition(keycode: 38, shifted: true))
        #expect(mapping.position(of: Keysym("!")) == KeyPosition(keycode: 10, shifted: true))
        #expect(mapping.position(of: .return) == KeyPosition(keycode: 36, shifted: false))
    }

    @Test func aCharacterMissingFromTheKeymapHasNoPosition() {
        #expect(mapping.position(of: Keysym("ö")) == nil)
        #expect(mapping.position(of: .noSymbol) == nil)
    }

    @Test func thePlainLevelWinsOverAShiftedOne() {
        var mapping = self.mapping
        mapping.set(130, to: [Keysym("A"), .noSymbol])
        #expect(mapping.position(of: Keysym("A")) == KeyPosition(keycode: 130, shifted: false))
    }

    @Test func aLegacyEuroKeyTypesTheUnicodeEuro() {
        var mapping = self.mapping
        mapping.set(26, to: [Keysym("e"), .euroSign])
        #expect(mapping.position(of: Keysym("€")) == KeyPosition(keycode: 26, shifted: true))
    }

    @Test func bindingsFillTwoLevelsAndAreRecognised() {
        var mapping = KeyboardMapping(firstKeycode: 8, symbolsPerKeycode: 4,
                                      symbols: [Keysym](repeating: .noSymbol, count: 16))
        #expect(mapping.keycodes == 8...11)
        #expect(mapping.isEmpty(9))
        mapping.set(9, to: mapping.binding(for: Keysym("ö")))
        #expect(Array(mapping.symbols(of: 9)) == [Keysym("ö"), Keysym("ö"), .noSymbol, .noSymbol])
        #expect(mapping.isBound(9, to: Keysym("ö")))
        #expect(!mapping.isBound(9, to: Keysym("ß")))
        #expect(!mapping.isEmpty(9))
        #expect(mapping.symbols(of: 200).isEmpty)
    }
}
