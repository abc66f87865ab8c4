import ClavisEngine
import ClavisLayout
import ClavisPrediction
@testable import ClavisSession
import ClavisSettings
import TestSupport
import Testing

@MainActor @Suite struct KeyboardSessionSwipeTests {
    /// A QWERTY layout's letters in three rows, space and Backspace below.
    static let qwerty: KeyboardLayout = {
        let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
        let keys = rows.joined().map { KeyDefinition.character(String($0)) } + [
            KeyDefinition(id: "space", action: .space), KeyDefinition(id: "backspace", action: .backspace),
            KeyDefinition(id: "shift", action: .shift),
        ]
        return KeyboardLayout(id: "qwerty", name: "QWERTY", language: "en", keys: keys, layers: [
            Layer(name: "letters", rows: rows.map { TestLayouts.row($0.map(String.init).joined(separator: " ")) }
                + [TestLayouts.row("shift space backspace")]),
        ])
    }()

    /// Draws a stroke through the centres of `letters` with the pointer (or touch `id`), and
    /// lifts it unless `lift` is false.
    static func swipe(_ letters: String, on session: KeyboardSession, id: TouchTracker.TouchID = TouchTracker.pointer, lift: Bool = true) {
        let frames = letters.map { session.geometry.frame(ofKey: String($0))! }
        session.touchBegan(id, x: frames[0].midX, y: frames[0].midY)
        for (a, b) in zip(frames, frames.dropFirst()) {
            for step in 1...8 {
                let f = Double(step) / 8
                session.touchMoved(id, x: a.midX + f * (b.midX - a.midX), y: a.midY + f * (b.midY - a.midY))
            }
        }
        if lift { session.touchEnded(id, x: frames.last!.midX, y: frames.last!.midY) }
    }

    @Test func aStrokeAcrossTheLettersTypesTheWordWithItsSpaces() {
        let f = SessionFixture(layouts: [Self.qwerty])
        Self.swipe("helo", on: f.session)
        #expect(f.proxy.text == "hello ")
        Self.swipe("wotld", on: f.session)
        #expect(f.proxy.text == "hello world ", "one space between swiped words")
        f.tap("backspace")
        #expect(f.proxy.text == "hello ", "Backspace right after deletes the swiped word")
        f.proxy.insertText("say")
        Self.swipe("helo", on: f.session)
        #expect(f.proxy.text == "hello say hello ", "a space before it after a typed word")
    }

    @Test func theOtherCandidatesReplaceTheWordFromTheBar() {
        let f = SessionFixture(layouts: [Self.qwerty])
        Self.swipe("helo", on: f.session)
        let bar = f.session.controller.bar.slots.compactMap { $0?.text }
        #expect(!bar.isEmpty && !bar.contains("hello"), "the next candidates: \(bar)")
        let other = bar[0]
        f.session.bar.choose(slot: 0)
        #expect(f.proxy.text == other + " ", "tapping one replaces the swiped word")
        f.tap("q")
        #expect(f.proxy.text == other + " q", "the next key ends the swipe's bar")
    }

    @Test func aTapAndAShortSlideStayWhatTheyWere() {
        let f = SessionFixture(layouts: [Self.qwerty])
        f.tap("h")
        let h = f.session.geometry.frame(ofKey: "h")!, j = f.session.geometry.frame(ofKey: "j")!
        f.session.touchBegan(TouchTracker.pointer, x: h.midX, y: h.midY)
        f.session.touchMoved(TouchTracker.pointer, x: j.midX, y: j.midY)
        f.session.touchEnded(TouchTracker.pointer, x: j.midX, y: j.midY)
        #expect(f.proxy.text == "hj", "a slide to the neighbour types the key lifted on")
    }

    @Test func noSwipeInSecureFieldsOrWithTheSettingOff() {
        let f = SessionFixture(layouts: [Self.qwerty])
        var settings = Settings()
        settings.swipe = false
        f.session.apply(settings, loadKeyboards: nil)
        Self.swipe("helo", on: f.session)
        #expect(f.proxy.text == "o", "off: the stroke is a slide that types where it lifts")
        settings.swipe = true
        f.session.apply(settings, loadKeyboards: nil)
        f.proxy.traits.isSecureTextEntry = true
        Self.swipe("helo", on: f.session)
        #expect(f.proxy.text == "oo")
    }

    @Test func capitalsFollowTheShift() {
        let f = SessionFixture(layouts: [Self.qwerty])
        f.tap("shift")
        Self.swipe("helo", on: f.session)
        #expect(f.proxy.text == "Hello ")
        f.scheduler.advance(by: 1)
        f.tap("shift")
        f.tap("shift")
        Self.swipe("wotld", on: f.session)
        #expect(f.proxy.text == "Hello WORLD ", "caps lock: every letter")
    }

    @Test func aShiftHeldByAnotherFingerCapitalisesTheWord() {
        let f = SessionFixture(layouts: [Self.qwerty])
        let shift = f.session.geometry.frame(ofKey: "shift")!
        f.session.touchBegan(7, x: shift.midX, y: shift.midY)
        Self.swipe("helo", on: f.session, id: 8)
        f.session.touchEnded(7, x: shift.midX, y: shift.midY)
        #expect(f.proxy.text == "Hello ")
        Self.swipe("wotld", on: f.session)
        #expect(f.proxy.text == "Hello world ", "Shift let go: lower case again")
    }

    @Test func theBarPreviewsTheWordsWhileTheStrokeIsDrawn() {
        let f = SessionFixture(layouts: [Self.qwerty])
        Self.swipe("helo", on: f.session, lift: false)
        let preview = f.session.scene.bar?.content.slots.compactMap { $0?.text } ?? []
        #expect(preview.contains("hello"), "the best word so far: \(preview)")
        #expect(f.proxy.text.isEmpty, "nothing is typed before the lift")
        let o = f.session.geometry.frame(ofKey: "o")!
        f.session.touchEnded(TouchTracker.pointer, x: o.midX, y: o.midY)
        #expect(f.proxy.text == "hello ")
        let after = f.session.scene.bar?.content.slots.compactMap { $0?.text } ?? []
        #expect(!after.contains("hello"), "after the lift, the candidates it beat: \(after)")
    }

    @Test func aWordTappedOnceWithFullAccessCanBeSwiped() {
        let f = SessionFixture(layouts: [Self.qwerty])
        var settings = Settings()
        settings.allowFullAccess = true
        f.session.apply(settings, loadKeyboards: nil)
        Self.swipe("clavis", on: f.session)
        #expect(!f.proxy.text.lowercased().hasPrefix("clavis"), "not a word yet: \(f.proxy.text)")
        f.tap("backspace")
        for letter in "clavis" { f.tap(String(letter)) }
        f.tap("space")
        #expect(f.proxy.text == "clavis ")
        Self.swipe("clavis", on: f.session)
        #expect(f.proxy.text == "clavis clavis ", "learned from one tapping")
    }

    @Test func theTrailFollowsTheStrokeWhileItIsDrawn() {
        let f = SessionFixture(layouts: [Self.qwerty])
        let h = f.session.geometry.frame(ofKey: "h")!, l = f.session.geometry.frame(ofKey: "l")!
        f.session.touchBegan(TouchTracker.pointer, x: h.midX, y: h.midY)
        #expect(f.session.scene.trail == nil)
        for step in 1...10 { f.session.touchMoved(TouchTracker.pointer, x: h.midX + Double(step) / 10 * (l.midX - h.midX), y: h.midY) }
        #expect(f.session.scene.trail?.count == 11, "every point from where it went down")
        #expect(f.session.scene.trail?.first.map { GestureDecoder.Point(x: $0.x, y: $0.y) } == GestureDecoder.Point(x: h.midX, y: h.midY))
        #expect(f.session.scene.pressedKeyIDs.isEmpty, "a gesture presses no key")
        f.session.touchEnded(TouchTracker.pointer, x: l.midX, y: l.midY)
        #expect(f.session.scene.trail == nil)
    }
}
