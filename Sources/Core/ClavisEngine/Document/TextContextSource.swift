/// Where a proxy that types from outside an application learns the text around the caret:
/// the accessibility tree (AT-SPI) of the focused application, when it exposes one.
///
/// A keyboard typing with key events cannot read the field it types into; without a source
/// the proxy reports no context, and the keyboard does not guess capitals.
@MainActor
public protocol TextContextSource: AnyObject {
    /// The focused field's text before the caret, or `nil` when no readable field has focus.
    var textBeforeCaret: String? { get }
    /// The focused field's text after the caret, or `nil` when unknown.
    var textAfterCaret: String? { get }
    /// Whether the focused field is a password field.
    var isSecure: Bool { get }
    /// Called when focus moves to another field, or the focused field's text or caret changes.
    var onChange: (() -> Void)? { get set }
    /// Called when the focus moves, with whether a text field has it now.
    var onFieldFocus: ((Bool) -> Void)? { get set }
}
