import ClavisEngine
import ClavisProtocolProxy
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

    /// A name field (text-input v3's, v1's and IBus's purpose 7): names offered, nothing
    /// corrected, every word capitalised, even where the field asks for spell checking.
    @Test func aNameFieldHoldsANameAndIsNeverCorrected() {
        for type in [ContentType(hint: [.spellcheck], purpose: .name), ContentType(v1Hint: 0x2, v1Purpose: 7),
                     ContentType(ibusPurpose: 7, ibusHints: 0x1)] {
            let traits = type.traits
            #expect(traits.holdsName && traits.textContentType == .name)
            #expect(!traits.correctsAutomatically)
            #expect(traits.autocapitalizationType == .words)
        }
        #expect(!ContentType(hint: [.spellcheck], purpose: .normal).traits.holdsName)
        #expect(ContentType(hint: [.spellcheck], purpose: .normal).traits.correctsAutomatically)
    }

    /// Input-method v1's numbers, as KWin and Weston send them: the same hint bits, and
    /// purposes with no PIN, so date, time, datetime and terminal come one lower than v3's.
    @Test func inputMethodV1NumbersReadAsTheSameTraits() {
        #expect(ContentType(v1Hint: 0, v1Purpose: 2).purpose == .digits)
        #expect(ContentType(v1Hint: 0, v1Purpose: 8).purpose == .password)
        #expect(ContentType(v1Hint: 0, v1Purpose: 9).purpose == .date)
        #expect(ContentType(v1Hint: 0, v1Purpose: 11).purpose == .datetime)
        #expect(ContentType(v1Hint: 0, v1Purpose: 12).purpose == .terminal)
        #expect(ContentType(v1Hint: 0, v1Purpose: 99).purpose == .normal)
        // "default" (completion, correction, capitals) and "password" (hidden, sensitive).
        let ordinary = ContentType(v1Hint: 0x7, v1Purpose: 0).traits
        #expect(ordinary.autocapitalizationType == .sentences && ordinary.autocorrectionType == .default)
        // KWin 5.27 relays a GTK PIN field as hint 0x48 (hidden text, its sensitive bit moved) of no purpose.
        let pin = ContentType(v1Hint: 0x48, v1Purpose: 0).traits
        #expect(pin.isSecureTextEntry && !pin.allowsLearning)
        #expect(ContentType(v1Hint: 0xFFFF_FC00, v1Purpose: 0).hint.isEmpty, "unknown bits are dropped")
    }

    @Test func hintsSetCapitalsSpellingAndLearning() {
        #expect(ContentType(hint: [.autoCapitalization, .spellcheck]).traits.autocapitalizationType == .sentences)
        #expect(ContentType(hint: [.spellcheck]).traits.autocorrectionType == .default)
        #expect(ContentType(hint: []).traits.autocorrectionType == .no, "no spell check asked for: no correction")
        #expect(ContentType(hint: []).traits.autocapitalizationType == .none)
        #expect(ContentType(hint: [.titlecase]).traits.autocapitalizationType == .words)
        #expect(ContentType(hint: [.uppercase]).traits.autocapitalizationType == .allCharacters)
        #expect(ContentType(hint: [.multiline]).traits.isMultiline, "↑ and ↓ move between its lines")
        #expect(!ContentType(hint: []).traits.isMultiline)
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
