import ClavisLayout
import Testing

@Suite struct RectTests {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)

    @Test func containsIncludesTopLeftEdgesOnly() {
        #expect(rect.contains(x: 10, y: 20))
        #expect(!rect.contains(x: 40, y: 30))
        #expect(!rect.contains(x: 20, y: 60))
    }

    @Test func distanceIsZeroInsideAndEuclideanOutside() {
        #expect(rect.distance(x: 25, y: 30) == 0)
        #expect(rect.distance(x: 0, y: 30) == 10)
        #expect(rect.distance(x: 43, y: 64) == 5)
    }

    @Test func insetNeverGoesNegative() {
        #expect(rect.insetBy(dx: 2, dy: 3) == Rect(x: 12, y: 23, width: 26, height: 34))
        #expect(rect.insetBy(dx: 100, dy: 100).width == 0)
    }
}
