import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

/// The tiny test layout solved at 300 × 200, with a tracker on virtual time.
@MainActor final class TouchFixture {
    let layout: KeyboardLayout
    let scheduler = ManualScheduler()
    let proxy = RecordingProxy(text: String(repeating: "x", count: 100))
    let controller: KeyboardController
    let arrangement: KeyboardArrangement
    let tracker: TouchTracker
    var commits: [TouchTracker.TouchID] = []

    init(layout: KeyboardLayout = TestLayouts.tiny) {
        self.layout = layout
        controller = KeyboardController(layout: layout)
        controller.proxy = proxy
        let arrangement = KeyboardArrangement(layout: layout)
        arrangement.resize(width: 300, height: 200, orientation: .portrait)
        self.arrangement = arrangement
        tracker = TouchTracker(controller: controller, scheduler: scheduler) { arrangement.geometry }
        controller.onAppearanceChange = { [controller] in arrangement.show(layer: controller.layer) }
        tracker.onCommit = { [unowned self] id, _ in commits.append(id) }
        proxy.clearCalls()
    }

    /// The centre of a key on the layer shown now.
    func at(_ id: String) -> (x: Double, y: Double) {
        let frame = arrangement.geometry.frame(ofKey: id)!
        return (frame.midX, frame.midY)
    }

    func down(_ touch: UInt, _ key: String) { let p = at(key); tracker.began(touch, x: p.x, y: p.y) }
    func move(_ touch: UInt, _ key: String) { let p = at(key); tracker.moved(touch, x: p.x, y: p.y) }
    func up(_ touch: UInt, _ key: String) { let p = at(key); tracker.ended(touch, x: p.x, y: p.y) }
    /// Down and up at the key's centre (a layer key changes the keys as it goes down).
    func tap(_ key: String, _ touch: UInt = 9) {
        let p = at(key)
        tracker.began(touch, x: p.x, y: p.y)
        tracker.ended(touch, x: p.x, y: p.y)
    }

    var typed: String { proxy.calls.compactMap { if case .insert(let text) = $0 { text } else { nil } }.joined() }
    var deletes: Int { proxy.calls.filter { $0 == .deleteBackward }.count }
}

@MainActor @Suite struct TouchTrackerTests {
    let f = TouchFixture()

    @Test func deleteRepeatsAfterPointFourSecondsThenEveryTenth() {
        f.down(1, "backspace")
        #expect(f.deletes == 1)
        f.scheduler.advance(by: 0.39)
        #expect(f.deletes == 1)
        f.scheduler.advance(by: 0.02)   // 0.41 s: the first repeat
        #expect(f.deletes == 2)
        f.scheduler.advance(by: 0.59)   // 1.0 s: repeats at 0.5 … 1.0
        #expect(f.deletes == 8)
        f.up(1, "backspace")
        f.scheduler.advance(by: 5)
        #expect(f.deletes == 8)
        #expect(f.scheduler.pendingCount == 0)
    }

    @Test func liftingCancellingOrSlidingOffStopsTheRepeat() {
        f.down(1, "backspace")
        f.scheduler.advance(by: 0.5)
        f.tracker.ended(1, x: -5, y: -5)
        f.down(2, "backspace")
        f.scheduler.advance(by: 0.45)
        f.tracker.cancel(2)
        f.down(3, "backspace")
        f.scheduler.advance(by: 0.45)
        f.move(3, "return")
        f.scheduler.advance(by: 3)
        #expect(f.deletes == 3 + 2 + 1 + 1)
        #expect(f.scheduler.pendingCount == 0)
        f.move(3, "backspace")
        f.scheduler.advance(by: 3)
        f.up(3, "backspace")
        #expect(f.deletes == 7, "moving back onto Delete does not start it again")
        #expect(f.typed == "", "and a Delete touch types nothing where it lifts")
    }

    @Test func aSlideTypesTheKeyUnderTheFingerWhenItLifts() {
        f.down(1, "q")
        #expect(f.tracker.pendingKey?.id == "q")
        f.move(1, "w")
        #expect(f.tracker.pendingKey?.id == "w", "the preview follows the finger")
        #expect(f.tracker.pressedKeyIDs == ["w"])
        #expect(f.proxy.calls.isEmpty)
        f.up(1, "w")
        #expect(f.typed == "w")
    }

    @Test func slidingOutOfTheKeyboardCancelsTheTouch() {
        f.down(1, "q")
        f.tracker.moved(1, x: 150, y: -10)
        #expect(f.tracker.pressedKeyIDs.isEmpty)
        f.move(1, "w")
        f.up(1, "w")
        #expect(f.proxy.calls.isEmpty, "a cancelled touch stays cancelled")
        #expect(f.tracker.count == 0)
    }

    @Test func rolledOverTouchesTypeInTouchDownOrder() {
        f.down(1, "w")
        f.down(2, "q")
        #expect(f.typed == "w", "the second finger commits the first")
        #expect(f.tracker.pressedKeyIDs == ["q"], "the first key's preview closed")
        f.up(1, "w")
        f.up(2, "q")
        #expect(f.typed == "wq")
        #expect(f.commits == [1, 2])
        // Four fingers, lifted in reverse.
        for (touch, key) in zip(UInt(3)...6, ["e", "w", "q", "e"]) { f.down(touch, key) }
        for (touch, key) in zip([UInt(6), 5, 4, 3], ["e", "q", "w", "e"]) { f.up(touch, key) }
        #expect(f.typed == "wqewqe")
    }

    @Test func shiftHeldByOneFingerCapitalisesWhatAnotherTypes() {
        f.down(1, "shift")
        #expect(f.controller.label(for: f.layout.key("q")!) == "Q")
        f.tap("q", 2)
        f.tap("w", 3)
        f.up(1, "shift")
        #expect(f.typed == "QW")
        #expect(f.controller.shift == .off, "a shift used while held is let go, not latched")
        f.tap("q")
        #expect(f.typed == "QWq")
    }

    @Test func aKeyStillDownWhenShiftLiftsIsCommittedWithShift() {
        f.down(1, "shift")
        f.down(2, "e")
        f.up(1, "shift")
        #expect(f.typed == "E")
        f.up(2, "e")
        #expect(f.typed == "E")
        #expect(f.controller.shift == .off)
    }

    @Test func twoShiftTapsWithinHalfASecondLockCapitals() {
        f.tap("shift")
        #expect(f.controller.shift == .latched(automatic: false))
        f.scheduler.advance(by: 0.3)
        f.tap("shift")
        #expect(f.controller.shift == .locked)
        f.tap("shift")
        #expect(f.controller.shift == .off)
        f.scheduler.advance(by: 0.6)
        f.tap("shift")
        #expect(f.controller.shift == .latched(automatic: false))
        f.tap("q")
        f.tap("shift")
        #expect(f.controller.shift == .latched(automatic: false), "a key between two shift taps: no lock")
    }

    @Test func aLayerKeyHeldWhileAnotherFingerTypesGoesBackWhenItLifts() {
        let held = f.at("123")
        f.down(1, "123")
        #expect(f.controller.layer == "numbers", "a layer key acts as it goes down")
        f.tap("2", 2)
        f.tap("3", 3)
        f.tracker.ended(1, x: held.x, y: held.y)
        #expect(f.typed == "23")
        #expect(f.controller.layer == "letters")
        f.tap("123")
        #expect(f.controller.layer == "numbers", "tapped alone it stays")
    }

    @Test func aLayerKeysOwnFingerCanWiggleOnItsKey() {
        let p = f.at("123")
        f.tracker.began(1, x: p.x, y: p.y)
        // The numbers layer has another key where "123" was; the finger is still on "123".
        f.tracker.moved(1, x: p.x + 1, y: p.y + 1)
        f.tracker.ended(1, x: p.x + 1, y: p.y + 1)
        #expect(f.controller.layer == "numbers")
        #expect(f.tracker.count == 0)
    }

    @Test func aLongPressOpensTheAlternatesAndTheLiftTypesTheSelectedOne() {
        let e = KeyDefinition(id: "e", action: .insert("e"), alternates: ["é", "è", "ê"])
        let layout = KeyboardLayout(id: "one", name: "One", keys: [e, .character("q")],
                                    layers: [Layer(name: "letters", rows: [LayoutRow(items: [.key("e", nil), .key("q", nil)])])])
        let g = TouchFixture(layout: layout)
        var changes = 0
        g.tracker.onChange = { changes += 1 }
        g.down(1, "e")
        g.scheduler.advance(by: 0.49)
        #expect(g.tracker.openAlternates == nil)
        g.scheduler.advance(by: 0.02)
        let open = try! #require(g.tracker.openAlternates)
        #expect(open.alternates == ["é", "è", "ê"])
        #expect(open.selected == 0)
        #expect(g.tracker.pendingKey == nil, "no preview over the alternates")
        g.tracker.moved(1, x: open.popup.cells[2].midX, y: 0)
        #expect(g.tracker.openAlternates?.selected == 2)
        g.tracker.ended(1, x: open.popup.cells[1].midX, y: open.popup.cells[1].y - 4)
        #expect(g.typed == "è", "drag-to-choose: lifting near the row types the alternate under the finger's column")
        #expect(g.tracker.openAlternates == nil)
        #expect(changes >= 3)
    }

    @Test func slidingWellAwayFromTheAlternatesAndLiftingTypesNothing() {
        let layout = try! LayoutLibrary().load("us")
        let g = TouchFixture(layout: layout)
        g.down(1, "e")
        g.scheduler.advance(by: 0.6)
        let open = try! #require(g.tracker.openAlternates)
        let far = g.at("m")
        g.tracker.moved(1, x: far.x, y: far.y)
        #expect(g.tracker.openAlternates?.selected == nil, "none highlighted once the finger is well away")
        g.tracker.ended(1, x: far.x, y: far.y)
        #expect(g.typed == "", "a change of mind: nothing typed")
        #expect(open.popup.index(atX: open.popup.cells[0].midX, y: open.popup.cells[0].midY) == 0)
        g.down(2, "e")
        g.scheduler.advance(by: 0.6)
        g.tracker.moved(2, x: far.x, y: far.y)
        g.tracker.moved(2, x: open.popup.cells[1].midX, y: open.popup.cells[1].midY)
        g.up(2, "e")
        #expect(g.typed.count == 1, "coming back to the row chooses again: \(g.typed)")
    }

    @Test func aQuickTapOnAKeyWithAlternatesTypesTheKey() {
        let layout = try! LayoutLibrary().load("us")
        let g = TouchFixture(layout: layout)
        g.down(1, "e")
        g.scheduler.advance(by: 0.2)
        g.up(1, "e")
        g.scheduler.advance(by: 1)
        #expect(g.typed == "e")
        #expect(g.tracker.openAlternates == nil)
    }

    @Test func aLongPressOnTheGlobeAsksForTheKeyboardList() {
        var lists = 0
        var nexts = 0
        f.controller.onKeyboardList = { _ in lists += 1 }
        f.controller.onNextKeyboard = { nexts += 1 }
        f.controller.showLayer("numbers")
        f.down(1, "globe")
        f.scheduler.advance(by: 0.6)
        f.up(1, "globe")
        f.tap("globe")
        #expect(lists == 1)
        #expect(nexts == 1)
    }

    @Test func cancellingEverythingTypesNothingAndLetsGoOfModifiers() {
        f.down(1, "shift")
        f.down(2, "123")
        f.down(3, "2")
        f.tracker.cancelAll()
        #expect(f.proxy.calls.isEmpty)
        #expect(f.controller.heldShifts == 0)
        #expect(f.controller.layer == "letters")
        #expect(f.tracker.count == 0)
        #expect(f.scheduler.pendingCount == 0)
    }
}

@MainActor @Suite struct ClickSoundTests {
    @Test func everyPressAndRepeatClicksWithTheKeysSound() {
        let f = TouchFixture()
        let sounds = RecordingSoundPlayer()
        f.controller.feedback = SoundFeedback(player: sounds)
        for id in ["q", "space", "shift", "123"] {
            f.down(1, id)
            #expect(sounds.played.count >= 1)
            f.tracker.cancel(1)
        }
        #expect(sounds.played == [.character, .character, .modifier, .modifier])
        f.down(1, "backspace")
        f.scheduler.advance(by: 0.55)
        f.up(1, "backspace")
        #expect(sounds.played.suffix(3) == [.delete, .delete, .delete])
    }
}

/// Flick keys: the Japanese test layout's あ and た keys.
@MainActor @Suite struct FlickTouchTests {
    let fixture = TouchFixture(layout: TestLayouts.japanese)

    /// Moves a touch that began at the key's centre by (dx, dy) key sizes, then lifts it.
    func flick(_ key: String, dx: Double, dy: Double, lift: Bool = true) {
        let frame = fixture.arrangement.geometry.frame(ofKey: key)!
        fixture.tracker.began(1, x: frame.midX, y: frame.midY)
        let x = frame.midX + dx * frame.width
        let y = frame.midY + dy * frame.height
        fixture.tracker.moved(1, x: x, y: y)
        if lift { fixture.tracker.ended(1, x: x, y: y) }
    }

    @Test func eachDirectionTypesItsKana() {
        flick("kana-a", dx: -0.6, dy: 0)
        flick("kana-a", dx: 0, dy: -0.6)
        flick("kana-a", dx: 0.6, dy: 0)
        flick("kana-a", dx: 0, dy: 0.6)
        #expect(fixture.proxy.text.hasSuffix("いうえお"))
    }

    @Test func aSmallMoveIsATapAndTheLargerAxisDecides() {
        flick("kana-ta", dx: 0.1, dy: 0.05)
        flick("kana-ta", dx: 0.4, dy: -0.9)
        #expect(fixture.proxy.text.hasSuffix("たつ"))
    }

    @Test func theGuideFollowsTheFingerAndLeavingTheKeyIsNoSlide() {
        flick("kana-a", dx: 0, dy: 0, lift: false)
        #expect(fixture.tracker.openFlick?.key.id == "kana-a")
        #expect(fixture.tracker.openFlick?.direction == nil)
        let frame = fixture.arrangement.geometry.frame(ofKey: "kana-a")!
        // Far to the right, over the た key: still a flick of あ, not a slide onto た.
        fixture.tracker.moved(1, x: frame.midX + frame.width * 1.2, y: frame.midY)
        #expect(fixture.tracker.openFlick?.direction == .right)
        #expect(fixture.tracker.pressedKeyIDs == ["kana-a"])
        fixture.tracker.ended(1, x: frame.midX + frame.width * 1.2, y: frame.midY)
        #expect(fixture.tracker.openFlick == nil)
        #expect(fixture.proxy.text.hasSuffix("え"))
    }

    @Test func aDirectionWithoutKanaIsATap() {
        let wa = KeyDefinition(id: "wa", label: "わ", action: .insert("わ"), flicks: Flicks(left: "を", up: "ん", right: "ー"))
        let layout = KeyboardLayout(id: "wa", name: "wa", language: "ja", keys: [wa],
                                    layers: [Layer(name: "kana", rows: [LayoutRow(items: [.key("wa", nil)])])])
        let fixture = TouchFixture(layout: layout)
        let frame = fixture.arrangement.geometry.frame(ofKey: "wa")!
        fixture.tracker.began(1, x: frame.midX, y: frame.midY)
        fixture.tracker.ended(1, x: frame.midX, y: frame.midY + frame.height * 0.45)
        #expect(fixture.proxy.text.hasSuffix("わ"))
    }
}

/// Modifiers held by one finger while another types.
@MainActor @Suite struct HeldModifierTouchTests {
    let fixture = TouchFixture(layout: TestLayouts.pc)

    @Test func ctrlHeldWhileCIsTappedIsCtrlCAndStaysOffAfter() {
        fixture.down(1, "ctrl")
        #expect(fixture.controller.modifiers.active == [.control])
        fixture.tap("c")
        fixture.up(1, "ctrl")
        fixture.tap("c")
        #expect(fixture.proxy.calls == [.key(KeyPress(name: .character("c"), modifiers: [.control])), .insert("c")])
        #expect(fixture.controller.modifiers.active.isEmpty, "used while held: let go, not latched")
    }

    @Test func ctrlTappedAloneLatches() {
        fixture.tap("ctrl")
        #expect(fixture.controller.modifiers.state(of: .control) == .latched)
    }
}

/// The suggestion bar's slots, touched like keys.
@MainActor @Suite struct TouchTrackerBarTests {
    let f = TouchFixture()
    let sounds = RecordingSoundPlayer()
    /// Three slots in a strip above the fixture's keys (which start at y = 0: the strip is
    /// placed below them, at y 200–230).
    let slots = [Rect(x: 0, y: 200, width: 100, height: 30), Rect(x: 100, y: 200, width: 100, height: 30),
                 Rect(x: 200, y: 200, width: 100, height: 30)]

    init() {
        f.controller.mode = FixedWordsMode(["help", "hello", "held"])
        f.controller.feedback = SoundFeedback(player: sounds)
        f.proxy.document.select(0..<0)
        f.proxy.document.insertText("hel")
        f.controller.textDidChange()
        f.proxy.clearCalls()
        let frames = slots
        f.tracker.slotFrames = { frames }
    }

    @Test func aTapOnASlotClicksAndTypesItsWord() throws {
        let index = try #require(f.controller.bar.slots.firstIndex { $0?.text == "hello" })
        let slot = slots[index]
        #expect(f.tracker.began(4, x: slot.midX, y: slot.midY))
        #expect(f.tracker.pressedSlot == index)
        #expect(sounds.played == [.character], "a click as the finger lands, as on a key")
        f.tracker.ended(4, x: slot.midX, y: slot.midY)
        #expect(f.tracker.pressedSlot == nil)
        #expect(f.proxy.document.text.hasPrefix("hello "))
    }

    @Test func liftingOffTheSlotOrACancelChoosesNothing() {
        f.tracker.began(4, x: slots[0].midX, y: slots[0].midY)
        f.tracker.ended(4, x: slots[2].midX, y: slots[2].midY)
        f.tracker.began(5, x: slots[1].midX, y: slots[1].midY)
        f.tracker.cancel(5)
        #expect(f.tracker.pressedSlot == nil)
        #expect(f.proxy.calls.isEmpty)
    }

    @Test func aSlotTouchCancelsAKeyStillDown() {
        f.down(1, "w")
        f.tracker.began(4, x: slots[0].midX, y: slots[0].midY)
        f.up(1, "w")
        #expect(f.typed == "", "the key's touch ended when the bar was touched")
    }
}
