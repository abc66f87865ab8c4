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

    @Test func theGainGrowsFromASlowSlideToAFlick() {
        #expect(CaretDrag.gain(atSpeed: 0) == 1)
        #expect(CaretDrag.gain(atSpeed: CaretDrag.slowSpeed) == 1, "a careful slide: one to one")
        #expect(CaretDrag.gain(atSpeed: 30) == 2.5)
        #expect(CaretDrag.gain(atSpeed: CaretDrag.fastSpeed) == CaretDrag.maximumGain)
        #expect(CaretDrag.gain(atSpeed: 500) == CaretDrag.maximumGain)
    }

    @Test func aFlickMovesFartherAndASlowSlideBackStillStepsByOne() {
        // 20 px a step: 20 px in 0.1 s is 10 steps a second, in 0.01 s 100.
        var slow = CaretDrag(startX: 0, startY: 0, stepWidth: 20, lineHeight: 50, startTime: 0)
        var moved = 0
        for i in 1...5 { moved += slow.steps(toX: Double(20 * i), y: 0, time: 0.1 * Double(i), countsLines: false).characters }
        #expect(moved == 5, "slow: a character a step")
        var fast = CaretDrag(startX: 0, startY: 0, stepWidth: 20, lineHeight: 50, startTime: 0)
        moved = 0
        for i in 1...5 { moved += fast.steps(toX: Double(20 * i), y: 0, time: 0.01 * Double(i), countsLines: false).characters }
        #expect(moved == 20, "a flick: four times as far")
        #expect(fast.steps(toX: 80, y: 0, time: 1.05, countsLines: false) == (-1, 0), "then back slowly, one character")
        #expect(fast.steps(toX: 80, y: 0, time: 1.2, countsLines: false) == (0, 0), "resting: nothing")
    }

    @Test func eventsAtOneTimeKeepTheGainTheyHad() {
        var drag = CaretDrag(startX: 0, startY: 0, stepWidth: 10, lineHeight: 50, startTime: 0)
        _ = drag.steps(toX: 10, y: 0, time: 0.01, countsLines: false)
        #expect(drag.travelled == 4, "100 steps a second: the most gain")
        _ = drag.steps(toX: 20, y: 0, time: 0.01, countsLines: false)
        #expect(drag.travelled == 8, "a burst delivered at once is no slower, nor infinitely fast")
    }
}
