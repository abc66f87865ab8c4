import ClavisLayout

extension EditCommand {
    /// The shortcut the command is sent as, the one GTK, Qt, browsers and terminals' text
    /// fields share (Redo is Ctrl+Shift+Z, GTK's; Ctrl+Y is not universal). `selecting` (the
    /// panel's Select on) adds Shift to the caret moves, which then extend the selection. The clipboard's list and the
    /// panel itself are the keyboard's own: no shortcut (`nil`).
    ///
    ///     EditCommand.copy.keyPress(selecting: false)        // Ctrl+c
    ///     EditCommand.wordLeft.keyPress(selecting: true)     // Ctrl+Shift+Left
    public func keyPress(selecting: Bool) -> KeyPress? {
        switch self {
        case .selectAll: KeyPress(name: .character("a"), modifiers: [.control])
        case .cut: KeyPress(name: .character("x"), modifiers: [.control])
        case .copy: KeyPress(name: .character("c"), modifiers: [.control])
        case .paste: KeyPress(name: .character("v"), modifiers: [.control])
        case .undo: KeyPress(name: .character("z"), modifiers: [.control])
        case .redo: KeyPress(name: .character("z"), modifiers: [.control], shift: true)
        case .wordLeft: KeyPress(name: .left, modifiers: [.control], shift: selecting)
        case .wordRight: KeyPress(name: .right, modifiers: [.control], shift: selecting)
        case .deleteForward: KeyPress(name: .delete)
        case .clipboard, .panel: nil
        }
    }
}
