/// The keyboard's only way to touch the text it edits, modelled on iOS's `UITextDocumentProxy`.
///
/// The keyboard never sees the widget behind it: a GtkEntry in the demo form, an in-memory
/// `TextDocument` in tests, another application later. Return is `insertText("\n")`, as on
/// iOS; the field decides whether that submits (a single-line entry) or breaks a line.
///
///     proxy.insertText("h")
///     proxy.deleteBackward()            // removes one grapheme cluster: "👍🏽" goes in one press
///     proxy.documentContextBeforeInput  // text before the caret, for auto-capitalisation
/// What changed in a document outside the keyboard, as its proxy reports it.
///
/// One signal instead of calls every host must remember: the proxy knows when its field's
/// text, traits or focus changed, and the keyboard session listens.
///
///     proxy.onDocumentChange?(.field)   // another field has the focus now
public enum DocumentChange: Equatable, Sendable {
    /// The text or the caret moved (typed on a hardware keyboard, pasted, clicked).
    case text
    /// The field's traits changed (its keyboard type, return key, secure entry).
    case traits
    /// The focus is about to leave the field: a composition there is committed first.
    case fieldWillChange
    /// Another field (or none) has the focus now.
    case field
}

@MainActor
public protocol TextDocumentProxy: AnyObject {
    /// Set by the keyboard session: call it when the document changes outside the keyboard.
    var onDocumentChange: ((DocumentChange) -> Void)? { get set }
    /// Text before the caret (or before the selection), or `nil` when the document cannot tell.
    var documentContextBeforeInput: String? { get }
    /// The text before the caret that suggestions and corrections work from: the document's
    /// own (default), or, for a proxy that cannot read its document, what it typed itself.
    var suggestionContext: String? { get }
    /// Text after the caret (or after the selection), or `nil` when the document cannot tell.
    var documentContextAfterInput: String? { get }
    /// The selected text, or `nil` when nothing is selected.
    var selectedText: String? { get }
    /// Whether the document holds any text at all.
    var hasText: Bool { get }
    /// The focused field's traits: keyboard type, Return key, capitalisation, secure entry.
    var traits: TextInputTraits { get }
    /// Replaces the selection (or the marked text), if any, with `text`, caret after it.
    func insertText(_ text: String)
    /// Deletes the marked text, the selection, or else the grapheme cluster before the caret.
    func deleteBackward()
    /// Moves the caret by characters (negative: left), collapsing any selection.
    func adjustTextPosition(byCharacterOffset offset: Int)
    /// Shows `text` as provisional (marked) text in place of the current marked text or the
    /// selection, with `selectedRange` selected inside it (in characters).
    func setMarkedText(_ text: String, selectedRange: Range<Int>)
    /// Commits the marked text as ordinary text.
    func unmarkText()
    /// Whether the document can show marked text in place (default `true`). A proxy that
    /// can only type (XTest into another application) says `false`: the keyboard then shows
    /// a composition in its own bar and types only what is committed.
    var showsMarkedText: Bool { get }
    /// Whether a text field has the focus (default `true`): a proxy that follows the focus
    /// of other applications (a Wayland field activated, an AT-SPI focus on a text field)
    /// says so, and reports each change as `.field`; auto-show follows it.
    var hasFocusedField: Bool { get }
    /// Sends a key event: a PC layout's Esc, F5, arrows, or a shortcut (Ctrl+C). The
    /// default does what text can do (Return, Tab, BackSpace, ← →, Home, End without
    /// modifiers) and drops the rest; a proxy over real key events (XTest) sends them all.
    func sendKey(_ press: KeyPress)
}

extension TextDocumentProxy {
    public var suggestionContext: String? { documentContextBeforeInput }

    public var showsMarkedText: Bool { true }

    public var hasFocusedField: Bool { true }

    public func sendKey(_ press: KeyPress) {
        guard let edit = KeyRouting.edit(for: press, keysReachApplication: false) else { return }
        KeyRouting.apply(edit, to: self)
    }

    /// The Return key's role for the focused field.
    public var returnKeyType: ReturnKeyType { traits.returnKeyType }
}
