import ClavisEngine
import ClavisLayout

/// Word typing as the controller sees it: every typed character passes the corrections
/// (`willInsert`), Backspace first undoes a correction or a swiped word, a key event ends
/// what could be undone.
extension SuggestionSession: InputMode {
    public func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping {
        proxy.insertText(willInsert(typed, into: proxy))
        return .inserted
    }

    public func moveCaret(by offset: Int, resizing: Bool, in proxy: any TextDocumentProxy) -> Bool {
        otherKeyPressed()
        return false
    }

    public func keyWillBeSent(in proxy: any TextDocumentProxy) {
        otherKeyPressed()
    }

    public func textDidChange(_ proxy: (any TextDocumentProxy)?) {
        updateSoon(proxy)
    }

    public func typeStroke(_ candidates: [String], cased: (String) -> String, in proxy: any TextDocumentProxy) {
        typeSwiped(candidates, cased: cased, in: proxy)
    }
}

extension SuggestionSession {
    /// The editing panel's Undo: the keyboard's own last edit, if it is still the last thing
    /// typed — a swiped word (removed with its space), an auto-correction (the word as typed
    /// comes back, kept), a word chosen from the bar (the letters typed before come back).
    public func undo(in proxy: any TextDocumentProxy) -> Bool {
        spaceAfterChoice = false
        if deleteSwiped(in: proxy) { return true }
        if undoCorrection(in: proxy) { return true }
        guard let choice = lastChoice else { return false }
        lastChoice = nil
        return revert(choice, in: proxy)
    }
}
