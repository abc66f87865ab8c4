import GtkKit

/// A single-line field of the form: a GtkEntry, edited through GtkEditable.
///
/// Marked text is drawn by a Pango attribute list on the entry: GtkEntry has no marked text
/// of its own for a keyboard that is not its input method, and the attribute is what AT-SPI
/// reports as the text's underline.
@MainActor
public final class EntryField: EditableField {
    public let entry: UnsafeMutablePointer<GtkEntry>
    public var widget: UnsafeMutablePointer<GtkWidget> { gtkCast(entry) }
    public var frame: UnsafeMutablePointer<GtkWidget> { widget }
    public var isMultiline: Bool { false }

    public init(_ entry: UnsafeMutablePointer<GtkEntry>) {
        self.entry = entry
    }

    private var editable: OpaquePointer { OpaquePointer(entry) }

    public var text: String { gtkString(gtk_entry_get_text(entry)) }

    public var selection: (start: Int, end: Int) {
        var start: Int32 = 0
        var end: Int32 = 0
        if gtk_editable_get_selection_bounds(editable, &start, &end) == 0 {
            let caret = Int(gtk_editable_get_position(editable))
            return (caret, caret)
        }
        return (Int(min(start, end)), Int(max(start, end)))
    }

    public func delete(_ range: Range<Int>) {
        gtk_editable_delete_text(editable, Int32(range.lowerBound), Int32(range.upperBound))
    }

    public func insertAtCaret(_ text: String) {
        gtk_editable_delete_selection(editable)
        var position = gtk_editable_get_position(editable)
        gtk_editable_insert_text(editable, text, Int32(text.utf8.count), &position)
        gtk_editable_set_position(editable, position)
    }

    public func select(_ range: Range<Int>) {
        gtk_editable_select_region(editable, Int32(range.lowerBound), Int32(range.upperBound))
    }

    public func moveCaret(to offset: Int) {
        gtk_editable_set_position(editable, Int32(offset))
    }

    public func underline(_ marked: Range<Int>?, selected: Range<Int>?) {
        guard let marked else { return gtk_entry_set_attributes(entry, nil) }
        let scalars = text.unicodeScalars
        func byte(_ offset: Int) -> guint {
            guint(String(String.UnicodeScalarView(scalars.prefix(offset))).utf8.count)
        }
        let list = pango_attr_list_new()
        defer { pango_attr_list_unref(list) }
        func add(_ style: PangoUnderline, _ range: Range<Int>) {
            let attribute = pango_attr_underline_new(style)!
            attribute.pointee.start_index = byte(range.lowerBound)
            attribute.pointee.end_index = byte(range.upperBound)
            pango_attr_list_change(list, attribute)
        }
        add(PANGO_UNDERLINE_SINGLE, marked)
        if let selected { add(PANGO_UNDERLINE_DOUBLE, selected) }
        gtk_entry_set_attributes(entry, list)
    }

    public func watch(_ report: @escaping @MainActor () -> Void) {
        Signal.connect(entry, "changed", report)
        Signal.connect(entry, "notify::cursor-position", pointer: { _ in report() })
        Signal.connect(entry, "notify::selection-bound", pointer: { _ in report() })
    }
}
