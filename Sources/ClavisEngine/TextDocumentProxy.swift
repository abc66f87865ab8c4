/// The keyboard's only way to touch the text it edits, modelled on iOS's `UITextDocumentProxy`.
///
/// The keyboard never sees the widget behind it: a GtkEntry in the demo form, an in-memory
/// `TextDocument` in tests, another application later. Return is `insertText("\n")`, as on
/// iOS; the field decides whether that submits (a single-line entry) or breaks a line.
///
///     proxy.insertText("h")
///     proxy.deleteBackward()            // removes one grapheme cluster: "👍🏽" goes in one press
///     proxy.documentContextBeforeInput  // text before the caret, for auto-capitalisation
@MainActor
public protocol TextDocumentProxy: AnyObject {
    /// Text before the caret (or before the selection), or `nil` when the document cannot tell.
    var documentContextBeforeInput: String? { get }
    /// Text after the caret (or after the selection), or `nil` when the document cannot tell.
    var documentContextAfterInput: String? { get }
    /// Whether the document holds any text at all.
    var hasText: Bool { get }
    /// The Return key's role for the focused field (its label: Next, Done, …).
    var returnKeyType: ReturnKeyType { get }
    /// Replaces the selection, if any, with `text` and leaves the caret after it.
    func insertText(_ text: String)
    /// Deletes the selection, or else the one grapheme cluster before the caret.
    func deleteBackward()
    /// Moves the caret by characters (negative: left), collapsing any selection.
    func adjustTextPosition(byCharacterOffset offset: Int)
}

/// What the Return key does for the focused field, and so what it reads (iOS's UIReturnKeyType).
public enum ReturnKeyType: String, Equatable, Hashable, Sendable, CaseIterable {
    case `default`, go, next, done, send, search, join, route, `continue`

    /// The label drawn on the Return key.
    public var label: String {
        switch self {
        case .default: "return"
        case .go: "Go"
        case .next: "Next"
        case .done: "Done"
        case .send: "Send"
        case .search: "Search"
        case .join: "Join"
        case .route: "Route"
        case .continue: "Continue"
        }
    }
}
