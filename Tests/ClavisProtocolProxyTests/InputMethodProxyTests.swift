import ClavisEngine
import ClavisKanaMode
import ClavisProtocolProxy
import TestSupport
import Testing

@MainActor @Suite struct InputMethodProxyTests {
    let connection = RecordingInputMethod()
    let scheduler = ManualScheduler()
    let proxy: InputMethodProxy

    init() {
        proxy = InputMethodProxy(connection: connection, scheduler: scheduler)
        proxy.update {
            $0.activate()
            $0.surroundingText("Grüß ", cursor: 7, anchor: 7)
            $0.contentType(hint: 0x4 | 0x2, purpose: 0)
            $0.done()
        }
    }

    @Test func textIsCommittedWithTheCurrentSerialAndTheContextFollows() {
        #expect(proxy.documentContextBeforeInput == "Grüß ")
        proxy.insertText("dich")
        #expect(connection.requests == [.commitString("dich"), .commit(1)])
        #expect(proxy.documentContextBeforeInput == "Grüß dich")
        proxy.update { $0.surroundingText("Grüß dich", cursor: 10, anchor: 10); $0.done() }
        proxy.insertText("!")
        #expect(connection.requests.last == .commit(2), "the serial of the latest done")
    }

    @Test func backspaceDeletesTheLastCharactersBytes() {
        proxy.insertText("ß")
        connection.clear()
        proxy.deleteBackward()
        #expect(connection.requests == [.deleteSurrounding(2, 0), .commit(1)], "ß is two bytes")
        #expect(proxy.documentContextBeforeInput == "Grüß ")
    }

    @Test func markedTextIsPreeditWithByteOffsetsAndCommitsAsAString() {
        proxy.setMarkedText("にほんご", selectedRange: 0..<3)
        #expect(connection.requests == [.setPreedit("にほんご", 0, 9), .commit(1)])
        connection.clear()
        proxy.unmarkText()
        #expect(connection.requests == [.commitString("にほんご"), .commit(1)])
        #expect(proxy.documentContextBeforeInput == "Grüß にほんご")
    }

    @Test func aCompositionRunsThroughTheProxyAsPreedit() {
        let session = CompositionSession()
        session.type("sushi", in: proxy)
        #expect(connection.requests.last == .commit(1))
        #expect(connection.requests.contains(.setPreedit("すし", 6, 6)))
        session.commit(in: proxy)
        #expect(connection.requests.suffix(2) == [.commitString("すし"), .commit(1)])
    }

    @Test func returnAndUnknownContextBackspaceAreKeys() {
        proxy.insertText("\n")
        #expect(connection.requests == [.key(KeyPress(name: .returnKey))])
        proxy.update { $0.activate(); $0.done() }
        connection.clear()
        proxy.deleteBackward()
        #expect(connection.requests == [.key(KeyPress(name: .backSpace))], "nothing known before the caret")
    }

    @Test func withoutAnActiveFieldTextGoesOutAsKeyPresses() {
        proxy.update { $0.deactivate(); $0.done() }
        connection.clear()
        proxy.insertText("é\n")
        proxy.deleteBackward()
        #expect(connection.requests == [.key(KeyPress(name: .character("é"))), .key(KeyPress(name: .returnKey)), .key(KeyPress(name: .backSpace))])
        #expect(proxy.documentContextBeforeInput == nil)
        #expect(!proxy.showsMarkedText, "a composition stays in the bar")
    }

    @Test func textAfterAKeyWaitsForTheKeysEffect() {
        // ← then "a": the application handles the key after text that arrives with it, so
        // the "a" waits until the field reports the caret moved.
        proxy.adjustTextPosition(byCharacterOffset: -1)
        proxy.insertText("a")
        proxy.deleteBackward()
        #expect(connection.requests == [.key(KeyPress(name: .left))])
        // A late report of the text as it was is not the key's effect.
        proxy.update { $0.surroundingText("Grüß ", cursor: 7, anchor: 7); $0.done() }
        proxy.adjustTextPosition(byCharacterOffset: 1)
        #expect(connection.requests == [.key(KeyPress(name: .left))], "a key behind held-back text waits too")
        proxy.update { $0.surroundingText("Grüß ", cursor: 6, anchor: 6); $0.done() }
        #expect(connection.requests.dropFirst() == [.commitString("a"), .commit(3), .deleteSurrounding(1, 0), .commit(3),
                                                    .key(KeyPress(name: .right))])
    }

    @Test func aKeyThatChangesNothingReleasesTheTextAfterAMoment() {
        proxy.sendKey(KeyPress(name: .escape))
        proxy.insertText("x")
        #expect(connection.requests == [.key(KeyPress(name: .escape))])
        scheduler.advance(by: proxy.keySettleTime)
        #expect(connection.requests == [.key(KeyPress(name: .escape)), .commitString("x"), .commit(1)])
    }

    @Test func theFieldsContentTypeIsTheProxysTraits() {
        proxy.update { $0.contentType(hint: 0x80, purpose: 8); $0.done() }
        #expect(proxy.traits.isSecureTextEntry && !proxy.traits.learnsWords)
    }

    @Test func textTheFieldGainedThatClavisDidNotTypeIsAnOutsideEdit() {
        var outside = 0
        proxy.onOutsideEdit = { outside += 1 }
        proxy.insertText("dich")
        proxy.update { $0.surroundingText("Grüß dich", cursor: 11, anchor: 11); $0.done() }
        #expect(outside == 0, "the field reporting what Clavis typed")
        proxy.update { $0.surroundingText("Grüß dich", cursor: 3, anchor: 3); $0.done() }
        #expect(outside == 0, "the caret moved: no text changed")
        proxy.update { $0.surroundingText("Grüß dichx", cursor: 12, anchor: 12); $0.done() }
        #expect(outside == 1, "a letter Clavis never typed")
        proxy.update { $0.deactivate(); $0.done() }
        proxy.update { $0.activate(); $0.surroundingText("other", cursor: 5, anchor: 5); $0.done() }
        #expect(outside == 1, "another field's text is not an edit")
    }
}
