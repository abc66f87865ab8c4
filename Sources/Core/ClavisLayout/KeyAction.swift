/// What pressing a key does, independent of how it looks or where it sits.
///
/// The layout only declares intent; the keyboard engine decides what each action means for
/// the focused document (a latched shift turns `.insert("q")` into "Q", `.return` submits).
///
///     KeyAction(name: "backspace")   // .backspace
///     KeyAction.switchLayer("numbers")
public enum KeyAction: Equatable, Hashable, Sendable {
    /// Types the text (shifted when shift is on).
    case insert(String)
    /// Deletes the grapheme cluster before the caret, or the selection.
    case backspace
    /// Sends Return; in a form it submits the field (Next / Done).
    case `return`
    /// Capitalises the next character; twice quickly locks capitals.
    case shift
    /// Types a space.
    case space
    /// Types a tab.
    case tab
    /// Shows another layer of the same layout (numbers, symbols, …).
    case switchLayer(String)
    /// Switches to the next enabled keyboard (iOS's globe key).
    case nextKeyboard
    /// Goes back to the keyboard shown before this one (the emoji keyboard's ABC).
    case previousKeyboard
    /// Moves the caret one character left.
    case cursorLeft
    /// Moves the caret one character right.
    case cursorRight
    /// Hides the keyboard.
    case dismiss
    /// Turns the last letter composed into its other forms in turn, as the input mode shown
    /// has them (Japanese's 小ﾞﾟ: small, voiced ゛, semi-voiced ゜); nothing where it has none.
    case changeForm
    /// Caps Lock: capitals until pressed again (shift locked).
    case capsLock
    /// A modifier (Ctrl, Alt, Super, AltGr): one tap latches it for the next key, a second
    /// locks it, a third lets go; held, it acts while held.
    case modifier(KeyModifier)
    /// A key sent as a key event, by its X keysym name (`Escape`, `F5`, `Page_Up`), with the
    /// modifiers in force: what shortcuts and applications' own keys need.
    case key(KeyName)
    /// An editing panel's command (copy, paste, undo, a word left), sent as its shortcut.
    case edit(EditCommand)
    /// Sets how the keys sit for the hands: one-handed at an edge, split, or both
    /// (`HandMode`); the one-handed block's side strip has these keys.
    case hands(HandMode)

    /// The action a layout file names with a plain word, or `nil` for an unknown word.
    public init?(name: String) {
        switch name {
        case "backspace": self = .backspace
        case "return": self = .return
        case "shift": self = .shift
        case "space": self = .space
        case "tab": self = .tab
        case "next-keyboard": self = .nextKeyboard
        case "previous-keyboard": self = .previousKeyboard
        case "cursor-left": self = .cursorLeft
        case "cursor-right": self = .cursorRight
        case "dismiss": self = .dismiss
        // "kana-form" is what layouts said before the action was every mode's.
        case "change-form", "kana-form": self = .changeForm
        case "caps-lock": self = .capsLock
        default: return nil
        }
    }

    /// The words `init(name:)` accepts, for error messages and the schema.
    public static let names = ["backspace", "return", "shift", "space", "tab", "next-keyboard", "previous-keyboard",
                               "cursor-left", "cursor-right", "dismiss", "change-form", "caps-lock"]

    /// The click a key with this action makes by default.
    public var defaultSound: SoundClass {
        switch self {
        case .insert, .space, .tab, .changeForm, .key: .character
        case .backspace: .delete
        default: .modifier
        }
    }

    /// The globe key's label: drawn as a line globe (not the colour emoji), read "Next keyboard".
    public static let globeSymbol = "🌐"

    /// The label a key with this action shows when the layout gives none.
    public var defaultLabel: String {
        switch self {
        case .insert(let text): text
        case .backspace: "⌫"
        case .return: "return"
        case .shift: "⇧"
        case .space: "space"
        case .tab: "tab"
        case .switchLayer(let layer): layer
        case .nextKeyboard: KeyAction.globeSymbol
        case .previousKeyboard: "ABC"
        case .cursorLeft: "←"
        case .cursorRight: "→"
        case .dismiss: "⌨"
        case .changeForm: "⇄"
        case .capsLock: "Caps"
        case .modifier(let modifier): modifier.label
        case .key(let name): name.label
        case .edit(let command): command.label
        case .hands(let mode): mode.keyLabel
        }
    }
}

/// Which of the three iOS keyboard clicks a key makes.
public enum SoundClass: String, Equatable, Hashable, Sendable, CaseIterable {
    case character, delete, modifier
}

extension KeyAction {
    /// Whether a held key shows a preview bubble (keys that type text, as on iOS).
    public var showsPreview: Bool {
        if case .insert = self { return true }
        return false
    }

    /// Whether the key types a visible character (drawn light, like iOS's letter keys).
    public var isCharacter: Bool {
        switch self {
        case .insert, .space: true
        default: false
        }
    }
}
