import ClavisLayout

/// A way of turning key presses into edits: what typing a key does to the document, what
/// the bar above the keys shows, and what Space, Return, Backspace and the arrows mean while
/// it is active. The controller keeps what every way of typing shares (Shift, layers,
/// modifiers, key events) and asks the mode shown for the rest; a keyboard with no mode
/// types each key's text as it is.
///
/// Word typing (suggestions, corrections, double-space period, swiped words) and Japanese
/// composition (romaji and kana, conversion, candidates) are the two modes there are; each
/// lives in a target of its own (`ClavisWordMode`, `ClavisKanaMode`) and the session chooses
/// one from the keyboard shown. A new way of typing (handwriting, a second language at once)
/// implements this protocol, and `InputModePlugin` in the session for its life cycle.
///
///     final class Shouting: InputMode {
///         var bar: SuggestionBar { .empty }
///         func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping {
///             proxy.insertText(typed.uppercased())
///             return .inserted
///         }
///     }
///     controller.mode = Shouting()   // every key types a capital
@MainActor
public protocol InputMode: AnyObject {
    /// What the bar shows while this mode types.
    var bar: SuggestionBar { get }
    /// Whether Shift latches by itself at a sentence start (kana have no capitals).
    var capitalises: Bool { get }
    /// A key typed `text` (`typed` is it with Shift applied): the mode types it, takes it
    /// into a composition, or leaves it to the controller.
    func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping
    /// Types what a flick on a kana key types.
    func typeFlick(_ text: String, in proxy: any TextDocumentProxy)
    /// Backspace: whether the mode handled it (an undone correction, a composition edited).
    func deleteBackward(in proxy: any TextDocumentProxy) -> Bool
    /// The editing panel's Undo: whether the mode undid its own last edit (an
    /// auto-correction, a swiped word, a chosen suggestion); otherwise the application's
    /// undo is sent.
    func undo(in proxy: any TextDocumentProxy) -> Bool
    /// ← →: whether the mode handled them (`resizing` while Shift is latched).
    func moveCaret(by offset: Int, resizing: Bool, in proxy: any TextDocumentProxy) -> Bool
    /// The 小ﾞﾟ key: changes the last character's form.
    func changeLastForm(in proxy: any TextDocumentProxy)
    /// A key event is about to be sent (a shortcut, an arrow, Tab as a key): what is
    /// pending is settled first.
    func keyWillBeSent(in proxy: any TextDocumentProxy)
    /// Makes any marked text ordinary text (the field is losing focus, the keyboard
    /// changing); whether there was any.
    func finish(in proxy: any TextDocumentProxy) -> Bool
    /// A tap on a slot of the bar; `cased` applies the capitals the keys show now to a word
    /// typed whole (a predicted word in a field that capitalises it).
    func choose(slot index: Int, cased: (String) -> String, in proxy: any TextDocumentProxy)
    /// A candidate chosen from the full list (the bar's ▾).
    func choose(candidate index: Int, in proxy: any TextDocumentProxy)
    /// A swipe along the bar: whether the mode used it (moving between segments); otherwise
    /// it is a tap on the slot where it began.
    func swipeBar(by offset: Int, in proxy: any TextDocumentProxy) -> Bool
    /// The text or the field changed: recompute the bar.
    func textDidChange(_ proxy: (any TextDocumentProxy)?)
    /// The label a key shows in this mode instead of its own (`nil`: its own).
    func label(for key: KeyDefinition) -> String?
    /// What a screen reader says for a key in this mode instead of its own name (`nil`: its
    /// own): "Space, Convert".
    func accessibleName(for key: KeyDefinition) -> String?
    /// Types a word a stroke across the keys drew (the first of `candidates`, the others
    /// offered in the bar), with `cased` applying the capitals the field and Shift ask for.
    func typeStroke(_ candidates: [String], cased: (String) -> String, in proxy: any TextDocumentProxy)
}

/// What an input mode did with a typed key.
public enum InputModeTyping: Equatable, Sendable {
    /// Not the mode's: the controller types the text as it is.
    case passed
    /// Typed into the document as text (a latched Shift is used up; Space and Return take
    /// the keyboard back to its first layer).
    case inserted
    /// Taken into marked text (a composition): a latched Shift is used up, the layer stays.
    case composed
}

public extension InputMode {
    var capitalises: Bool { true }
    func typeFlick(_ text: String, in proxy: any TextDocumentProxy) { proxy.insertText(text) }
    func deleteBackward(in proxy: any TextDocumentProxy) -> Bool { false }
    func undo(in proxy: any TextDocumentProxy) -> Bool { false }
    func moveCaret(by offset: Int, resizing: Bool, in proxy: any TextDocumentProxy) -> Bool { false }
    func changeLastForm(in proxy: any TextDocumentProxy) {}
    func keyWillBeSent(in proxy: any TextDocumentProxy) {}
    func finish(in proxy: any TextDocumentProxy) -> Bool { false }
    func choose(slot index: Int, cased: (String) -> String, in proxy: any TextDocumentProxy) {}
    func choose(candidate index: Int, in proxy: any TextDocumentProxy) {}
    func swipeBar(by offset: Int, in proxy: any TextDocumentProxy) -> Bool { false }
    func textDidChange(_ proxy: (any TextDocumentProxy)?) {}
    func label(for key: KeyDefinition) -> String? { nil }
    func accessibleName(for key: KeyDefinition) -> String? { nil }
    func typeStroke(_ candidates: [String], cased: (String) -> String, in proxy: any TextDocumentProxy) {}
}
