import ClavisLayout

/// What the engine does for a gesture on a key: the table every key press goes through.
///
///     KeyEffect.table(for: .release, .insert("q"))   // .type("q")
///     KeyEffect.table(for: .repeatPress, .backspace) // .deleteBackward
enum KeyEffect: Equatable {
    case type(String)
    case deleteBackward
    case moveCaret(Int)
    case toggleShift
    case lockShift
    case showLayer(String)
    case nextKeyboard
    case previousKeyboard
    case keyboardList
    case dismiss
    case changeForm
    case toggleCapsLock
    case tapModifier(KeyModifier)
    case sendKey(KeyName)
    case edit(EditCommand)
    case hands(HandMode)

    /// The effect of `gesture` on a key with `action`, or `nil` for none. One table, as
    /// KeyboardKit's standard action handler has it: backspace acts on press and repeats;
    /// layer keys act on press; everything else acts on release; shift locks on a double
    /// tap; the globe key lists the keyboards on a long press; cancel does nothing.
    static func table(for gesture: Gesture, _ action: KeyAction) -> KeyEffect? {
        switch (gesture, action) {
        case (.press, .backspace), (.repeatPress, .backspace): .deleteBackward
        case (.release, .insert(let text)): .type(text)
        case (.release, .space): .type(" ")
        case (.release, .tab): .type("\t")
        case (.release, .return): .type("\n")
        case (.release, .shift): .toggleShift
        case (.doubleTap, .shift): .lockShift
        // A layer key shows its layer as it goes down, so a second finger (or the same one,
        // sliding) can type on it while it is held.
        case (.press, .switchLayer(let layer)): .showLayer(layer)
        case (.release, .nextKeyboard): .nextKeyboard
        case (.longPress, .nextKeyboard): .keyboardList
        case (.release, .previousKeyboard): .previousKeyboard
        case (.release, .cursorLeft): .moveCaret(-1)
        case (.release, .cursorRight): .moveCaret(1)
        case (.release, .dismiss): .dismiss
        case (.release, .changeForm): .changeForm
        case (.release, .capsLock): .toggleCapsLock
        case (.release, .modifier(let modifier)): .tapModifier(modifier)
        case (.release, .key(let name)): .sendKey(name)
        case (.release, .edit(let command)): .edit(command)
        case (.release, .hands(let mode)): .hands(mode)
        // A double tap on any other key is two taps.
        case (.doubleTap, _): table(for: .release, action)
        default: nil
        }
    }
}
