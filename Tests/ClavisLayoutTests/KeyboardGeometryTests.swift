import ClavisLayout
import Testing

@Suite struct KeyboardGeometryTests {
    let geometry = KeyboardGeometry(width: 300, height: 200, frames: [
        KeyFrame(key: .character("a"), frame: Rect(x: 0, y: 0, width: 100, height: 100)),
        KeyFrame(key: .character("b"), frame: Rect(x: 120, y: 0, width: 100, height: 100)),
        KeyFrame(key: .character("c"), frame: Rect(x: 50, y: 100, width: 200, height: 100)),
    ])

    @Test func insideAFrameIsThatKey() {
        #expect(geometry.key(atX: 10, y: 10)?.id == "a")
        #expect(geometry.key(atX: 130, y: 50)?.id == "b")
        #expect(geometry.key(atX: 150, y: 150)?.id == "c")
    }

    @Test func gapsAndMarginsGoToTheNearestKey() {
        #expect(geometry.key(atX: 105, y: 50)?.id == "a")
        #expect(geometry.key(atX: 116, y: 50)?.id == "b")
        #expect(geometry.key(atX: 10, y: 190)?.id == "c")
        #expect(geometry.key(atX: 290, y: 20)?.id == "b")
    }

    @Test func edgeKeysOwnTheSpaceBeyondTheEdge() {
        #expect(geometry.key(atX: -40, y: -40)?.id == "a")
        #expect(geometry.key(atX: 500, y: 30)?.id == "b")
        #expect(geometry.key(atX: 150, y: 900)?.id == "c")
    }

    @Test func everyPointOfTheAreaBelongsToOneKey() {
        var y = 0.0
        while y < 200 {
            var x = 0.0
            while x < 300 {
                #expect(geometry.key(atX: x, y: y) != nil)
                x += 7
            }
            y += 7
        }
        #expect(KeyboardGeometry.empty.key(atX: 1, y: 1) == nil)
    }

    @Test func solvedBuiltInsCoverTheirAreaWithoutOverlaps() throws {
        for id in ["us", "numpad", "de"] {
            let keyboard = try LayoutLibrary().load(id)
            let solver = try LayerSolver(layout: keyboard, layer: keyboard.layers[0].name, width: 360, height: 240,
                                         orientation: .portrait)
            let frames = solver.geometry.frames
            for (index, a) in frames.enumerated() {
                for b in frames[(index + 1)...] {
                    let overlapX = min(a.frame.maxX, b.frame.maxX) - max(a.frame.x, b.frame.x)
                    let overlapY = min(a.frame.maxY, b.frame.maxY) - max(a.frame.y, b.frame.y)
                    #expect(!(overlapX > 0.01 && overlapY > 0.01), "\(id): \(a.key.id) overlaps \(b.key.id)")
                }
            }
        }
    }
}
