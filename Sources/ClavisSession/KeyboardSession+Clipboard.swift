import ClavisEngine
import ClavisText

extension KeyboardSession {
    /// Connects the clipboard's part to the focused field, the strip and the controller.
    func wireClipboard() {
        clipboard.focusedFieldIsSecure = { [weak self] in self?.proxy?.traits.isSecureTextEntry == true }
        clipboard.onChange = { [weak self] in self?.showClipboard() }
        // Line breaks as spaces in a single-line field (a line break there would be Return:
        // the form's Next).
        clipboard.insert = { [weak self] text in
            guard let self, let proxy = self.proxy else { return }
            self.controller.insert(proxy.traits.isMultiline ? text : String(text.map { $0.isNewline ? " " : $0 }))
        }
    }

    /// The Clipboard key asks for the whole list (a lock screen's keyboard has none to show).
    func listClipboard() {
        guard !dependencies.isLockScreen else { return }
        onRequest?(.clipboardList(clipboard.items))
    }

    /// The editing panel's strip shows the newest items copied; a tap types the item.
    func showClipboard() {
        let items = clipboard.items.prefix(SuggestionBar.slotCount)
        if isShowingEditingPanel, let notice = editingPanelNotice {
            let bar = SuggestionBar(slots: [Suggestion(text: notice, kind: .verbatim)])
            controller.barOverride = (bar, { [weak self] _ in
                self?.editingPanelNotice = nil
                self?.showClipboard()
            })
        } else if isShowingEditingPanel, !items.isEmpty, !dependencies.isLockScreen {
            let bar = SuggestionBar(slots: items.map { Suggestion(text: $0.label, kind: .completion) })
            controller.barOverride = (bar, { [weak self] index in self?.clipboard.type(at: index) })
        } else {
            controller.barOverride = nil
        }
        barChanged()
    }
}
