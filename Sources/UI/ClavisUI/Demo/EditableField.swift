import GtkKit

/// One editable text widget of the demo form as `FieldProxy` edits it: a single-line
/// GtkEntry (`EntryField`) or a multi-line GtkTextView (`TextViewField`).
///
/// The proxy's rules — the keyboard's own edits are not reported back, a backspace removes a
/// whole grapheme cluster, marked text is underlined — are the same for both; only the GTK
/// calls differ, so they are all this protocol asks for. Positions are offsets in Unicode
/// scalars, as GTK counts characters in both widgets.
///
///     let field: any EditableField = TextViewField(view)
///     field.select(0..<5)
///     field.insertAtCaret("Hello")   // replaces the selection
@MainActor
public protocol EditableField: AnyObject {
    /// The widget that takes the keyboard focus (and the key events the proxy delivers).
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// What the form shows for the field: the entry itself, or the text view's scrolled frame
    /// (what is scrolled into view and kept clear of a floating keyboard).
    var frame: UnsafeMutablePointer<GtkWidget> { get }
    /// Whether Return is a line break here rather than the form's Next or Done.
    var isMultiline: Bool { get }
    /// The whole text.
    var text: String { get }
    /// The selection (start == end for a plain caret).
    var selection: (start: Int, end: Int) { get }
    /// Removes the text in `range`.
    func delete(_ range: Range<Int>)
    /// Types `text` at the caret, over the selection if there is one, and leaves the caret
    /// after it.
    func insertAtCaret(_ text: String)
    /// Selects `range` (the caret at its end).
    func select(_ range: Range<Int>)
    /// Puts the caret at `offset` without a selection.
    func moveCaret(to offset: Int)
    /// Underlines `marked` (the marked text) and doubly `selected` (its part being converted);
    /// `nil` removes the underline.
    func underline(_ marked: Range<Int>?, selected: Range<Int>?)
    /// Calls `report` after every change of text, caret or selection, whoever made it.
    func watch(_ report: @escaping @MainActor () -> Void)
}

extension EditableField {
    /// The text from `start` for `count` scalars.
    func text(from start: Int, count: Int) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(start).prefix(max(0, count))))
    }
}
