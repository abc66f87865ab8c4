import ClavisLayout
import Testing

@Suite struct HandModeTests {
    @Test func theBlockIsTheShareOfTheWidthOnlyOneHanded() {
        #expect(HandPlacement(mode: .left).blockWidth(of: 1000) == 800)
        #expect(HandPlacement(mode: .right, oneHandedShare: 0.7).blockWidth(of: 401) == 281)
        #expect(HandPlacement(mode: .both).blockWidth(of: 1000) == 1000)
        #expect(HandPlacement(mode: .split).blockWidth(of: 1000) == 1000)
    }

    @Test func splitOpensInLandscapeOnly() {
        let split = HandPlacement(mode: .split, splitGapShare: 0.25)
        #expect(split.splitShare(in: .landscape) == 0.25)
        #expect(split.splitShare(in: .portrait) == nil)
        #expect(HandPlacement(mode: .left).splitShare(in: .landscape) == nil)
    }

    /// A block of two keys solved 800 wide, placed in a 1000-point area.
    private let block = KeyboardGeometry(width: 800, height: 200, frames: [
        KeyFrame(key: .character("q"), frame: Rect(x: 0, y: 0, width: 400, height: 200)),
        KeyFrame(key: .character("w"), frame: Rect(x: 400, y: 0, width: 400, height: 200)),
    ])

    @Test func leftHandedTheBlockStaysLeftAndTheStripOffersRightAndBoth() {
        let placed = HandPlacement(mode: .left).placing(block, in: 1000)
        #expect(placed.width == 1000)
        #expect(placed.frame(ofKey: "q") == Rect(x: 0, y: 0, width: 400, height: 200))
        #expect(placed.frame(ofKey: "hands-right") == Rect(x: 800, y: 0, width: 200, height: 100))
        #expect(placed.frame(ofKey: "hands-both") == Rect(x: 800, y: 100, width: 200, height: 100))
        #expect(placed.key(atX: 900, y: 50)?.action == .hands(.right))
        #expect(placed.key(atX: 900, y: 150)?.action == .hands(.both))
    }

    @Test func rightHandedTheBlockMovesToTheRightEdgeAndTheStripReadsFirst() {
        let placed = HandPlacement(mode: .right).placing(block, in: 1000)
        #expect(placed.frames.map(\.key.id) == ["hands-left", "hands-both", "q", "w"])
        #expect(placed.frame(ofKey: "q") == Rect(x: 200, y: 0, width: 400, height: 200))
        #expect(placed.frame(ofKey: "w")?.maxX == 1000)
        #expect(placed.frame(ofKey: "hands-left") == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(placed.key(atX: 100, y: 150)?.label == "⤢")
    }

    @Test func bothHandsAndSplitLeaveTheKeysAsSolved() {
        #expect(HandPlacement(mode: .both).placing(block, in: 800) == block)
        #expect(HandPlacement(mode: .split).placing(block, in: 800) == block)
    }
}
