import ClavisEngine
import ClavisLayout
import Testing

@Suite struct TextInputTraitsTests {
    @Test(arguments: [
        (AutocapitalizationType.sentences, nil as String?, true),
        (.sentences, "", true),
        (.sentences, "Hello", false),
        (.sentences, "Hello.", false),
        (.sentences, "Hello. ", true),
        (.sentences, "Really?  ", true),
        (.sentences, "line\n", true),
        (.sentences, "e.g", false),
        (.words, "two words ", true),
        (.words, "two wor", false),
        (.words, "", true),
        (.allCharacters, "abc", true),
        (.none, "", false),
    ])
    func autocapitalisation(type: AutocapitalizationType, context: String?, capital: Bool) {
        #expect(type.capitalizes(after: context) == capital)
    }

    @Test func keyboardTypesPickLayoutVariants() {
        #expect(KeyboardType.emailAddress.preferredLayoutID == "email")
        #expect(KeyboardType.url.preferredLayoutID == "url")
        #expect(KeyboardType.numberPad.preferredLayoutID == "numpad")
        #expect(KeyboardType.phonePad.preferredLayoutID == "phone")
        #expect(KeyboardType.decimalPad.preferredLayoutID == "numpad")
        #expect(KeyboardType.default.preferredLayoutID == nil)
        #expect(KeyboardType.allCases.count == 12)
    }

    @Test func returnKeyTypesKeepUIKitsCasesAndOrder() {
        #expect(ReturnKeyType.allCases.map(\.rawValue) == [
            "default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done", "emergencyCall", "continue"])
        #expect(ReturnKeyType.next.label == "Next")
        #expect(ReturnKeyType.done.label == "Done")
        #expect(ReturnKeyType.google.label == "Search")
    }

    @Test func defaultsAreUIKits() {
        let traits = TextInputTraits()
        #expect(traits.keyboardType == .default)
        #expect(traits.returnKeyType == .default)
        #expect(traits.autocapitalizationType == .sentences)
        #expect(!traits.isSecureTextEntry)
    }
}

@Suite struct ReturnKeyLanguageTests {
    @Test func theReturnKeyIsNamedInTheKeyboardsLanguage() {
        #expect(ReturnKeyType.next.label(language: "de-DE") == "Weiter")
        #expect(ReturnKeyType.done.label(language: "ja") == "完了")
        #expect(ReturnKeyType.search.label(language: "fr") == "Rechercher")
        #expect(ReturnKeyType.send.label(language: "tlh") == "Send", "English where the table has none")
        #expect(ReturnKeyType.send.label(language: "") == "Send")
        #expect(ReturnKeyType.default.label(language: "de") == nil, "the layout's own Return label stands")
    }
}

@Suite struct FieldVariantTests {
    @Test func theKeyboardsFieldsPickAreNotOfferedAsKeyboardsToAdd() {
        let picked = Set(KeyboardType.allCases.compactMap(\.preferredLayoutID))
        #expect(picked.subtracting(["numpad"]) == KeyboardCatalog.fieldVariants, "the number pad stays: people enable it")
    }
}
