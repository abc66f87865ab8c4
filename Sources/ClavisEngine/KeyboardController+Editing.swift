import ClavisLayout

extension KeyboardController {
    /// Whether the editing panel's Select is on: Shift locked, so the caret moves (arrows,
    /// Home, End, a word left or right) extend the selection. Its key is the panel's Caps
    /// Lock, drawn on while it is.
    public var isSelecting: Bool { shift == .locked }

    /// Performs an editing panel command: Undo first asks the mode to undo its own last
    /// edit; the clipboard's list and the panel are shown (`onClipboardList`, `onEditingPanel`);
    /// everything else (and Undo when
    /// there is none) goes as its shortcut. Copying or cutting ends the selecting, as it ends
    /// a selection by touch on phones.
    ///
    ///     controller.perform(.copy)   // Ctrl+C to the focused application
    public func perform(_ command: EditCommand) {
        if command == .undo, let proxy, mode?.undo(in: proxy) == true {
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
