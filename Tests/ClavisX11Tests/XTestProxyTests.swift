import ClavisEngine
import ClavisKeystrokes
import ClavisLayout
import ClavisX11
import Testing
import PlatformTestSupport
import TestSupport

@MainActor
@Suite struct XTestProxyTests {
    let sender = RecordingKeySender()
    let scheduler = ManualScheduler()

    func proxy(context: FakeTextContext? = nil) -> XTestProxy {
        let proxy = XTestProxy(keyboard: sender, scheduler: scheduler)
        proxy.context = context
        return proxy
    }

    @Test func textGoesOutAsKeysWithReturnAsItsKey() {
        proxy().insertText("Grüße\n")
        #expect(sender.sent == [[Keysym("G"), Keysym("r"), Keysym("ü"), Keysym("ß"), Keysym("e"), .return]])
    }

    @Test func theFocusMovingOnAndOffTextFieldsIsAFieldChange() {
        let field = FakeTextContext(before: nil)
        let proxy = proxy(context: field)
        var changes: [DocumentChange] = []
        proxy.onDocumentChange = { changes.append($0) }
        #expect(!proxy.hasFocusedField, "nothing said yet")
        field.focus(textField: "Dear Ann")
        #expect(proxy.hasFocusedField && changes.last == .field)
        #expect(proxy.documentContextBeforeInput == "Dear Ann")
        field.focus(textField: nil)
        #expect(!proxy.hasFocusedField && changes.last == .field)
    }

    @Test func deletingAndMovingTheCaretAreKeyPresses() {
        let proxy = proxy()
        proxy.deleteBackward()
        proxy.adjustTextPosition(byCharacterOffset: -2)
        proxy.adjustTextPosition(byCharacterOffset: 1)
        #expect(sender.sent == [[.backSpace], [.left, .left], [.right]])
    }

    @Test func markedTextIsTypedAndReplacedByDeletingIt() {
        let proxy = proxy()
        proxy.setMarkedText("ka", selectedRange: 2..<2)
        proxy.setMarkedText("か", selectedRange: 1..<1)
        proxy.unmarkText()
        proxy.insertText("!")
        #expect(sender.sent == [[Keysym("k"), Keysym("a")], [.backSpace, .backSpace, Keysym("か")], [Keysym("!")]])
    }

    @Test func withoutAContextSourceTheKeyboardDoesNotGuessCapitals() {
        let proxy = proxy()
        #expect(proxy.documentContextBeforeInput == nil)
        #expect(proxy.traits.autocapitalizationType == .none)
        let controller = KeyboardController(layout: TestLayouts.tiny)
        controller.proxy = proxy
        controller.handle(.release, on: TestLayouts.letter("h"))
        controller.handle(.release, on: TestLayouts.letter("i"))
        #expect(sender.keys == [Keysym("h"), Keysym("i")])
    }

    @Test func withoutAContextSourceSuggestionsWorkFromWhatClavisTyped() {
        let proxy = proxy()
        proxy.insertText("see yo")
        proxy.deleteBackward()
        proxy.insertText("ou")
        #expect(proxy.suggestionContext == "see you")
        #expect(proxy.documentContextBeforeInput == nil)
        #expect(!proxy.traits.correctsAutomatically)
        #expect(proxy.traits.showsSuggestions)
        proxy.adjustTextPosition(byCharacterOffset: -1)   // the caret is elsewhere now: start afresh
        #expect(proxy.suggestionContext == "")
    }

    @Test func aFocusChangeForgetsWhatClavisTyped() {
        let field = FakeTextContext(before: nil)
        let proxy = proxy(context: field)
        proxy.insertText("hello")
        #expect(proxy.suggestionContext == "hello")
        field.change(before: nil)
        #expect(proxy.suggestionContext == "")
    }

    @Test func theApplicationsTextCapitalisesAfterASentence() {
        let field = FakeTextContext(before: "Hi.")
        let proxy = proxy(context: field)
        let controller = KeyboardController(layout: TestLayouts.tiny)
        controller.proxy = proxy
        #expect(!controller.isShiftLatched)
        controller.handle(.release, on: TestLayouts.tiny.key("space")!)
        // The application has not echoed the space yet; Clavis's own copy knows it.
        #expect(proxy.documentContextBeforeInput == "Hi. ")
        #expect(controller.isShiftLatched)
        controller.handle(.release, on: TestLayouts.letter("h"))
        #expect(sender.keys == [Keysym(" "), Keysym("H")])
    }

    @Test func theApplicationsVersionWinsOnceTypingPauses() {
        let field = FakeTextContext(before: "ab")
        let proxy = proxy(context: field)
        var changes = 0
        proxy.onDocumentChange = { _ in changes += 1 }
        proxy.insertText("c")
        // An echo arriving mid-typing (the application is behind) does not undo the copy.
        field.change(before: "ab")
        #expect(proxy.documentContextBeforeInput == "abc")
        scheduler.advance(by: 0.1)
        field.change(before: "abc")
        scheduler.advance(by: 0.5)
        #expect(proxy.documentContextBeforeInput == "abc")
        #expect(changes == 0)
        // The user clicks elsewhere in the field: a change Clavis did not make.
        field.change(before: "a")
        #expect(proxy.documentContextBeforeInput == "a")
        #expect(changes == 1)
    }

    @Test func movingTheCaretWaitsForTheApplicationToSayWhereItIs() {
        let field = FakeTextContext(before: "abc")
        let proxy = proxy(context: field)
        proxy.adjustTextPosition(byCharacterOffset: -1)
        #expect(proxy.documentContextBeforeInput == nil)
        field.change(before: "ab")
        scheduler.advance(by: 0.5)
        #expect(proxy.documentContextBeforeInput == "ab")
    }

    @Test func keysNotSentLeaveTheCopyAsItWas() {
        let field = FakeTextContext(before: "ab")
        let proxy = proxy(context: field)
        sender.outcome = .ownWindowFocused
        proxy.insertText("c")
        proxy.deleteBackward()
        #expect(proxy.documentContextBeforeInput == "ab")
    }

    @Test func aPasswordFieldIsSecure() {
        let field = FakeTextContext(before: "")
        field.isSecure = true
        #expect(proxy(context: field).traits.isSecureTextEntry)
        #expect(!proxy().traits.isSecureTextEntry)
    }
}

/// Key events through the X proxy.
@MainActor
@Suite struct XTestProxyKeyTests {
    let sender = RecordingKeySender()

    @Test func shortcutsAndNamedKeysArePressedWithTheirModifiers() {
        let proxy = XTestProxy(keyboard: sender, scheduler: ManualScheduler())
        proxy.sendKey(KeyPress(name: .character("c"), modifiers: [.control]))
        proxy.sendKey(KeyPress(name: .character("t"), modifiers: [.control, .alt], shift: true))
        proxy.sendKey(KeyPress(name: .function(5)))
        #expect(sender.pressed.map(\.keysym) == [Keysym("c"), Keysym("t"), Keysym(named: "F5")!])
        #expect(sender.pressed.map(\.modifiers) == [[.controlLeft], [.controlLeft, .altLeft, .shiftLeft], []])
    }

    @Test func plainEditingKeysGoTheWayTextDoes() {
        let proxy = XTestProxy(keyboard: sender, scheduler: ManualScheduler())
        proxy.sendKey(KeyPress(name: .returnKey))
        proxy.sendKey(KeyPress(name: .backSpace))
        #expect(sender.sent == [[.return], [.backSpace]])
        #expect(sender.pressed.isEmpty)
    }
}
