import ClavisFormats
import ClavisSettings
import Testing

@Suite struct SettingsLanguagesTests {
    @Test func aKeyboardSuggestsInItsOwnLanguageFirstThenThoseAdded() {
        var settings = Settings()
        #expect(settings.suggestionLanguages(keyboard: "us", language: "en") == ["en"])
        settings.alsoSuggestIn = ["us": ["de", "en", "fr"]]
        #expect(settings.suggestionLanguages(keyboard: "us", language: "en") == ["en", "de", "fr"], "its own once, first")
        #expect(settings.suggestionLanguages(keyboard: "xkb:es", language: "es") == ["es"])
    }

    @Test func theFileHoldsAnObjectOfKeyboardsToLanguages() throws {
        var settings = Settings()
        settings.alsoSuggestIn = ["us": ["de"], "xkb:es": ["en", "fr"]]
        #expect(settings.json["alsoSuggestIn"] == .object(["us": .array([.string("de")]), "xkb:es": .array([.string("en"), .string("fr")])]))
        #expect(try Settings(json: settings.json) == settings)
        #expect(Settings().json["alsoSuggestIn"] == .object([:]))
    }

    @Test func theCommandLineTakesKeyboardsAndTheirLanguages() {
        var settings = Settings()
        #expect(settings.set("also-suggest-in", to: "us=de;xkb:es=en,fr") == nil)
        #expect(settings.alsoSuggestIn == ["us": ["de"], "xkb:es": ["en", "fr"]])
        #expect(Settings.declarations.first { $0.name == "alsoSuggestIn" }?.value(in: settings) == "us=de;xkb:es=en,fr")
        #expect(settings.set("alsoSuggestIn", to: "") == nil)
        #expect(settings.alsoSuggestIn.isEmpty, "empty: no keyboard adds a language")
    }

    @Test func badLanguagesAndTooManyAreRefusedAndNothingChanges() {
        var settings = Settings()
        settings.alsoSuggestIn = ["us": ["de"]]
        let before = settings
        #expect(settings.set("alsoSuggestIn", to: "us") != nil, "no languages given")
        #expect(settings.set("alsoSuggestIn", to: "us=d3utsch")?.contains("not a language code") == true)
        #expect(settings.set("alsoSuggestIn", to: "us=de,fr,es,it,pt")?.contains("at most 4") == true)
        #expect(settings == before)
        #expect(settings.set("alsoSuggestIn", to: "us=pt-BR,dsb") == nil)
    }

    @Test func aBrokenValueInTheFileIsNamed() {
        let file = JSONValue.object(["alsoSuggestIn": .array([.string("de")])])
        #expect((try? Settings(json: file))?.problems.map(\.field) == ["alsoSuggestIn"])
    }
}
