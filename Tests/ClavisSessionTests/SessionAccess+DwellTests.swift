import ClavisEngine
import ClavisLayout
@testable import ClavisSession
import ClavisSettings
import TestSupport
import Testing

@MainActor @Suite struct KeyboardSessionDwellTests {
    static func dwellOn(_ f: SessionFixture, time: Double = 0.8) {
        var settings = Settings()
        settings.dwell = true
        settings.dwellTime = time
        f.session.apply(settings, loadKeyboards: nil)
    }

    static func rest(_ f: SessionFixture, on id: String, for seconds: Double = 0.8) {
        let frame = f.session.geometry.frame(ofKey: id)!
        f.session.access.pointerHovered(x: frame.midX, y: frame.midY)
        f.scheduler.advance(by: seconds)
    }

    @Test func restingOnKeysTypesThemWithARingWhileTheTimeRuns() {
        let f = SessionFixture()
        Self.dwellOn(f)
        let frame = f.session.geometry.frame(ofKey: "q")!
        f.session.access.pointerHovered(x: frame.midX, y: frame.midY)
        f.scheduler.advance(by: 0.4)
        #expect(f.session.scene.dwell?.ring?.frame == frame)
        #expect(abs((f.session.scene.dwell?.ring?.fraction ?? 0) - 0.5) < 0.05)
        f.scheduler.advance(by: 0.4)
        #expect(f.proxy.text == "q")
        f.scheduler.advance(by: 3)
        #expect(f.proxy.text == "q", "resting on does not repeat")
        Self.rest(f, on: "w")
        Self.rest(f, on: "q")
        #expect(f.proxy.text == "qwq")
        Self.rest(f, on: "shift")
        Self.rest(f, on: "e")
        #expect(f.proxy.text == "qwqE", "shift is reached by dwell alone")
        let hold = f.session.access.dwellControlFrames!.longPress
        f.session.access.pointerHovered(x: hold.midX, y: hold.midY)
        f.scheduler.advance(by: 0.8)
        Self.rest(f, on: "shift")
        Self.rest(f, on: "q")
        Self.rest(f, on: "w")
        #expect(f.proxy.text == "qwqEQW", "Hold, then shift: caps lock")
        #expect(f.session.scene.stateClasses["shift"] == ["locked"])
    }

    @Test func theStripShowsWithTheControlsAndThePauseStopsDwelling() {
        let f = SessionFixture()
        let before = f.session.geometry.frame(ofKey: "q")!
        Self.dwellOn(f)
        let controls = f.session.access.dwellControlFrames!
        #expect(controls.pause.maxX == f.session.geometry.width && controls.pause.y == 0)
        #expect(f.session.bar.slotFrames.allSatisfy { $0.maxX <= controls.longPress.x + 0.001 }, "the slots make room")
        #expect(f.session.geometry.frame(ofKey: "q")!.y >= before.y)
        f.session.access.pointerHovered(x: controls.pause.midX, y: controls.pause.midY)
        f.scheduler.advance(by: 0.8)
        #expect(f.session.scene.dwell?.isPaused == true)
        Self.rest(f, on: "q", for: 3)
        #expect(f.proxy.text.isEmpty, "paused")
        f.session.access.pointerHovered(x: controls.pause.midX, y: controls.pause.midY)
        f.scheduler.advance(by: 0.8)
        Self.rest(f, on: "q")
        #expect(f.proxy.text == "q")
        var off = Settings()
        off.dwell = false
        f.session.apply(off, loadKeyboards: nil)
        #expect(f.session.access.dwellControlFrames == nil && f.session.scene.dwell == nil)
        Self.rest(f, on: "w", for: 3)
        #expect(f.proxy.text == "q", "dwell off: resting does nothing")
    }

    @Test func theLongPressControlOpensAlternatesThatDwellChooses() {
        let keys = [KeyDefinition(id: "e", action: .insert("e"), alternates: ["é", "è"]), .character("q"),
                    KeyDefinition(id: "space", action: .space)]
        let layout = KeyboardLayout(id: "accents", name: "Accents", keys: keys, layers: [
            Layer(name: "letters", rows: [TestLayouts.row("q e"), TestLayouts.row("space")]),
        ])
        let f = SessionFixture(layouts: [layout])
        Self.dwellOn(f)
        let controls = f.session.access.dwellControlFrames!
        f.session.access.pointerHovered(x: controls.longPress.midX, y: controls.longPress.midY)
        f.scheduler.advance(by: 0.8)
        #expect(f.session.scene.dwell?.isLongPressArmed == true)
        Self.rest(f, on: "e")
        guard let open = f.session.scene.alternates else { Issue.record("the alternates open"); return }
        #expect(open.open.alternates == ["é", "è"])
        #expect(f.proxy.text.isEmpty)
        let cell = open.open.popup.cells[1]
        f.session.access.pointerHovered(x: cell.midX, y: cell.midY)
        f.scheduler.advance(by: 0.8)
        #expect(f.proxy.text == "è", "the alternate dwelt on")
        #expect(f.session.scene.alternates == nil && f.session.scene.dwell?.isLongPressArmed == false)
        Self.rest(f, on: "e")
        #expect(f.proxy.text == "èe", "the next dwell is a plain press again")
        f.session.access.pointerHovered(x: controls.longPress.midX, y: controls.longPress.midY)
        f.scheduler.advance(by: 0.8)
        Self.rest(f, on: "e")
        #expect(f.session.scene.alternates != nil)
        Self.rest(f, on: "q")
        #expect(f.session.scene.alternates == nil && f.proxy.text == "èeq", "dwelling elsewhere lets the alternates go")
    }
}
