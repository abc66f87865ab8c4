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

    @Test func frenchIsAzertyLettersWithItsAccentsOnLongPresses() throws {
        let layout = try XkbLayouts.layout("xkb:fr")
        #expect(layout.name == "French")
        #expect(layout.language == "fr")
        #expect(letterRows(layout) == ["a z e r t y u i o p", "q s d f g h j k l m ù", "w x c v b n"],
                "no dead keys or punctuation among the letters")
        let e = try #require(layout.key("ad3"))
        #expect(e.alternates.contains("€"), "AltGr+E is €")
        #expect(e.alternates.contains("ê") && e.alternates.contains("ë"), "the dead keys' ê and ë on e's long press")
        let circumflex = layout.keys.first { $0.label == "^" }
        #expect(circumflex?.alternates.contains("\u{0302}") == true, "the accent itself on the symbols, its combining form on a long press")
        #expect(layout.layer("numbers")?.rows.first?.keyIDs.compactMap { layout.key($0)?.label } == "1234567890".map(String.init),
                "digits first, though French types them with Shift")
        #expect(LayoutChecker().check(layout).map(\.description) == [])
    }

    @Test func russianKeepsElevenLettersARowAndHardSignOnALongPress() throws {
        let layout = try XkbLayouts.layout("xkb:ru")
        #expect(letterRows(layout).first == "й ц у к е н г ш щ з х")
        #expect(layout.key("ad11")?.alternates.contains("ъ") == true, "ъ where Russian phone keyboards have it")
        #expect(letterRows(layout)[1] == "ф ы в а п р о л д ж э")
        #expect(LayoutChecker().check(layout).map(\.description) == [])
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
