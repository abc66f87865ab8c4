@testable import ClavisLayout
import Testing

@Suite struct KeyboardArrangementTests {
    @Test func showsLayersAndKeepsEachSolver() {
        let arrangement = KeyboardArrangement(layout: layout("""
            id: t
            keys:
              n: {action: {layer: numbers}}
              a: {action: {layer: letters}}
            layers:
              letters: {rows: ['q w n']}
              numbers: {rows: ['1 2 a']}
            """))
        #expect(arrangement.geometry.frames.isEmpty)
        arrangement.resize(width: 300, height: 100, orientation: .landscape)
        #expect(arrangement.geometry.frames.map(\.key.id) == ["q", "w", "n"])
        arrangement.show(layer: "numbers")
        #expect(arrangement.layerName == "numbers")
        #expect(arrangement.geometry.frames.map(\.key.id) == ["1", "2", "a"])
        arrangement.show(layer: "nonexistent")
        #expect(arrangement.layerName == "numbers")
        arrangement.resize(width: 600, height: 100, orientation: .landscape)
        #expect(arrangement.geometry.frame(ofKey: "2") == Rect(x: 200, y: 0, width: 200, height: 100))
    }

    @Test func aLayerThatCannotBeSolvedKeepsThePreviousFrames() {
        let arrangement = KeyboardArrangement(layout: layout("""
            id: t
            keys:
              n: {action: {layer: broken}}
            layers:
              letters: {rows: ['q n']}
              broken:
                rows: ['a b']
                constraints: ['a.width >= 150', 'a.width <= 100']
            """))
        arrangement.resize(width: 200, height: 100, orientation: .landscape)
        arrangement.show(layer: "broken")
        #expect(arrangement.lastError != nil)
        #expect(arrangement.geometry.frames.map(\.key.id) == ["q", "n"])
    }

    /// A layout of `pages` layers, each one row of five keys.
    static func pages(_ pages: Int) -> KeyboardLayout {
        let keys = (0..<5).map { KeyDefinition.character("k\($0)") }
        let layers = (0..<pages).map { Layer(name: "page-\($0)", rows: [LayoutRow(items: keys.map { .key($0.id, nil) })]) }
        return KeyboardLayout(id: "pages", name: "Pages", keys: keys, layers: layers)
    }

    @Test func aKeyboardOfManyPagesKeepsOnlyTheLatestPagesSolvers() {
        let arrangement = KeyboardArrangement(layout: Self.pages(60))
        arrangement.resize(width: 500, height: 100, orientation: .landscape)
        let first = arrangement.geometry
        for page in 1..<60 { arrangement.show(layer: "page-\(page)") }
        #expect(arrangement.keptSolverCount <= KeyboardArrangement.keptSolvers)
        arrangement.show(layer: "page-0")
        #expect(arrangement.geometry == first, "a page whose solver went is solved again, the same")
        #expect(arrangement.lastError == nil)
    }

    @Test func aKeyboardsFewLayersAllStaySolved() {
        let arrangement = KeyboardArrangement(layout: Self.pages(3))
        arrangement.resize(width: 500, height: 100, orientation: .landscape)
        for round in 0..<3 {
            for page in 0..<3 { arrangement.show(layer: "page-\(page)") }
            #expect(arrangement.keptSolverCount == 3, "round \(round)")
        }
    }
}
