import ClavisLayout

extension KeyboardController {
    /// Whether the editing panel's Select is on: Shift locked, so the caret moves (arrows,
    /// Home, End, a word left or right) extend the selection. Its key is the panel's Caps
    /// Lock, drawn on while it is.
    public var isSelecting: Bool { shift == .locked }

    /// Performs an editing panel command: Undo first asks the mode to undo its own last
    /// edit, then takes back what the keyboard inserted at once (`insert(_:)`, a clipboard
    /// item) if it is still just before the caret; the clipboard's list and the panel are
    /// shown (`onClipboardList`, `onEditingPanel`); everything else (and Undo when there is
    /// none) goes as its shortcut. Copying or cutting ends the selecting, as it ends a
    /// selection by touch on phones.
    ///
    ///     controller.perform(.copy)   // Ctrl+C to the focused application
    public func perform(_ command: EditCommand) {
        if command == .undo, let proxy, mode?.undo(in: proxy) == true || takeBackInsertedText(in: proxy) {
            textDidChange()
            onAppearanceChange?()
            return
        }
        let selecting = isSelecting
        guard let press = command.keyPress(selecting: selecting) else {
            if command == .panel { onEditingPanel?() } else { onClipboardList?() }
            return
        }
        if command == .copy || command == .cut, selecting { shift = .off }
        send(press)
    }
}

extension KeyboardController {
    /// Inserts a whole text at once as the keyboard's own edit (a clipboard item): the mode
    /// hears of it as an outside change, and Undo takes it back until the next key.
    ///
    ///     controller.insert("ada@example.org")
    public func insert(_ text: String) {
        guard let proxy, !text.isEmpty else { return }
        proxy.insertText(text)
        insertedText = text
        textDidChange()
        onAppearanceChange?()
    }

    /// Deletes the inserted text if the field still ends with it before the caret.
    private func takeBackInsertedText(in proxy: any TextDocumentProxy) -> Bool {
        guard let text = insertedText, proxy.documentContextBeforeInput?.hasSuffix(text) == true else { return false }
        insertedText = nil
        for _ in 0..<text.count { proxy.deleteBackward() }
        return true
    }
}
