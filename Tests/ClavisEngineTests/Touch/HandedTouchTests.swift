import ClavisEngine
import Testing

@Suite struct HandedTouchTests {
    @Test func aPressInAWindowIsTaken() throws {
        let touch = try #require(HandedTouch(id: 0, phase: 0, x: 40.5, y: 560))
        #expect(touch.phase == .began && touch.x == 40.5 && touch.y == 560)
        #expect(HandedTouch(id: 3, phase: 3, x: -20, y: 1e6)?.phase == .cancelled)
    }

    @Test func whatIsNoPressIsRefused() {
        #expect(HandedTouch(id: 0, phase: 4, x: 0, y: 0) == nil)
        #expect(HandedTouch(id: 0, phase: .max, x: 0, y: 0) == nil)
        for place in [Double.nan, .infinity, -.infinity, 1e6 + 1, -2e9, .greatestFiniteMagnitude] {
            #expect(HandedTouch(id: 0, phase: 1, x: place, y: 0) == nil)
            #expect(HandedTouch(id: 0, phase: 1, x: 0, y: place) == nil)
        }
    }

    /// The pointer is the pointer; fingers never share an id with the window's own touches
    /// (GDK's sequences, pointers below 2⁶³) or with each other.
    @MainActor @Test func fingersGetIdsOfTheirOwn() {
        #expect(HandedTouch(id: 0, phase: 0, x: 0, y: 0)?.trackerID == TouchTracker.pointer)
        let one = HandedTouch(id: 1, phase: 0, x: 0, y: 0)!.trackerID, two = HandedTouch(id: 2, phase: 0, x: 0, y: 0)!.trackerID
        #expect(one != two && one >= 1 << 63 && two >= 1 << 63)
        #expect(HandedTouch(id: .max, phase: 0, x: 0, y: 0)!.trackerID >= 1 << 63)
    }
}
