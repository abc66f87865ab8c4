import ClavisKeystrokes
import Testing

@Suite struct KeysymTests {
    @Test func latin1CharactersAreTheirOwnKeysym() {
        #expect(Keysym("a").rawValue == 0x61)
        #expect(Keysym("ö").rawValue == 0xF6)
        #expect(Keysym("ß").rawValue == 0xDF)
    }

    @Test func otherCharactersAreUnicodeKeysyms() {
        #expect(Keysym("€").rawValue == 0x0100_20AC)
        #expect(Keysym("👍").rawValue == 0x0101_F44D)
        #expect(Keysym("€").scalar == "€")
    }

    @Test func controlCharactersAreTheEditingKeys() {
        #expect(Keysym("\n") == .return)
        #expect(Keysym("\t") == .tab)
        #expect(Keysym(Unicode.Scalar(8)) == .backSpace)
    }

    @Test func theLegacyEuroKeysymTypesTheSameCharacter() {
        #expect(Keysym.euroSign.types(Keysym("€")))
        #expect(!Keysym.euroSign.types(Keysym("e")))
        #expect(Keysym.return.scalar == nil)
        #expect(!Keysym.return.types(Keysym.backSpace))
    }
}
