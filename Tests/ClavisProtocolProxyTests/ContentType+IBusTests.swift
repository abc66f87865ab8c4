import ClavisEngine
import ClavisProtocolProxy
import Testing

@Suite struct ContentTypeIBusTests {
    @Test func purposesAreGtksUpToPinThenTerminal() {
        #expect(ContentType(ibusPurpose: 2, ibusHints: 0).traits.keyboardType == .numberPad, "digits")
        #expect(ContentType(ibusPurpose: 4, ibusHints: 0).traits.keyboardType == .phonePad)
        #expect(ContentType(ibusPurpose: 5, ibusHints: 0).traits.keyboardType == .url)
        #expect(ContentType(ibusPurpose: 6, ibusHints: 0x9).traits.keyboardType == .emailAddress, "GTK3's email entry as GNOME relays it")
        #expect(ContentType(ibusPurpose: 10, ibusHints: 0).purpose == .terminal)
        #expect(ContentType(ibusPurpose: 99, ibusHints: 0).purpose == .normal)
    }

    @Test func passwordsPinsAndPrivateFieldsAreNeverLearned() {
        for purpose: UInt32 in [8, 9] {
            let traits = ContentType(ibusPurpose: purpose, ibusHints: 0).traits
            #expect(traits.isSecureTextEntry)
            #expect(!traits.allowsLearning)
        }
        let incognito = ContentType(ibusPurpose: 0, ibusHints: 0x800).traits
        #expect(!incognito.isSecureTextEntry)
        #expect(!incognito.allowsLearning)
    }

    @Test func hintsBecomeCapitalsAndCorrection() {
        #expect(ContentType(ibusPurpose: 0, ibusHints: 0x40).traits.autocapitalizationType == .sentences)
        #expect(ContentType(ibusPurpose: 0, ibusHints: 0x20).traits.autocapitalizationType == .words)
        #expect(ContentType(ibusPurpose: 0, ibusHints: 0x10).traits.autocapitalizationType == .allCharacters)
        #expect(ContentType(ibusPurpose: 0, ibusHints: 0x1).traits.autocorrectionType == .default)
        #expect(ContentType(ibusPurpose: 0, ibusHints: 0x2).traits.autocorrectionType == .no, "no-spellcheck")
        #expect(ContentType(ibusPurpose: 0, ibusHints: 0x80) == ContentType(), "inhibit-osk is not a trait")
    }

    @Test func maskedTextIsAllMaskCharacters() {
        #expect(ContentType.isMasked("●●●"))
        #expect(ContentType.isMasked("••"))
        #expect(!ContentType.isMasked(""))
        #expect(!ContentType.isMasked("●a●"))
        #expect(!ContentType.isMasked("***"), "asterisks are typed too")
    }
}
