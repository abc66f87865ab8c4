@testable import ClavisLayout
import Testing

/// Where a generated keyboard puts the letters a keymap types away from the letter rows.
@Suite struct GeneratedLayoutLettersTests {
    func key(_ plain: String, _ shift: String? = nil, _ altGr: String? = nil, _ altGrShift: String? = nil) -> GeneratedLayout.Key {
        GeneratedLayout.Key(plain: plain, shift: shift, altGr: altGr, altGrShift: altGrShift)
    }

    func keys(_ text: String) -> [GeneratedLayout.Key] { text.split(separator: " ").map { key(String($0)) } }

    /// A small Latin keymap: é on the number row, ą on AltGr+A, ç as an eleventh home-row letter.
    var levels: GeneratedLayout.Levels {
        GeneratedLayout.Levels(numberRow: [key("1", "!"), key("é", "2")],
                               topRow: keys("q w e r t y u i o p"),
                               homeRow: [key("a", "A", "ą", "Ą")] + keys("s d f g h j k l ñ") + [key("ç", "Ç")],
                               bottomRow: keys("z x c v b n m"))
    }

    @Test func lettersAwayFromTheRowsGoOnTheLetterTheyAreWrittenLike() throws {
        let layout = GeneratedLayout.layout(id: "t", name: "T", language: "es", levels: levels)
        let home = layout.layer("letters")!.rows[1].keyIDs.compactMap { layout.key($0)?.label }
        #expect(home == ["a", "s", "d", "f", "g", "h", "j", "k", "l", "ñ"], "ten letters a row, ç moved")
        #expect(layout.keys.first { $0.label == "c" }?.alternates == ["ç"])
        #expect(layout.keys.first { $0.label == "e" }?.alternates == ["é"], "the number row's é")
        #expect(layout.keys.first { $0.label == "a" }?.alternates == ["ą"], "AltGr's ą once, in the key's case")
        let pages = layout.layers.dropFirst().flatMap(\.rows).flatMap(\.keyIDs).compactMap { layout.key($0)?.label }
        #expect(!pages.contains { ["é", "ą", "Ą", "ç", "Ç"].contains($0) }, "no letters on the symbols pages: \(pages)")
    }

    @Test func elevenLettersWhereTheLanguagesPhonesHaveEleven() {
        var levels = levels
        levels.homeRow = keys("a s d f g h j k l ö ä")
        let layout = GeneratedLayout.layout(id: "t", name: "T", language: "de", levels: levels)
        #expect(layout.layer("letters")!.rows[1].keyIDs.count == 11)
        #expect(GeneratedLayout.lettersPerRow(language: "pt-BR") == 10)
        #expect(GeneratedLayout.lettersPerRow(language: "ru") == 11)
    }

    @Test func theKeyCaseOfALetter() {
        #expect(GeneratedLayout.keyCase("Ą") == "ą")
        #expect(GeneratedLayout.keyCase("ą") == "ą")
        #expect(GeneratedLayout.keyCase("ẞ") == "ẞ", "Shift makes SS of ß, so ẞ stays")
        #expect(GeneratedLayout.keyCase("İ") == "İ", "its lowercase is two code points")
    }

    @Test func homesAreRelativesElseTheBaseLetter() {
        let homes = GeneratedLayout.LetterHomes(plains: ["e", "c", "ь", "х", "е", "s"])
        #expect(homes.homes(of: "é", among: ["e"]) == ["e"])
        #expect(homes.homes(of: "ё", among: ["е"]) == ["е"])
        #expect(homes.homes(of: "ъ", among: ["ь", "х"]) == ["ь", "х"])
        #expect(homes.homes(of: "ß", among: ["s"]) == ["s"])
        #expect(homes.homes(of: "é", among: ["c"]) == [], "its base is not a key")
    }

    @Test func theWayBackNamesTheScript() {
        #expect(GeneratedLayout.lettersLabel(["й", "ц", "у"]) == "АБВ")
        #expect(GeneratedLayout.lettersLabel(["ς", "ε", "ρ"]) == "ΑΒΓ")
        #expect(GeneratedLayout.lettersLabel(["q", "w", "e"]) == "ABC")
        #expect(GeneratedLayout.lettersLabel(["ש", "ד", "ג"]) == "אבג")
        #expect(GeneratedLayout.lettersLabel(["ඍ", "ඇ", "එ"]) == "ඍඇඑ", "an unlisted script: its first letters")
    }
}
