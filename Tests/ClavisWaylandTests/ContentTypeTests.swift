import ClavisEngine
import ClavisWayland
import Testing

@Suite struct ContentTypeTests {
    @Test func purposesChooseTheKeyboardAndSecrecy() {
        #expect(ContentType(purpose: .email).traits.keyboardType == .emailAddress)
        #expect(ContentType(purpose: .url).traits.keyboardType == .url)
        #expect(ContentType(purpose: .url).traits.returnKeyType == .go)
        #expect(ContentType(purpose: .digits).traits.keyboardType == .numberPad)
        #expect(ContentType(purpose: .number).traits.keyboardType == .decimalPad)
        #expect(ContentType(purpose: .phone).traits.keyboardType == .phonePad)
        let password = ContentType(purpose: .password).traits
        #expect(password.isSecureTextEntry && !password.learnsWords && password.autocorrectionType == .no)
        #expect(ContentType(purpose: .pin).traits.isSecureTextEntry && ContentType(purpose: .pin).traits.keyboardType == .numberPad)
    }

    @Test func hintsSetCapitalsSpellingAndLearning() {
        #expect(ContentType(hint: [.autoCapitalization, .spellcheck]).traits.autocapitalizationType == .sentences)
        #expect(ContentType(hint: [.spellcheck]).traits.autocorrectionType == .default)
        #expect(ContentType(hint: []).traits.autocorrectionType == .no, "no spell check asked for: no correction")
        #expect(ContentType(hint: []).traits.autocapitalizationType == .none)
        #expect(ContentType(hint: [.titlecase]).traits.autocapitalizationType == .words)
        #expect(ContentType(hint: [.uppercase]).traits.autocapitalizationType == .allCharacters)
        #expect(ContentType(purpose: .name).traits.autocapitalizationType == .words)
        let sensitive = ContentType(hint: [.sensitiveData, .spellcheck]).traits
        #expect(!sensitive.allowsLearning && !sensitive.isSecureTextEntry, "sensitive: never learned, still shown")
        #expect(ContentType(hint: [.hiddenText]).traits.isSecureTextEntry)
    }

    @Test func rawNumbersAsTheProtocolSendsThem() {
        let type = ContentType(rawHint: 0x4 | 0x2, rawPurpose: 6)
        #expect(type.hint == [.autoCapitalization, .spellcheck] && type.purpose == .email)
        #expect(ContentType(rawHint: 0, rawPurpose: 99).purpose == .normal, "an unknown purpose reads as normal")
    }
}
