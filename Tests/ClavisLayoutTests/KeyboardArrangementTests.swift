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

    // MARK: Hands

    @Test func handsArrangeEveryLayerShownAndChangeAtOnce() throws {
        let arrangement = KeyboardArrangement(layout: try LayoutLibrary().load("us"))
        arrangement.resize(width: 1000, height: 260, orientation: .landscape)
        let whole = arrangement.geometry
        arrangement.hands = HandPlacement(mode: .left)
        #expect(arrangement.geometry.frame(ofKey: "q")?.x == 0)
        #expect(arrangement.geometry.frame(ofKey: "p").map { $0.maxX <= 800 + 1e-9 } == true)
        #expect(arrangement.geometry.frame(ofKey: "hands-right")?.x == 800)
        arrangement.show(layer: "numbers")
        #expect(arrangement.geometry.frame(ofKey: "hands-both")?.x == 800, "another layer is one-handed too")
        arrangement.show(layer: "letters")
        arrangement.hands = HandPlacement(mode: .split, splitGapShare: 0.3)
        let split = arrangement.geometry
        #expect(split.frame(ofKey: "t").map { abs($0.maxX - 350) < 1e-6 } == true, "the left half ends where the gap begins")
        #expect(split.frame(ofKey: "y").map { abs($0.x - 650) < 1e-6 } == true)
        #expect(split.frame(ofKey: "hands-both") == nil)
        arrangement.resize(width: 400, height: 260, orientation: .portrait)
        let t = try #require(arrangement.geometry.frame(ofKey: "t")), y = try #require(arrangement.geometry.frame(ofKey: "y"))
        #expect(abs(t.maxX - y.x) < 1e-6, "split in portrait shows whole")
        arrangement.resize(width: 1000, height: 260, orientation: .landscape)
        arrangement.hands = HandPlacement()
        #expect(arrangement.geometry.isClose(to: whole))
    }

    /// The sizes a keyboard is usually shown at: phones and the demo in portrait, laptops,
    /// tablets and desktops in landscape.
    static let usualSizes: [(width: Double, height: Double, orientation: Orientation)] = [
        (360, 240, .portrait), (400, 260, .portrait), (768, 320, .portrait),
        (800, 260, .landscape), (1024, 300, .landscape), (1280, 300, .landscape), (1920, 360, .landscape),
    ]

    /// Every built-in keyboard's every layer, in every hand mode at every usual size: solved,
    /// every key on the keyboard, at least 14 points wide (the one-handed strip's keys too),
    /// none overlapping.
    @Test(arguments: HandMode.allCases)
    func everyBuiltInSolvesWithoutConflictsAtTheUsualSizes(hands: HandMode) throws {
        let library = LayoutLibrary()
        var checked = 0
        for entry in library.available {
            let keyboard = try library.load(entry.id)
            let arrangement = KeyboardArrangement(layout: keyboard)
            arrangement.hands = HandPlacement(mode: hands)
            for size in Self.usualSizes {
                arrangement.resize(width: size.width, height: size.height, orientation: size.orientation)
                for layer in keyboard.layers {
                    arrangement.show(layer: layer.name)
                    let place = "\(entry.id) \(layer.name) \(hands) at \(size.width)×\(size.height)"
                    #expect(arrangement.lastError == nil, "\(place): \(arrangement.lastError.map { "\($0)" } ?? "")")
                    let frames = arrangement.geometry.frames
                    #expect(!frames.isEmpty, "\(place)")
                    for (index, key) in frames.enumerated() {
                        let frame = key.frame
                        #expect(frame.x > -1e-6 && frame.maxX < size.width + 1e-6 && frame.y > -1e-6 && frame.maxY < size.height + 1e-6,
                                "\(place): \(key.key.id) at \(frame)")
                        #expect(frame.width >= 14, "\(place): \(key.key.id) is \(frame.width) wide")
                        for other in frames[(index + 1)...] {
                            let overlapX = min(frame.maxX, other.frame.maxX) - max(frame.x, other.frame.x)
                            let overlapY = min(frame.maxY, other.frame.maxY) - max(frame.y, other.frame.y)
                            #expect(!(overlapX > 1e-6 && overlapY > 1e-6), "\(place): \(key.key.id) overlaps \(other.key.id)")
                        }
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 12 * Self.usualSizes.count, "the built-ins were found")
    }
}
