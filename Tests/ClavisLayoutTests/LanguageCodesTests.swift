import ClavisLayout
import Testing

@Suite struct LanguageCodesTests {
    @Test func threeLetterCodesTakeTheirTwoLetterFormWhereThereIsOne() {
        #expect(LanguageCodes.tag(iso639: "deu") == "de")
        #expect(LanguageCodes.tag(iso639: "FRA") == "fr")
        #expect(LanguageCodes.tag(iso639: "nor") == "nb", "Norwegian types as Bokmål")
        #expect(LanguageCodes.tag(iso639: "dsb") == "dsb", "Lower Sorbian has no two-letter code")
    }
}
