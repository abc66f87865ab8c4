import ClavisLayout
@testable import ClavisSession
import Testing

@MainActor @Suite struct KeyboardSceneDamageTests {
    @Test func aPressRepaintsItsKeyAndItsPreviewOnly() throws {
        let f = SessionFixture()
        let before = f.session.scene
        let frame = try #require(f.session.geometry.frame(ofKey: "q"))
        f.session.touchBegan(1, x: frame.midX, y: frame.midY)
        let pressed = f.session.scene
        let areas = try #require(pressed.changedAreas(since: before))
        #expect(areas.contains(frame))
        let bubble = try #require(pressed.preview?.bubble(in: pressed.bounds))
        #expect(areas.contains(bubble), "the preview bubble above the key")
        #expect(areas.count == 2, "nothing else: \(areas)")

        f.session.touchEnded(1, x: frame.midX, y: frame.midY)
        let released = try #require(f.session.scene.changedAreas(since: pressed))
        #expect(released.contains(frame) && released.contains(bubble), "the key and where its bubble was")
    }

    @Test func holdingTheBarsPencilRepaintsTheBar() throws {
        let f = SessionFixture()
        f.tap("q")
        let before = f.session.scene
        let bar = try #require(before.bar)
        let button = try #require(bar.panelButton)
        f.session.touchBegan(2, x: button.midX, y: button.midY)
        #expect(try #require(f.session.scene.changedAreas(since: before)).contains(bar.strip), "drawn pressed")
        let held = f.session.scene
        f.session.touchEnded(2, x: 1, y: 250)
        #expect(try #require(f.session.scene.changedAreas(since: held)).contains(bar.strip), "and let go")
    }

    @Test func nothingChangedIsNothingToRepaint() throws {
        let f = SessionFixture()
        #expect(try #require(f.session.scene.changedAreas(since: f.session.scene)).isEmpty)
    }

    @Test func labelsThatChangeRepaintTheirKeys() throws {
        let f = SessionFixture()
        let before = f.session.scene
        f.tap("shift")
        let areas = try #require(f.session.scene.changedAreas(since: before))
        let q = try #require(f.session.geometry.frame(ofKey: "q"))
        let shift = try #require(f.session.geometry.frame(ofKey: "shift"))
        #expect(areas.contains(q), "q became Q")
        #expect(areas.contains(shift), "shift looks latched")
    }

    @Test func anotherLayerOrSizeRepaintsEverything() {
        let f = SessionFixture()
        let before = f.session.scene
        f.tap("123")
        #expect(f.session.scene.changedAreas(since: before) == nil)
        let letters = f.session.scene
        f.session.area.resize(width: 500, height: 300)
        #expect(f.session.scene.changedAreas(since: letters) == nil)
    }

    @Test func thePreviewBubbleStaysInsideTheKeyboard() {
        let bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        let corner = KeyboardScene.Preview(frame: Rect(x: 0, y: 10, width: 50, height: 40), label: "q").bubble(in: bounds)
        #expect(corner.x == 0 && corner.y == 0 && corner.width == 70 && corner.height == 40)
        let middle = KeyboardScene.Preview(frame: Rect(x: 100, y: 100, width: 50, height: 40), label: "g").bubble(in: bounds)
        #expect(middle.midX == 125 && middle.y == 64)
    }
}
