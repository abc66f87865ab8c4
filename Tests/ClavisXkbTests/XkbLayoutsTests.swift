import ClavisLayout
import ClavisXkb
import Testing

/// Keyboards generated from the system's XKB data (xkb-data, installed by scripts/deps.sh).
@Suite struct XkbLayoutsTests {
    /// The letter rows' plain texts, row by row.
    func letterRows(_ layout: KeyboardLayout) -> [String] {
        let letters = layout.layer("letters")!
        return letters.rows.map { row in
            row.keyIDs.compactMap { layout.key($0) }.filter { if case .insert = $0.action { true } else { false } }
                .map(\.label).joined(separator: " ")
        }
    }

    /// The labels of a layer's keys, row by row.
    func labels(_ layout: KeyboardLayout, _ layer: String) -> [[String]] {
        (layout.layer(layer)?.rows ?? []).map { $0.keyIDs.compactMap { layout.key($0)?.label } }
    }

    @Test func frenchIsAzertyWithTenLettersARowAndItsNumberRowLettersOnTheirBases() throws {
        let layout = try XkbLayouts.layout("xkb:fr")
        #expect(layout.name == "French")
        #expect(layout.language == "fr")
        #expect(letterRows(layout) == ["a z e r t y u i o p", "q s d f g h j k l m", "w x c v b n"],
                "no dead keys or punctuation among the letters, ù on u as on phones")
        let e = try #require(layout.key("ad3"))
        #expect(e.alternates.prefix(2) == ["é", "è"], "the number row's é and è first on e: \(e.alternates)")
        #expect(e.alternates.contains("ê") && e.alternates.contains("ë"), "the dead keys' ê and ë on e's long press")
        #expect(!e.alternates.contains("€"), "AltGr+E's € is on the symbols pages, not among the letters")
        #expect(layout.key("ad1")?.alternates.first == "à")
        #expect(layout.keys.first { $0.label == "c" }?.alternates.first == "ç")
        #expect(layout.keys.first { $0.label == "u" }?.alternates.first == "ù")
        #expect(labels(layout, "numbers").joined().contains("€") || labels(layout, "symbols").joined().contains("€"))
        let circumflex = layout.keys.first { $0.label == "^" }
        #expect(circumflex?.alternates.contains("\u{0302}") == true, "the accent itself on the symbols, its combining form on a long press")
        #expect(layout.layer("numbers")?.rows.first?.keyIDs.compactMap { layout.key($0)?.label } == "1234567890".map(String.init),
                "digits first, though French types them with Shift")
        #expect(LayoutChecker().check(layout).map(\.description) == [])
    }

    @Test func russianHasYoOnYeAndTheHardSignOnTheSoftSignAndKha() throws {
        let layout = try XkbLayouts.layout("xkb:ru")
        #expect(letterRows(layout).first == "й ц у к е н г ш щ з х")
        #expect(letterRows(layout)[1] == "ф ы в а п р о л д ж э")
        #expect(layout.keys.first { $0.label == "е" }?.alternates.first == "ё", "ё, left of 1 on the PC, on е")
        #expect(layout.keys.first { $0.label == "ь" }?.alternates.first == "ъ")
        #expect(layout.keys.first { $0.label == "х" }?.alternates.first == "ъ")
        #expect(layout.key("letters")?.label == "АБВ", "the way back from the numbers in Cyrillic")
        #expect(!labels(layout, "symbols").joined().contains("ё"))
        #expect(Set(["€", "£", "•", "₽", "<", ">"]).isSubset(of: Set((labels(layout, "numbers") + labels(layout, "symbols")).joined())),
                "the built-ins' symbols besides the keymap's own")
        #expect(LayoutChecker().check(layout).map(\.description) == [])
    }

    @Test func spanishHasTenLettersARowWithÇOnC() throws {
        let layout = try XkbLayouts.layout("xkb:es")
        #expect(letterRows(layout)[1] == "a s d f g h j k l ñ")
        #expect(layout.keys.first { $0.label == "c" }?.alternates.first == "ç")
        #expect(layout.keys.first { $0.label == "n" }?.alternates.contains("ñ") == false, "ñ has a key of its own")
    }

    @Test func polishLongPressesAreInTheKeysCaseEachOnce() throws {
        let layout = try XkbLayouts.layout("xkb:pl")
        let e = try #require(layout.keys.first { $0.label == "e" })
        #expect(e.alternates.first == "ę")
        #expect(!e.alternates.contains("Ę"), "a latched Shift capitalises the list: Ę once")
        #expect(Set(e.alternates.map { $0.uppercased() }).count == e.alternates.count)
        #expect(layout.keys.first { $0.label == "z" }?.alternates.prefix(2) == ["ż", "ź"])
        #expect(layout.keys.first { $0.label == "l" }?.alternates.first == "ł")
    }

    @Test func lithuanianNumberRowLettersAreOnTheirBases() throws {
        let layout = try XkbLayouts.layout("xkb:lt")
        for (base, accented) in [("a", "ą"), ("c", "č"), ("e", "ę"), ("e", "ė"), ("i", "į"), ("s", "š"), ("u", "ų"), ("u", "ū")] {
            #expect(layout.keys.first { $0.label == base }?.alternates.contains(accented) == true, "\(accented) on \(base)")
        }
        #expect(!(labels(layout, "numbers") + labels(layout, "symbols")).joined().contains { ["ą", "Ą", "č", "Č"].contains($0) })
    }

    @Test func greekHasOneSigmaUnderShift() throws {
        let layout = try XkbLayouts.layout("xkb:gr")
        let finalSigma = try #require(layout.keys.first { $0.label == "ς" })
        #expect(finalSigma.shifted == "ς", "final ς stays ς under Shift; σ's key makes Σ")
        #expect(layout.keys.first { $0.label == "σ" }?.shifted == nil)
        #expect(layout.key("letters")?.label == "ΑΒΓ")
    }

    @Test func neoKeepsItsOwnOrder() throws {
        let layout = try XkbLayouts.layout("xkb:de(neo)")
        #expect(letterRows(layout).first?.hasPrefix("x v l c w k h g f q ß") == true, "\(letterRows(layout))")
        #expect(letterRows(layout)[1].hasPrefix("u i a e o s n r t d y"))
        #expect(LayoutChecker().check(layout).map(\.description) == [])
    }

    @Test func theRegistryNamesLayoutsAndVariants() throws {
        let list = try XkbLayouts.list()
        #expect(list.count > 100)
        #expect(list.first { $0.id == "xkb:fr" }?.name == "French")
        #expect(list.contains { $0.id == "xkb:de(neo)" })
    }

    @Test func everyLayoutAndVariantTypesItsOwnLanguage() throws {
        let languages = Dictionary(try XkbLayouts.list().map { ($0.id, $0.language) }, uniquingKeysWith: { first, _ in first })
        #expect(languages["xkb:us"] == "en")
        #expect(languages["xkb:se"] == "sv", "a country's layout types its language")
        #expect(languages["xkb:de(dsb)"] == "dsb", "Lower Sorbian, not German")
        #expect(languages["xkb:ch(fr)"] == "fr", "French (Switzerland)")
        #expect(languages["xkb:ch"] == "de")
        #expect(languages["xkb:de(neo)"] == "de", "a variant without languages of its own has its layout's")
        #expect(languages["xkb:be"] == "fr", "of Belgium's three, the one its name says")
        #expect(languages["xkb:es(cat)"] == "ca")
        #expect(languages.values.allSatisfy { !$0.isEmpty })
        #expect(try XkbLayouts.layout("xkb:de(dsb)").language == "dsb")
    }

    @Test func unknownLayoutsAndIdsAreRefusedWithAReason() {
        #expect(throws: XkbLayouts.Failure.self) { try XkbLayouts.layout("xkb:klingon") }
        #expect(XkbLayouts.parse("xkb:de(neo)")! == ("de", "neo"))
        #expect(XkbLayouts.parse("us") == nil)
    }
}
