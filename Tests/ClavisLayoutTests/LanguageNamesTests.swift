import ClavisLayout
import Testing

@Suite struct LanguageNamesTests {
    @Test func languagesAreNamedInTheirOwnWordsFromTheirTags() {
        #expect(LanguageNames.endonym(of: "de-CH") == "Deutsch")
        #expect(LanguageNames.endonym(of: "en-US") == "English")
        #expect(LanguageNames.endonym(of: "ru") == "Русский")
        #expect(LanguageNames.endonym(of: "ja") == "日本語")
        #expect(LanguageNames.endonym(of: "ca") == "Català")
        #expect(LanguageNames.endonym(of: "tlh") == nil)
        #expect(LanguageNames.endonym(of: "") == nil)
    }
}
