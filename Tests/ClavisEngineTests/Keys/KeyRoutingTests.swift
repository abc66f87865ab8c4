import ClavisEngine
import ClavisLayout
import Testing
import TestSupport

@MainActor @Suite struct KeyRoutingTests {
    @Test func textThatGoesAsAKeyTakesItsKey() {
        #expect(KeyRouting.keyName(typing: "\n") == .returnKey)
        #expect(KeyRouting.keyName(typing: "\t") == .tab)
        #expect(KeyRouting.keyName(typing: " ") == .space)
        #expect(KeyRouting.keyName(typing: "c") == .character("c"))
    }

    @Test func returnAndTabAloneAreKeysOutsideAComposition() {
        #expect(KeyRouting.sendsAsKey("\n", composing: false))
        #expect(KeyRouting.sendsAsKey("\t", composing: false))
        #expect(!KeyRouting.sendsAsKey("\n", composing: true), "Return commits a composition")
        #expect(!KeyRouting.sendsAsKey("a\n", composing: false))
    }

    @Test func editingKeysAreEditsOnlyWithoutModifiers() {
        #expect(KeyRouting.edit(for: KeyPress(name: .returnKey), keysReachApplication: true) == .insert("\n"))
        #expect(KeyRouting.edit(for: KeyPress(name: .backSpace), keysReachApplication: false) == .deleteBackward)
        #expect(KeyRouting.edit(for: KeyPress(name: .left), keysReachApplication: false) == .moveCaret(-1))
        #expect(KeyRouting.edit(for: KeyPress(name: .character("c"), modifiers: [.control]), keysReachApplication: false) == nil)
        #expect(KeyRouting.edit(for: KeyPress(name: .escape), keysReachApplication: false) == nil)
        // An application that takes keys gets Home, End and a shifted arrow (a selection) as keys.
        #expect(KeyRouting.edit(for: KeyPress(name: .home), keysReachApplication: true) == nil)
        #expect(KeyRouting.edit(for: KeyPress(name: .right, shift: true), keysReachApplication: true) == nil)
        #expect(KeyRouting.edit(for: KeyPress(name: .home), keysReachApplication: false) == .caretToStart)
        #expect(KeyRouting.edit(for: KeyPress(name: .right, shift: true), keysReachApplication: false) == .moveCaret(1))
    }

    @Test func aDocumentWithoutKeyEventsMakesTheEditsItself() {
        let document = TextDocument(text: "hello")
        document.sendKey(KeyPress(name: .home))
        document.sendKey(KeyPress(name: .returnKey))
        #expect(document.text == "\nhello")
        document.sendKey(KeyPress(name: .end))
        document.sendKey(KeyPress(name: .backSpace))
        document.sendKey(KeyPress(name: .function(5)))
        #expect(document.text == "\nhell")
    }
}
