import ClavisEngine
import ClavisPrediction

extension KeyboardSession {
    /// Connects the clipboard's part to the focused field, the panel's strip and the controller.
    func wireClipboard() {
        clipboard.focusedFieldIsSecure = { [weak self] in self?.proxy?.traits.isSecureTextEntry == true }
        clipboard.onChange = { [weak self] in self?.panel.refreshStrip() }
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
}
