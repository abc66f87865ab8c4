import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct KeyPressSessionTests {
    let layout = TestLayouts.tiny
    let scheduler = ManualScheduler()
    let proxy = RecordingProxy(text: String(repeating: "x", count: 100))
    let controller: KeyboardController
    let session: KeyPressSession

    init() {
        controller = KeyboardController(layout: layout)
        controller.proxy = proxy
        session = KeyPressSession(controller: controller, scheduler: scheduler)
    }

    var backspace: KeyDefinition { layout.key("backspace")! }
    var deletes: Int { proxy.calls.filter { $0 == .deleteBackward }.count }

    @Test func deleteRepeatsAfterPointFourSecondsThenEveryTenth() {
        session.press(backspace)
        #expect(deletes == 1)
        scheduler.advance(by: 0.39)
        #expect(deletes == 1)
        scheduler.advance(by: 0.02)   // 0.41 s: the first repeat
        #expect(deletes == 2)
        scheduler.advance(by: 0.59)   // 1.0 s: repeats at 0.5 … 1.0
        #expect(deletes == 8)
        session.release(over: backspace)
        scheduler.advance(by: 5)
        #expect(deletes == 8)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func releasingOutsideCancellingOrSlidingOffStopsTheRepeat() {
        session.press(backspace)
        scheduler.advance(by: 0.5)
        session.release(over: nil)
        session.press(backspace)
        scheduler.advance(by: 0.45)
        session.cancel()
        session.press(backspace)
        scheduler.advance(by: 0.45)
        session.move(over: layout.key("q"))
        scheduler.advance(by: 3)
        #expect(deletes == 3 + 2 + 1 + 1)
        #expect(scheduler.pendingCount == 0)
        session.release(over: layout.key("q"))
        #expect(proxy.calls.last == .deleteBackward)
    }

    @Test func aHeldKeyCanNeverRunAway() {
        session.press(backspace)
        scheduler.advance(by: 1)
        let held = deletes
        session.cancel()
        session.cancel()
        scheduler.advance(by: 60)
        #expect(deletes == held)
        #expect(session.pressedKey == nil)
    }

    @Test func charactersActOnReleaseOverTheSameKeyOnly() {
        proxy.clearCalls()
        session.press(layout.key("q")!)
        #expect(proxy.calls.isEmpty)
        session.release(over: layout.key("w"))
        #expect(proxy.calls.isEmpty)
        session.press(layout.key("q")!)
        session.release(over: layout.key("q"))
        #expect(proxy.calls == [.insert("q")])
    }

    @Test func twoShiftTapsWithinHalfASecondLockCapitals() {
        let shift = layout.key("shift")!
        session.press(shift)
        session.release(over: shift)
        scheduler.advance(by: 0.3)
        session.press(shift)
        session.release(over: shift)
        #expect(controller.shift == .locked)
        session.press(shift)
        session.release(over: shift)
        #expect(controller.shift == .off)
        scheduler.advance(by: 0.6)
        session.press(shift)
        session.release(over: shift)
        #expect(controller.shift == .latched(automatic: false))
    }

    @Test func aLongPressOpensTheAlternatesAndTheReleaseTypesTheSelectedOne() {
        let e = KeyDefinition(id: "e", action: .insert("e"), alternates: ["é", "è", "ê"])
        proxy.clearCalls()
        var changes = 0
        session.onChange = { changes += 1 }
        session.press(e)
        scheduler.advance(by: 0.49)
        #expect(session.alternates == nil)
        scheduler.advance(by: 0.02)
        #expect(session.alternates == ["é", "è", "ê"])
        #expect(session.selectedAlternate == 0)
        session.selectAlternate(2)
        session.selectAlternate(9)
        #expect(session.selectedAlternate == nil)
        session.selectAlternate(1)
        session.release(over: nil)
        #expect(proxy.calls == [.insert("è")])
        #expect(session.alternates == nil)
        #expect(changes >= 3)
    }

    @Test func aQuickTapOnAKeyWithAlternatesTypesTheKey() {
        let e = KeyDefinition(id: "e", action: .insert("e"), alternates: ["é"])
        proxy.clearCalls()
        session.press(e)
        scheduler.advance(by: 0.2)
        session.release(over: e)
        scheduler.advance(by: 1)
        #expect(proxy.calls == [.insert("e")])
        #expect(session.alternates == nil)
    }

    @Test func aLongPressOnTheGlobeAsksForTheKeyboardList() {
        var lists = 0
        var nexts = 0
        controller.onKeyboardList = { _ in lists += 1 }
        controller.onNextKeyboard = { nexts += 1 }
        let globe = layout.key("globe")!
        session.press(globe)
        scheduler.advance(by: 0.6)
        session.release(over: globe)
        session.press(globe)
        session.release(over: globe)
        #expect(lists == 1)
        #expect(nexts == 1)
    }
}

@MainActor @Suite struct ClickSoundTests {
    @Test func everyPressAndRepeatClicksWithTheKeysSound() {
        let layout = TestLayouts.tiny
        let scheduler = ManualScheduler()
        let controller = KeyboardController(layout: layout)
        let sounds = RecordingSoundPlayer()
        controller.sounds = sounds
        controller.proxy = RecordingProxy(text: "xxxxxxxxxx")
        let session = KeyPressSession(controller: controller, scheduler: scheduler)
        for id in ["q", "space", "shift", "123"] {
            session.press(layout.key(id) ?? layout.key("q")!)
            #expect(sounds.played.count >= 1)
            session.release(over: nil)
        }
        #expect(sounds.played == [.character, .character, .modifier, .modifier])
        session.press(layout.key("backspace")!)
        scheduler.advance(by: 0.55)
        session.release(over: layout.key("backspace"))
        #expect(sounds.played.suffix(3) == [.delete, .delete, .delete])
    }
}
