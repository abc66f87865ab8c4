/// What a key of the editing panel does (`action: {edit: copy}` in a layout file): the
/// edits a hardware keyboard makes with shortcuts, which a touchscreen has no other way to
/// make. Each is a key event every host can send (Ctrl+C, Ctrl+←, Delete), so it works in
/// any application; Undo first undoes the keyboard's own last edit (an auto-correction, a
/// swiped word, a chosen suggestion), then the application's.
///
///     EditCommand(rawValue: "select-all")   // .selectAll
public enum EditCommand: String, CaseIterable, Equatable, Hashable, Sendable {
    case selectAll = "select-all"
    case cut, copy, paste, undo, redo
    /// The caret to the start of the word before it, or the end of the word after it.
    case wordLeft = "word-left"
    case wordRight = "word-right"
    /// Deletes the character after the caret, or the selection.
    case deleteForward = "delete-forward"
    /// Lists everything copied, to type an item, pin it or clear the list: shown by the
    /// keyboard, nothing is sent.
    case clipboard
    /// Shows the editing panel itself: a key for it on any layout (the globe key's list has
    /// it too). Nothing is sent.
    case panel

    /// The key's label when the layout gives none.
    public var label: String {
        switch self {
        case .selectAll: "Select all"
        case .cut: "Cut"
        case .copy: "Copy"
        case .paste: "Paste"
        case .undo: "Undo"
        case .redo: "Redo"
        case .wordLeft: "⇤ Word"
        case .wordRight: "Word ⇥"
        case .deleteForward: "Delete ⌦"
        case .clipboard: "Clipboard ▾"
        case .panel: "✎"
        }
    }

    /// What a screen reader says for the key: its label without the arrows.
    public var spokenName: String {
        switch self {
        case .wordLeft: "Word left"
        case .wordRight: "Word right"
        case .deleteForward: "Delete forward"
        case .clipboard: "Clipboard list"
        case .panel: "Editing panel"
        default: label
        }
    }

    /// Whether the command moves the caret, so the panel's Select (Shift locked) makes it
    /// extend the selection instead.
    public var moves: Bool { self == .wordLeft || self == .wordRight }
}
