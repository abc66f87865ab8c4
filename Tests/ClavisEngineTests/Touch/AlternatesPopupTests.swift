import ClavisEngine
import ClavisLayout
import Testing

@Suite struct AlternatesPopupTests {
    let bounds = Rect(x: 0, y: 0, width: 400, height: 200)

    @Test func cellsSitInARowAboveTheKeyStartingOverIt() {
        let key = Rect(x: 40, y: 100, width: 40, height: 50)
        let popup = AlternatesPopup(key: key, count: 3, bounds: bounds)
        #expect(popup.cells.map(\.x) == [40, 80, 120])
        #expect(popup.cells.allSatisfy { $0.width == 40 && $0.height == 50 && $0.y == 50 })
        #expect(popup.frame == Rect(x: 40, y: 50, width: 120, height: 50))
    }

    @Test func aRowThatWouldLeaveTheKeyboardShiftsLeft() {
        let key = Rect(x: 360, y: 100, width: 40, height: 50)
        let popup = AlternatesPopup(key: key, count: 4, bounds: bounds)
        #expect(popup.frame?.maxX == 400)
        #expect(popup.cells.first?.x == 240)
    }

    @Test func aRowWiderThanTheKeyboardStartsAtItsLeftEdge() {
        let key = Rect(x: 360, y: 100, width: 40, height: 50)
        let popup = AlternatesPopup(key: key, count: 12, bounds: bounds)
        #expect(popup.cells.first?.x == 0)
    }

    @Test func aKeyOnTheTopRowGetsAShorterRowThatStaysInside() {
        let key = Rect(x: 0, y: 10, width: 40, height: 50)
        let popup = AlternatesPopup(key: key, count: 2, bounds: bounds)
        #expect(popup.cells.allSatisfy { $0.y >= bounds.y })
        #expect(popup.cells.first?.height == 40)
    }

    @Test func slidingSidewaysWalksTheRowAndClampsAtItsEnds() {
        let key = Rect(x: 40, y: 100, width: 40, height: 50)
        let popup = AlternatesPopup(key: key, count: 3, bounds: bounds)
        #expect(popup.index(atX: 0) == 0)
        #expect(popup.index(atX: 45) == 0)
        #expect(popup.index(atX: 80) == 1)
        #expect(popup.index(atX: 159) == 2)
        #expect(popup.index(atX: 390) == 2)
    }

    @Test func aFingerWellAwayFromTheRowSelectsNone() {
        let key = Rect(x: 40, y: 100, width: 40, height: 50)
        let popup = AlternatesPopup(key: key, count: 3, bounds: bounds)
        let row = popup.frame!
        #expect(popup.index(atX: 100, y: row.midY) == 1)
        #expect(popup.index(atX: 100, y: key.maxY) == 1, "on the key below the row")
        #expect(popup.index(atX: row.maxX + 20, y: row.midY) == 2, "a little past the end: the last")
        #expect(popup.index(atX: row.maxX + 60, y: row.midY) == nil, "more than a cell past it: none")
        #expect(popup.index(atX: 100, y: row.y - row.height - 1) == nil, "far above")
        #expect(popup.index(atX: 100, y: row.maxY + 2 * row.height + 1) == nil, "far below")
    }

    @Test func aKeyWithoutAlternatesHasNoPopup() {
        let popup = AlternatesPopup(key: Rect(x: 0, y: 100, width: 40, height: 50), count: 0, bounds: bounds)
        #expect(popup.index(atX: 10) == nil)
        #expect(popup.frame == nil)
    }
}
