import ClavisLayout
import Testing

@Suite struct LanguageNamesTests {
    @Test func languagesAreNamedInTheirOwnWordsFromTagsAndXkbCountries() {
        #expect(LanguageNames.endonym(of: "de-CH") == "Deutsch")
        #expect(LanguageNames.endonym(of: "en-US") == "English")
        #expect(LanguageNames.endonym(of: "ru") == "Русский")
        #expect(LanguageNames.endonym(of: "gb") == "English", "XKB's layouts are named for countries")
        #expect(LanguageNames.endonym(of: "jp") == "日本語")
        #expect(LanguageNames.endonym(of: "tlh") == nil)
        #expect(LanguageNames.endonym(of: "") == nil)
    }
}
