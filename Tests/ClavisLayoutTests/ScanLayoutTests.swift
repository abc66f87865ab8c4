@testable import ClavisLayout
import Testing

@Suite struct ScanLayoutTests {
    /// Steps row–column scanning takes to reach a key: its row's index plus its column's.
    static func steps(to id: String, in layer: Layer) -> Int? {
        for (row, items) in layer.rows.enumerated() {
            if let column = items.items.firstIndex(of: .key(id, nil)) { return row + column }
        }
        return nil
    }

    let layout = ScanLayout.layout(id: "scan", name: ScanLayout.name(language: "en"), language: "en", letters: ScanLayout.englishLetters)

    @Test func theCommonestLettersAreTheFewestStepsAway() throws {
        let letters = try #require(layout.layers.first)
        #expect(letters.rows.count == 6 && letters.rows.allSatisfy { $0.items.count <= ScanLayout.columns })
        let steps = ScanLayout.englishLetters.map { Self.steps(to: $0, in: letters) ?? 99 }
        #expect(steps == steps.sorted(), "a more frequent letter is never further than a rarer one: \(steps)")
        #expect(Self.steps(to: "space", in: letters) == 0)
        #expect(Self.steps(to: "e", in: letters) == 1 && Self.steps(to: "t", in: letters) == 1)
        #expect((Self.steps(to: "backspace", in: letters) ?? 99) <= 2, "mistakes are undone near the start")
        #expect(Self.steps(to: "globe", in: letters) != nil && Self.steps(to: "numbers", in: letters) != nil)
        #expect(layout.name == "Scanning (English)")
    }

    @Test func itPassesTheCheckerAndSolvesInBothOrientations() {
        #expect(LayoutChecker().check(layout).isEmpty)
        let arrangement = KeyboardArrangement(layout: layout)
        for orientation in [Orientation.portrait, .landscape] {
            arrangement.resize(width: 600, height: 400, orientation: orientation)
            #expect(arrangement.lastError == nil)
            #expect(arrangement.geometry.frames.count == layout.layers[0].rows.map(\.items.count).reduce(0, +))
        }
    }

    @Test func rareAccentedLettersRideOnTheirBaseLetterAndJunkIsLeftOut() {
        let (letters, alternates) = ScanLayout.letters(from: [
            ("e", 0.15), ("é", 0.02), ("n", 0.1), ("ê", 0.0005), ("ß", 0.0015), ("ω", 0.00001), ("ж", 0.0003),
        ])
        #expect(Array(letters.prefix(6)) == ["e", "é", "n", "ß", "ж", "a"], "frequent ones in order, then the rest of a–z")
        #expect(letters.count == 5 + 24, "é ß ж, and all of a–z")
        #expect(alternates == ["e": ["ê"]])
        let french = ScanLayout.layout(id: "scan:fr", name: "x", language: "fr", letters: letters, alternates: alternates)
        #expect(french.key("e")?.alternates == ["ê"])
    }

    @Test func aDiagonalDealKeepsEveryIdOnceAndRowsFullButTheLast() {
        let ids = (0..<15).map { "k\($0)" }
        let rows = ScanLayout.diagonalRows(ids).map { $0.items.compactMap { if case .key(let id, _) = $0 { id } else { nil } } }
        #expect(rows.map(\.count) == [6, 6, 3])
        #expect(Set(rows.flatMap { $0 }) == Set(ids))
        #expect(rows[0].prefix(2) == ["k0", "k1"] && rows[1].first == "k2")
    }
}
