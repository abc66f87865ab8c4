import ClavisLayout
import Testing

@Suite struct KeyboardGeometryLettersTests {
    @Test func theLetterKeysAreTheSingleLetterKeysAtTheirCentres() throws {
        let arrangement = KeyboardArrangement(layout: try LayoutLibrary().load("us"))
        arrangement.resize(width: 390, height: 260, orientation: .portrait)
        let geometry = arrangement.geometry
        let letters = geometry.letterKeys
        #expect(String(letters.keys.map(\.letter).sorted()) == "abcdefghijklmnopqrstuvwxyz", "no space, shift or punctuation")
        let q = try #require(geometry.frame(ofKey: "q"))
        let found = try #require(letters.keys.first { $0.letter == "q" })
        #expect(found.x == q.midX && found.y == q.midY)
        #expect(letters.keyWidth == q.width, "the median letter key is as wide as q on this layout")
    }
}
