@testable import ClavisSession
import Testing

@Suite struct SceneUpdatesTests {
    @Test func aChangeOutsideAnEventPaintsAtOnce() {
        var updates = SceneUpdates()
        let paints = updates.sceneChanged()
        #expect(paints)
    }

    @Test func changesDuringNestedEventsPaintOnceWhenTheOutermostEnds() {
        var updates = SceneUpdates()
        updates.eventBegan()
        updates.eventBegan()
        let during = [updates.sceneChanged(), updates.sceneChanged()]
        let inner = updates.eventEnded()
        let outer = updates.eventEnded()
        #expect(during == [false, false])
        #expect(!inner, "the inner event: still held")
        #expect(outer)
        updates.eventBegan()
        let quiet = updates.eventEnded()
        #expect(!quiet, "nothing changed: nothing to paint")
    }
}
