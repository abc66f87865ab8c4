import GtkKit

/// A multi-line field of the form: a GtkTextView in a scrolled frame, edited through its
/// GtkTextBuffer. Return is a line break here, and ↑ ↓ move between lines (the view's own
/// key bindings, reached by the key events the proxy delivers).
///
/// Marked text is drawn by two text tags, "marked" (underlined) and "marked-selected"
/// (doubly), made once in the buffer's tag table.
@MainActor
public final class TextViewField: EditableField {
    public let view: UnsafeMutablePointer<GtkTextView>
    public let frame: UnsafeMutablePointer<GtkWidget>
    public var widget: UnsafeMutablePointer<GtkWidget> { gtkCast(view) }
    public var isMultiline: Bool { true }
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let markedTag: UnsafeMutablePointer<GtkTextTag>
    private let selectedTag: UnsafeMutablePointer<GtkTextTag>

    /// A field over `view`, shown inside `frame` (its scrolled window).
    public init(_ view: UnsafeMutablePointer<GtkTextView>, frame: UnsafeMutablePointer<GtkWidget>) {
        self.view = view
        self.frame = frame
        buffer = gtk_text_view_get_buffer(view)
        markedTag = Self.underlineTag("marked", PANGO_UNDERLINE_SINGLE, in: buffer)
        selectedTag = Self.underlineTag("marked-selected", PANGO_UNDERLINE_DOUBLE, in: buffer)
    }

    /// A tag drawing `style` of underline, added to the buffer's table (gtk_text_buffer_create_tag
    /// is variadic, which Swift cannot call).
    private static func underlineTag(_ name: String, _ style: PangoUnderline,
                                     in buffer: UnsafeMutablePointer<GtkTextBuffer>) -> UnsafeMutablePointer<GtkTextTag> {
        let tag = gtk_text_tag_new(name)!
        var value = GValue()
        g_value_init(&value, pango_underline_get_type())
        g_value_set_enum(&value, Int32(style.rawValue))
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(tag)), "underline", &value)
        g_value_unset(&value)
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(tag)  // the table holds it
        return tag
    }

    private func iter(at offset: Int) -> GtkTextIter {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
        return iter
    }

    public var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let chars = gtk_text_buffer_get_text(buffer, &start, &end, 1)
        defer { g_free(chars) }
        return gtkString(chars)
    }

    public var selection: (start: Int, end: Int) {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_selection_bounds(buffer, &start, &end)
        let (a, b) = (Int(gtk_text_iter_get_offset(&start)), Int(gtk_text_iter_get_offset(&end)))
        return (min(a, b), max(a, b))
    }

    public func delete(_ range: Range<Int>) {
        var start = iter(at: range.lowerBound)
        var end = iter(at: range.upperBound)
        gtk_text_buffer_delete(buffer, &start, &end)
    }

    public func insertAtCaret(_ text: String) {
        gtk_text_buffer_delete_selection(buffer, 1, 1)
        gtk_text_buffer_insert_at_cursor(buffer, text, Int32(text.utf8.count))
        gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(buffer))
    }

    public func select(_ range: Range<Int>) {
        var bound = iter(at: range.lowerBound)
        var insert = iter(at: range.upperBound)
        gtk_text_buffer_select_range(buffer, &insert, &bound)
    }

    public func moveCaret(to offset: Int) {
        var caret = iter(at: offset)
        gtk_text_buffer_place_cursor(buffer, &caret)
        gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(buffer))
    }

    public func underline(_ marked: Range<Int>?, selected: Range<Int>?) {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, markedTag, &start, &end)
        gtk_text_buffer_remove_tag(buffer, selectedTag, &start, &end)
        for (tag, range) in [(markedTag, marked), (selectedTag, selected)] {
            guard let range else { continue }
            var from = iter(at: range.lowerBound)
            var to = iter(at: range.upperBound)
            gtk_text_buffer_apply_tag(buffer, tag, &from, &to)
        }
    }

    public func watch(_ report: @escaping @MainActor () -> Void) {
        Signal.connect(buffer, "changed", report)
        // The caret's moves, a selection grown by Shift+arrows or a drag among them.
        Signal.connect(buffer, "notify::cursor-position", pointer: { _ in report() })
        Signal.connect(buffer, "notify::has-selection", pointer: { _ in report() })
    }
}
