/// What pressing a key does, independent of how it looks or where it sits.
///
/// The layout only declares intent; the keyboard engine decides what each action means for
/// the focused document (a latched shift changes `.insert("q")` into "Q", `.return` submits).
///
///     KeyAction(name: "backspace")  // .backspace
///     KeyAction(name: "q")          // .insert("q")
public enum KeyAction: Equatable, Hashable, Sendable {
    /// Types the text (shifted when shift is on).
    case insert(String)
    /// Deletes the grapheme cluster before the caret, or the selection.
    case backspace
    /// Sends Return; in a form it submits the field (Next / Done).
    case `return`
    /// Capitalises the next character.
    case shift
    /// Types a space.
    case space
    /// Types a tab.
    case tab

    /// The action a named special key stands for, or `nil` when the name is not special.
    public init?(specialName name: String) {
        switch name {
        case "backspace": self = .backspace
        case "return": self = .return
        case "shift": self = .shift
        case "space": self = .space
        case "tab": self = .tab
        default: return nil
        }
    }
}
