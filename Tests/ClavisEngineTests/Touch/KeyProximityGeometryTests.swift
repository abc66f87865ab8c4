import ClavisEngine
import ClavisLayout
import ClavisPrediction
import TestSupport
import Testing

@Suite struct KeyProximityGeometryTests {
    @Test func distancesComeFromTheSolvedLetterKeysInKeyWidths() throws {
        let layout = TestLayouts.tiny
        let solver = try LayerSolver(layout: layout, layer: "letters", width: 300, height: 100, orientation: .landscape)
        let proximity = KeyProximity(geometry: solver.geometry)
        let q = UInt16(UInt8(ascii: "q")), w = UInt16(UInt8(ascii: "w")), e = UInt16(UInt8(ascii: "e"))
        let near = try #require(proximity.distance(q, w))
        let far = try #require(proximity.distance(q, e))
        #expect(abs(far - 2 * near) < 0.01)
        #expect(near > 0.9 && near < 1.3, "about one key width: \(near)")
        #expect(!proximity.contains(UInt16(UInt8(ascii: "1"))), "only letters")
        #expect(proximity.substitutionCost(typed: q, meant: w) < proximity.substitutionCost(typed: q, meant: e))
    }
}
