import ClavisLayout
import Testing

@Suite struct KeyboardCatalogTests {
    let catalog = KeyboardCatalog(entries: [
        .init(id: "us", name: "English (US)", language: "en", source: .builtIn, suggestions: true),
        .init(id: "de", name: "Deutsch (QWERTZ)", language: "de", source: .builtIn, suggestions: true),
        .init(id: "ja", name: "日本語 (ローマ字)", language: "ja", source: .builtIn,
                inputMode: .init(feature: "types kana and kanji", summary: "Types kana and kanji with its own converter")),
        .init(id: "xkb:de", name: "German", language: "de", source: .xkb, suggestions: true),
        .init(id: "xkb:de(neo)", name: "German (Neo 2)", language: "de", source: .xkb, suggestions: true),
        .init(id: "xkb:ru", name: "Russian", language: "ru", source: .xkb),
        .init(id: "xkb:fr(bepo)", name: "French (BÉPO, ergonomic, Dvorak way)", language: "fr", source: .xkb),
        .init(id: "mine", name: "My Keys", language: "en", source: .user),
        .init(id: "xkb:jp", name: "Japanese", language: "ja", source: .xkb),
        .init(id: "xkb:jp(kana)", name: "Japanese (Kana)", language: "ja", source: .xkb),
        .init(id: "ko", name: "한국어", language: "ko", source: .builtIn, suggestions: true, inputMode: Self.hangul),
        .init(id: "ko-2", name: "한국어 2", language: "ko", source: .builtIn, suggestions: false, inputMode: Self.hangul),
    ])
    static let hangul = KeyboardCatalog.ModeTag(feature: "types Hangul syllables", summary: "…", suggestsWords: true)

    @Test func searchesByLanguageNameInEnglishOrItsOwnAndByVariant() {
        #expect(catalog.matching("russian").map(\.id) == ["xkb:ru"])
        #expect(catalog.matching("Deutsch").map(\.id) == ["de", "xkb:de", "xkb:de(neo)"], "the name first, then the language's")
        #expect(catalog.matching("german neo").map(\.id) == ["xkb:de(neo)"], "every word must match")
        #expect(catalog.matching("neo").map(\.id) == ["xkb:de(neo)"])
        #expect(catalog.matching("bepo").map(\.id) == ["xkb:fr(bepo)"], "accents ignored")
        #expect(catalog.matching("japanese").map(\.id) == ["ja", "xkb:jp", "xkb:jp(kana)"],
                "the keyboard that converts to kanji first, though XKB's names start with the word")
        #expect(catalog.matching("日本語").map(\.id).first == "ja")
        #expect(catalog.matching("  ").count == catalog.entries.count)
        #expect(catalog.matching("klingon").isEmpty)
        #expect(catalog.matching("man").isEmpty, "a word's start, not its middle (German)")
    }

    @Test func entriesSayWhatTheyBring() {
        #expect(catalog.entries[0].features == ["suggestions"])
        #expect(catalog.entries[2].features == ["types kana and kanji"])
        #expect(catalog.entries[5].features.isEmpty)
        #expect(catalog.entries[8].features == ["types Latin letters in a Japanese PC layout"])
        #expect(catalog.entries[9].features == ["types kana, no kanji"])
        #expect(catalog.entries[10].features == ["suggestions", "types Hangul syllables"], "a mode that offers the lexicon's words, with it installed")
        #expect(catalog.entries[11].features == ["types Hangul syllables"], "… and without it")
    }
}

@Suite struct KeyboardCatalogPickingTests {
    let catalog = KeyboardCatalog(entries: [
        .init(id: "ja", name: "日本語 (ローマ字)", language: "ja", source: .builtIn),
        .init(id: "us", name: "English (US)", language: "en-US", source: .builtIn),
        .init(id: "email", name: "English (US), email", language: "en-US", source: .builtIn),
        .init(id: "url", name: "English (US), web address", language: "en-US", source: .builtIn),
        .init(id: "phone", name: "Phone pad", language: "", source: .builtIn),
        .init(id: "numpad", name: "Number pad", language: "", source: .builtIn),
        .init(id: "xkb:ru", name: "Russian", language: "ru", source: .xkb),
        .init(id: "xkb:gb", name: "English (UK)", language: "en", source: .xkb),
        .init(id: "xkb:de", name: "German", language: "de", source: .xkb),
    ])

    @Test func theUsersLanguagesComeFirstThenEveryOtherByNameWithoutFieldVariants() {
        let picked = catalog.forPicking(languages: ["en-US", "ru"]).entries.map(\.id)
        #expect(picked == ["us", "xkb:gb", "xkb:ru", "xkb:de", "numpad", "ja"], "the built-in English first among the user's")
        #expect(catalog.forPicking(languages: []).entries.map(\.id) == ["xkb:gb", "us", "xkb:de", "numpad", "xkb:ru", "ja"],
                "by name, not by id: English (US) before 日本語")
    }
}

@Suite struct KeyboardCatalogLanguageTests {
    @Test func aTagsLanguageIsItsPrimarySubtag() {
        #expect(KeyboardCatalog.baseLanguage("en-US") == "en")
        #expect(KeyboardCatalog.baseLanguage("pt_BR") == "pt")
        #expect(KeyboardCatalog.baseLanguage("dsb") == "dsb")
        #expect(KeyboardCatalog.baseLanguage("ca") == "ca", "Catalan, not a country read as French")
    }

    @Test func xkbLayoutsNamedForCountriesTypeTheirLanguage() {
        #expect(KeyboardCatalog.language(ofXkbLayout: "us") == "en")
        #expect(KeyboardCatalog.language(ofXkbLayout: "se") == "sv")
        #expect(KeyboardCatalog.language(ofXkbLayout: "fr") == "fr")
    }
}
