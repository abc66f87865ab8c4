import ClavisEngine
import ClavisLayout

/// Japanese composition as the controller sees it: letters and kana compose, Space converts
/// (変換) or types a full-width space, Return commits (確定), ← → move between segments and
/// with Shift resize them, and there are no automatic capitals.
extension CompositionSession: InputMode {
    public var capitalises: Bool { false }

    public func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping {
        switch text {
        case " ":
            // Japanese IMEs type a full-width space outside a composition.
            if !space(in: proxy) { proxy.insertText("\u{3000}") }
            return .composed
        case "\n":
            return commit(in: proxy) ? .composed : .passed
        case "\t":
            commit(in: proxy)
            return .passed
        default:
            tap(key, text: text, in: proxy)
            return .composed
        }
    }

    /// A slot of the bar: a candidate, a prediction or the composition (kana have no case).
    public func choose(slot index: Int, cased: (String) -> String, in proxy: any TextDocumentProxy) {
        choose(slot: index, in: proxy)
    }

    public func typeFlick(_ text: String, in proxy: any TextDocumentProxy) {
        type(text, in: proxy)
    }

    public func moveCaret(by offset: Int, resizing: Bool, in proxy: any TextDocumentProxy) -> Bool {
        if resizing, converting != nil { return resizeFocus(by: offset, in: proxy) }
        return moveFocus(by: offset, in: proxy)
    }

    public func changeLastForm(in proxy: any TextDocumentProxy) {
        changeLastKanaForm(in: proxy)
    }

    public func keyWillBeSent(in proxy: any TextDocumentProxy) {
        commit(in: proxy)
    }

    public func finish(in proxy: any TextDocumentProxy) -> Bool {
        commit(in: proxy)
    }

    public func swipeBar(by offset: Int, in proxy: any TextDocumentProxy) -> Bool {
        converting != nil && moveFocus(by: offset, in: proxy)
    }

    public func label(for key: KeyDefinition) -> String? {
        switch key.action {
        case .return: isComposing ? "確定" : nil
        case .space: spaceConverts ? "変換" : "空白"
        case .changeForm: "小ﾞﾟ"
        default: nil
        }
    }

    public func accessibleName(for key: KeyDefinition) -> String? {
        switch key.action {
        case .return: isComposing ? "Return, Commit" : nil
        case .space: spaceConverts ? "Space, Convert" : nil
        case .changeForm: "Small or voiced kana"
        default: nil
        }
    }
}
