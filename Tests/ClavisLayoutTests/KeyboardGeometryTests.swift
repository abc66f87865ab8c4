import ClavisLayout
import Testing

@Suite struct KeyboardGeometryTests {
    let layout = try! RowsLayoutParser(fileName: "g.rows").parse("""
        id: g
        row: q w e r
        row: ~1 a s
        row: space:4
        """)

    @Test func rowsShareTheHeightAndTheWidestRowFillsTheWidth() {
        let geometry = KeyboardGeometry(layout: layout, width: 400, height: 300)
        #expect(geometry.frame(ofKey: "q") == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(geometry.frame(ofKey: "r") == Rect(x: 300, y: 0, width: 100, height: 100))
        #expect(geometry.frame(ofKey: "space") == Rect(x: 0, y: 200, width: 400, height: 100))
    }

    @Test func narrowRowsAreCentredWithTheirGaps() {
        let geometry = KeyboardGeometry(layout: layout, width: 400, height: 300)
        // "~1 a s" is 3 units wide: 50 pt margin, a 100 pt gap, then a and s.
        #expect(geometry.frame(ofKey: "a") == Rect(x: 150, y: 100, width: 100, height: 100))
        #expect(geometry.frame(ofKey: "s") == Rect(x: 250, y: 100, width: 100, height: 100))
    }

    @Test func gapsAndMarginsGoToTheNearestKey() {
        let geometry = KeyboardGeometry(layout: layout, width: 400, height: 300)
        #expect(geometry.key(atX: 10, y: 150)?.id == "a")   // centring margin, left
        #expect(geometry.key(atX: 390, y: 150)?.id == "s")  // centring margin, right
        #expect(geometry.key(atX: 120, y: 150)?.id == "a")  // the declared gap
    }

    @Test func pointsOutsideTheAreaBelongToTheEdgeKeys() {
        let geometry = KeyboardGeometry(layout: layout, width: 400, height: 300)
        #expect(geometry.key(atX: -5, y: -5)?.id == "q")
        #expect(geometry.key(atX: 500, y: -5)?.id == "r")
        #expect(geometry.key(atX: 200, y: 900)?.id == "space")
    }

    @Test func everyPointBelongsToExactlyOneKeyWhoseRowHoldsIt() {
        let geometry = KeyboardGeometry(layout: layout, width: 397, height: 211)
        var y = 0.0
        while y < 211 {
            var x = 0.0
            while x < 397 {
                let frame = geometry.frame(atX: x, y: y)!.frame
                #expect(y >= frame.y && y < frame.maxY)
                x += 7.3
            }
            y += 5.1
        }
    }

    @Test func anEmptyLayoutHasNoKeyAnywhere() {
        let geometry = KeyboardGeometry(layout: KeyboardLayout(id: "e", name: "e", rows: []), width: 10, height: 10)
        #expect(geometry.key(atX: 1, y: 1) == nil)
    }
}
