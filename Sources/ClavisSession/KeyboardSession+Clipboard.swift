import ClavisEngine
import ClavisText

extension KeyboardSession {
    /// Something was copied (the host watches the clipboard: X11's CLIPBOARD selection): kept
    /// for the editing panel's strip, newest first — unless the history is off or the field
    /// focused now is secure (a password copied from it stays out).
    ///
    ///     session.textCopied("ada@example.org")   // first in the panel's strip
    public func textCopied(_ text: String) {
        guard acceptsCopies else { return }
        guard clipboard.add(text) else { return }
        clipboardChanged()
    }

    /// Whether a copy made now would be kept: the history is on and the focused field is not
    /// a password's. A host that must fetch the text first (Wayland) asks before it does.
    public var acceptsCopies: Bool {
        clipboardHistoryEnabled && !dependencies.isLockScreen && proxy?.traits.isSecureTextEntry != true
    }

    /// The clipboard's file: none on a lock screen, whatever the composition handed in.
    var clipboardStore: ClipboardStore? { dependencies.isLockScreen ? nil : dependencies.clipboardStore }

    /// What was copied and is kept, newest first (the Clipboard key's list).
    public var clipboardItems: [ClipboardHistory.Item] { clipboard.items }

    /// Forgets what was copied (pinned items too when `keepingPinned` is false): the list's
    /// Clear.
    public func clearClipboard(keepingPinned: Bool = true) {
        guard !dependencies.isLockScreen else { return }
        clipboard.clear(keepingPinned: keepingPinned)
        clipboardChanged()
    }

    /// Pins an item, so that neither Clear nor the limit removes it, or unpins it.
    public func toggleClipboardPin(at index: Int) {
        guard !dependencies.isLockScreen, clipboard.items.indices.contains(index) else { return }
        clipboard.togglePin(at: index)
        clipboardChanged()
    }

    /// The list changed: the strip shows it, and the file keeps it where the user asked.
    private func clipboardChanged() {
        showClipboard()
        guard keepsClipboard, clipboardFileWritable, let store = clipboardStore else { return }
        do {
            try store.save(clipboard)
        } catch {
            report("\(error); the clipboard's list is kept in memory only")
            clipboardFileWritable = false
        }
    }

    /// `keepClipboard` was turned on: the file's list is read, under what is in memory, and
    /// written back.
    func readKeptClipboard() {
        guard let store = clipboardStore else { return }
        let loaded = store.load()
        if let problem = loaded.problem { report(problem) }
        clipboardFileWritable = loaded.writable
        let current = clipboard.items
        clipboard = ClipboardHistory(restoring: current + loaded.history.items.filter { item in !current.contains { $0.text == item.text } })
        clipboardChanged()
    }

    /// The Clipboard key asks for the whole list (a lock screen's keyboard has none to show).
    func listClipboard() {
        guard !dependencies.isLockScreen else { return }
        onRequest?(.clipboardList(clipboard.items))
    }

    /// The editing panel's strip shows the newest items copied; a tap types the item through
    /// the proxy, as text (so it works where pasting does not), its line breaks as spaces in a
    /// single-line field (a line break there would be Return: the form's Next).
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
            controller.barOverride = (bar, { [weak self] index in self?.typeClipboardItem(at: index) })
        } else {
            controller.barOverride = nil
        }
        barChanged()
    }

    /// Types an item through the proxy, as text; the panel's Undo takes it back.
    public func typeClipboardItem(at index: Int) {
        guard let proxy, !dependencies.isLockScreen, clipboard.items.indices.contains(index) else { return }
        let text = clipboard.items[index].text
        controller.insert(proxy.traits.isMultiline ? text : String(text.map { $0.isNewline ? " " : $0 }))
    }
}
