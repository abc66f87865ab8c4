import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct PressTrackerTests {
    let q = TestLayouts.letter("q")
    let w = TestLayouts.letter("w")
    let backspace = TestLayouts.tiny.key("backspace")!

    @Test func characterKeysActOnReleaseInside() {
        var tracker = PressTracker()
        #expect(tracker.press(q) == nil)
        #expect(tracker.pressedKey == q)
        #expect(tracker.release(over: q) == q)
        #expect(tracker.pressedKey == nil)
    }

    @Test func releasingOverAnotherKeyOrOutsideCancels() {
        var tracker = PressTracker()
        _ = tracker.press(q)
        #expect(tracker.release(over: w) == nil)
        _ = tracker.press(q)
        #expect(tracker.release(over: nil) == nil)
    }

    @Test func backspaceActsOnPressAndNotAgainOnRelease() {
        var tracker = PressTracker()
        #expect(tracker.press(backspace) == backspace)
        #expect(tracker.release(over: backspace) == nil)
    }

    @Test func cancelForgetsThePress() {
        var tracker = PressTracker()
        _ = tracker.press(q)
        tracker.cancel()
        #expect(tracker.pressedKey == nil)
        #expect(tracker.release(over: q) == nil)
    }
}
