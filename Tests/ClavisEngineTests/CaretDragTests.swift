import ClavisEngine
import Testing

@Suite struct CaretDragTests {
    @Test func aSlideBeginsOnceItIsHalfAKeySidewaysAndMostlySideways() {
        // Keys 40 wide: 20 px sideways is half a key.
        #expect(!CaretDrag.begins(fromX: 100, y: 50, toX: 119, y: 50, keyWidth: 40), "a tap's wobble")
        #expect(CaretDrag.begins(fromX: 100, y: 50, toX: 120, y: 50, keyWidth: 40))
        #expect(CaretDrag.begins(fromX: 100, y: 50, toX: 80, y: 60, keyWidth: 40), "left, twice as far as down")
        #expect(!CaretDrag.begins(fromX: 100, y: 50, toX: 80, y: 39, keyWidth: 40), "toward a key above: a slide to it")
        #expect(!CaretDrag.begins(fromX: 100, y: 50, toX: 200, y: 50, keyWidth: 0), "no keys to measure by")
    }

    @Test func oneCharacterPerStepFromWhereTheFingerWentDown() {
        var drag = CaretDrag(startX: 100, startY: 300, stepWidth: 20, lineHeight: 50)
        #expect(drag.steps(toX: 119, y: 300, countsLines: false) == (0, 0))
        #expect(drag.steps(toX: 120, y: 300, countsLines: false) == (1, 0))
        #expect(drag.steps(toX: 165, y: 300, countsLines: false) == (2, 0))
        #expect(drag.characters == 3)
        #expect(drag.steps(toX: 40, y: 300, countsLines: false) == (-6, 0), "back past where it began: left of it")
        #expect(drag.characters == -3)
    }

    @Test func goingBackTheCaretFollowsHalfAStepPastTheEdge() {
        var drag = CaretDrag(startX: 0, startY: 0, stepWidth: 10, lineHeight: 50)
        _ = drag.steps(toX: 30, y: 0, countsLines: false)
        #expect(drag.steps(toX: 29, y: 0, countsLines: false) == (0, 0), "resting on the edge does not flicker")
        #expect(drag.steps(toX: 30.5, y: 0, countsLines: false) == (0, 0))
        #expect(drag.steps(toX: 25.1, y: 0, countsLines: false) == (0, 0))
        #expect(drag.steps(toX: 25, y: 0, countsLines: false) == (-1, 0))
        #expect(drag.steps(toX: 30, y: 0, countsLines: false) == (1, 0), "forward again at the next whole step")
    }

    @Test func linesOnlyWhereTheFieldHasThem() {
        var drag = CaretDrag(startX: 0, startY: 100, stepWidth: 10, lineHeight: 40)
        #expect(drag.steps(toX: 0, y: 20, countsLines: false) == (0, 0))
        #expect(drag.steps(toX: 0, y: 20, countsLines: true) == (0, -2), "two rows up: two lines up")
        #expect(drag.steps(toX: 0, y: 141, countsLines: true) == (0, 3))
    }
}
