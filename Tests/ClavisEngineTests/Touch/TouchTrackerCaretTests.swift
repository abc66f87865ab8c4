import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

/// Space moves the caret: the tracker on the US layout (a space bar five keys wide) at
/// 400 × 260, on virtual time.
@MainActor @Suite struct TouchTrackerCaretTests {
    let layout: KeyboardLayout
    let arrangement: KeyboardArrangement
    let proxy = RecordingProxy(text: "hello world")
    let controller: KeyboardController
    let tracker: TouchTracker
    /// A letter key's width: the unit of the steps.
    let key: Double
    let space: Rect

    init() throws {
        layout = try LayoutLibrary().load("us")
        arrangement = KeyboardArrangement(layout: layout)
        arrangement.resize(width: 400, height: 260, orientation: .portrait)
        controller = KeyboardController(layout: layout)
        controller.proxy = proxy
        let arrangement = arrangement
        tracker = TouchTracker(controller: controller, scheduler: ManualScheduler()) { arrangement.geometry }
        key = arrangement.geometry.letterKeys.keyWidth
        space = try #require(arrangement.geometry.frame(ofKey: "space"))
        proxy.clearCalls()
    }

    /// Down on Space's centre, slides sideways by `offsets` key widths (each a move), lifts.
    func drag(_ offsets: [Double], id: UInt = 1, dy: Double = 0) {
        tracker.began(id, x: space.midX, y: space.midY)
        for offset in offsets { tracker.moved(id, x: space.midX + offset * key, y: space.midY + dy) }
        tracker.ended(id, x: space.midX + (offsets.last ?? 0) * key, y: space.midY + dy)
    }

    var caret: Int { proxy.documentContextBeforeInput?.count ?? -1 }

    @Test func slidingLeftAlongSpaceMovesTheCaretAStepAtATimeAndTypesNoSpace() {
        // 0.4 key widths a character: 2.1 widths is five.
        drag([-0.3, -0.6, -1.0, -2.1])
        #expect(proxy.text == "hello world")
        #expect(caret == 6)
        #expect(proxy.calls == Array(repeating: .adjust(-1), count: 5), "one arrow's move per step, as ← would")
    }

    @Test func theCaretFollowsTheFingerBackAndTheNextKeyTypesThere() {
        drag([-2.1, -0.9])
        #expect(caret == 9, "five left, then three back right: two left of the end")
        tracker.began(2, x: space.midX, y: space.midY)
        tracker.ended(2, x: space.midX, y: space.midY)
        #expect(proxy.text == "hello wor ld", "a tap on Space still types a space, at the caret")
    }

    @Test func aTapsWobbleAndASlideUpToALetterStayWhatTheyWere() throws {
        drag([0.2, -0.1])
        #expect(proxy.text == "hello world ", "a wobble under half a key is a tap")
        let b = try #require(arrangement.geometry.frame(ofKey: "b"))
        tracker.began(2, x: space.midX, y: space.midY)
        tracker.moved(2, x: (space.midX + b.midX) / 2, y: (space.midY + b.midY) / 2)
        tracker.ended(2, x: b.midX, y: b.midY)
        #expect(proxy.text == "hello world b", "slide-to-correct onto the key above")
    }

    @Test func aSecondFingerDownMeanwhileSelectsAndTypesNothing() throws {
        let q = try #require(arrangement.geometry.frame(ofKey: "q"))
        tracker.began(1, x: space.midX, y: space.midY)
        tracker.moved(1, x: space.midX - 0.5 * key, y: space.midY)
        tracker.began(2, x: q.midX, y: q.midY)
        tracker.moved(1, x: space.midX - 1.3 * key, y: space.midY)
        tracker.ended(2, x: q.midX, y: q.midY)
        tracker.moved(1, x: space.midX - 1.7 * key, y: space.midY)
        tracker.ended(1, x: space.midX - 1.7 * key, y: space.midY)
        let shiftLeft = RecordingProxy.Call.key(KeyPress(name: .left, shift: true))
        #expect(proxy.calls == [.adjust(-1), shiftLeft, shiftLeft, .adjust(-1)],
                "one step, two selecting while the second finger is down, one more after it lifts")
        #expect(proxy.text == "hello world", "the second finger typed no q")
        #expect(tracker.count == 0)
    }

    @Test func shiftHeldOrLatchedByHandSelectsButTheSentencesCapitalDoesNot() throws {
        let shift = try #require(arrangement.geometry.frame(ofKey: "shift"))
        tracker.began(3, x: shift.midX, y: shift.midY)
        drag([-0.8])
        tracker.ended(3, x: shift.midX, y: shift.midY)
        #expect(proxy.calls == Array(repeating: .key(KeyPress(name: .left, shift: true)), count: 2))

        proxy.clearCalls()
        tracker.began(3, x: shift.midX, y: shift.midY)
        tracker.ended(3, x: shift.midX, y: shift.midY)
        drag([-0.8])
        #expect(proxy.calls == Array(repeating: .key(KeyPress(name: .left, shift: true)), count: 2),
                "latched: the whole drag selects, though the first step used the latch up")

        // At a sentence's start the shift latches by itself: that drag only moves.
        proxy.document.traits = TextInputTraits(autocapitalizationType: .sentences)
        proxy.insertText(". ")
        controller.textDidChange()
        #expect(controller.isShiftLatched)
        proxy.clearCalls()
        drag([-0.8])
        #expect(proxy.calls == [.adjust(-1), .adjust(-1)])
    }

    @Test func upAndDownMoveLinesOnlyInAFieldOfSeveral() {
        drag([-0.6], dy: -0.2 * space.height)
        #expect(!proxy.calls.contains { if case .key = $0 { true } else { false } })
        proxy.clearCalls()
        proxy.document.traits = TextInputTraits(autocapitalizationType: .none, isMultiline: true)
        // Sideways first (the drag begins), then up two rows' heights.
        tracker.began(1, x: space.midX, y: space.midY)
        tracker.moved(1, x: space.midX - 0.5 * key, y: space.midY)
        tracker.moved(1, x: space.midX - 0.5 * key, y: space.midY - 2.1 * space.height)
        tracker.ended(1, x: space.midX - 0.5 * key, y: space.midY - 2.1 * space.height)
        #expect(proxy.calls == [.adjust(-1), .key(KeyPress(name: .up)), .key(KeyPress(name: .up))])
    }

    @Test func spaceIsDrawnDownWhileItDragsAndTheSettingTurnsItOff() {
        tracker.began(1, x: space.midX, y: space.midY)
        tracker.moved(1, x: space.midX + key, y: space.midY)
        #expect(tracker.pressedKeyIDs == ["space"])
        tracker.ended(1, x: space.midX + key, y: space.midY)
        #expect(tracker.pressedKeyIDs.isEmpty)

        tracker.caretStep = nil
        proxy.clearCalls()
        drag([-1, -2])
        #expect(proxy.calls == [.insert(" ")], "off: a slide along Space types a space, as before")
    }
}
