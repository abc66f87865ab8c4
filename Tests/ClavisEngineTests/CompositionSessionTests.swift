import ClavisEngine
import Testing

@MainActor @Suite struct CompositionSessionTests {
    @Test func typedLettersBecomeMarkedKanaWithTheCaretAtItsEnd() {
        let document = TextDocument(text: "私は")
        let session = CompositionSession()
        session.type("nihong", in: document)
        #expect(document.text == "私はにほんg")
        #expect(document.markedRange == 2..<6)
        #expect(document.selection == 6..<6)
        session.type("o", in: document)
        #expect(document.text == "私はにほんご")
        #expect(document.markedRange == 2..<6)
        #expect(session.reading == "にほんご")
    }

    @Test func backspaceEditsInsideTheComposition() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.type("kak", in: document)
        #expect(session.deleteBackward(in: document))
        #expect(document.text == "か" && document.markedRange == 0..<1)
        #expect(session.deleteBackward(in: document))
        #expect(document.text == "" && document.markedRange == nil)
        #expect(!session.deleteBackward(in: document), "no composition: the key deletes as usual")
    }

    @Test func commitLeavesOrdinaryTextAndTheNAsん() {
        let document = TextDocument(text: "")
        let session = CompositionSession()
        session.type("hon", in: document)
        session.commit(in: document)
        #expect(document.text == "ほん")
        #expect(document.markedRange == nil)
        #expect(document.selection == 2..<2)
        #expect(!session.isComposing)
    }

    @Test func commitCanPutAConversionInItsPlace() {
        let document = TextDocument(text: "「")
        let session = CompositionSession()
        session.type("nihongo", in: document)
        session.commit("日本語", in: document)
        #expect(document.text == "「日本語")
        #expect(document.markedRange == nil)
        document.insertText("」")
        #expect(document.text == "「日本語」")
    }

    @Test func cancelRemovesTheComposition() {
        let document = TextDocument(text: "abc")
        let session = CompositionSession()
        session.type("sushi", in: document)
        session.cancel(in: document)
        #expect(document.text == "abc")
        #expect(document.markedRange == nil && document.selection == 3..<3)
    }
}
