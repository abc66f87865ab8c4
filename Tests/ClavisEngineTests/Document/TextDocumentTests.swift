import ClavisEngine
import Testing

@MainActor @Suite struct TextDocumentTests {
    @Test func insertsAtTheCaretAndMovesIt() {
        let document = TextDocument(text: "Hllo", caret: 1)
        document.insertText("e")
        #expect(document.text == "Hello")
        #expect(document.caret == 2)
        #expect(document.documentContextBeforeInput == "He")
        #expect(document.documentContextAfterInput == "llo")
    }

    @Test func insertReplacesTheSelection() {
        let document = TextDocument(text: "Hello world")
        document.select(6..<11)
        document.insertText("there")
        #expect(document.text == "Hello there")
        #expect(document.caret == 11)
    }

    @Test(arguments: ["é", "e\u{301}", "👍🏽", "🇯🇵", "👨‍👩‍👧"])
    func deleteBackwardRemovesOneWholeGraphemeCluster(_ cluster: String) {
        let document = TextDocument(text: "a" + cluster)
        document.deleteBackward()
        #expect(document.text == "a")
        #expect(document.caret == 1)
    }

    @Test func deleteBackwardRemovesTheSelectionOnly() {
        let document = TextDocument(text: "abcdef")
        document.select(2..<4)
        document.deleteBackward()
        #expect(document.text == "abef")
        #expect(document.caret == 2)
    }

    @Test func deleteBackwardAtTheStartDoesNothing() {
        let document = TextDocument(text: "abc", caret: 0)
        document.deleteBackward()
        #expect(document.text == "abc")
        #expect(document.caret == 0)
    }

    @Test func combiningMarkInsertedAfterALetterKeepsTheCaretAtTheEnd() {
        let document = TextDocument(text: "e")
        document.insertText("\u{301}")
        #expect(document.text == "é")
        #expect(document.caret == 1)
        #expect(document.documentContextAfterInput == "")
    }

    @Test func selectionIsClampedIntoTheText() {
        let document = TextDocument(text: "abc")
        document.select(-3..<99)
        #expect(document.selection == 0..<3)
        #expect(!TextDocument().hasText)
    }

    @Test func markedTextIsReplacedUntilCommitted() {
        let document = TextDocument(text: "ab")
        document.setMarkedText("k", selectedRange: 1..<1)
        document.setMarkedText("ka", selectedRange: 2..<2)
        #expect(document.text == "abka")
        #expect(document.markedRange == 2..<4)
        document.insertText("か")
        #expect(document.text == "abか")
        #expect(document.markedRange == nil)
        document.setMarkedText("xy", selectedRange: 2..<2)
        document.deleteBackward()
        #expect(document.text == "abかx")
        document.unmarkText()
        document.deleteBackward()
        #expect(document.text == "abか")
    }

    @Test func selectedTextIsTheSelection() {
        let document = TextDocument(text: "hello world")
        #expect(document.selectedText == nil)
        document.select(6..<11)
        #expect(document.selectedText == "world")
    }

    @Test func caretMovesByCharactersAndCollapsesTheSelection() {
        let document = TextDocument(text: "a👍🏽b")
        document.adjustTextPosition(byCharacterOffset: -1)
        #expect(document.caret == 2)
        document.adjustTextPosition(byCharacterOffset: -5)
        #expect(document.caret == 0)
        document.select(1..<2)
        document.adjustTextPosition(byCharacterOffset: 1)
        #expect(document.caret == 3)
    }
}

/// What a document that only takes text does with key events.
@MainActor @Suite struct TextDocumentKeyTests {
    @Test func editingKeysActAndShortcutsAreDropped() {
        let document = TextDocument(text: "abc")
        document.sendKey(KeyPress(name: .home))
        #expect(document.selection == 0..<0)
        document.sendKey(KeyPress(name: .end))
        document.sendKey(KeyPress(name: .left))
        document.sendKey(KeyPress(name: .backSpace))
        #expect(document.text == "ac")
        document.sendKey(KeyPress(name: .tab))
        document.sendKey(KeyPress(name: .character("c"), modifiers: [.control]))
        document.sendKey(KeyPress(name: .function(5)))
        #expect(document.text == "a\tc")
    }
}
