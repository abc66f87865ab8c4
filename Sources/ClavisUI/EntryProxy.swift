import ClavisEngine
import GtkKit

/// The text-document proxy over whichever GtkEntry of the form has focus.
///
/// GTK counts positions in Unicode scalars; a backspace must remove a whole grapheme cluster
/// ("👍🏽" is two scalars, one character), so the deletion range is computed with Swift's
/// `Character` over the text before the caret. A line break is not inserted into a single-line
/// entry: it is Return (`KeyRouting.singleLine`), handed to `onReturn` (the form's submit), as
/// a UITextField would.
///
/// Marked text (a Japanese composition) is ordinary text in the entry, drawn underlined by a
/// Pango attribute on its range (the selected part, the segment being converted, with a
/// double line): GtkEntry has no marked text of its own for a keyboard that is not its input
/// method, and the attribute is what AT-SPI reports as the text's underline.
///
/// Edits that do not come from the keyboard — a hardware keyboard, a paste, a click that
/// moves the caret or selects — are reported as `.text` (the entry's `changed`, and its
/// caret and selection properties), so the bar and the automatic Shift follow them as they
/// follow the keyboard's own; the keyboard's own edits are not reported back to it.
@MainActor
public final class EntryProxy: TextDocumentProxy {
    /// The entry that receives text now, or `nil` when no field is focused. Moving to
    /// another entry leaves any marked text in the old one as ordinary text.
    public private(set) var entry: UnsafeMutablePointer<GtkEntry>? {
        didSet {
            guard entry != oldValue else { return }
            if markedRange != nil, let oldValue { gtk_entry_set_attributes(oldValue, nil) }
            markedRange = nil
            markedSelection = nil
        }
    }
    /// The focused field's traits (its Return key, keyboard type, capitalisation).
    public var traits = TextInputTraits() {
        didSet { onDocumentChange?(.traits) }
    }
    public var onDocumentChange: ((DocumentChange) -> Void)?

    /// Moves to another field (or none) with its traits, and says so: a composition in the
    /// old field is committed there before the move (`fieldWillChange`), the keyboard
    /// follows the new field's traits after it.
    ///
    ///     proxy.focus(emailEntry, traits: TextInputTraits(keyboardType: .emailAddress))
    public func focus(_ entry: UnsafeMutablePointer<GtkEntry>?, traits: TextInputTraits) {
        if entry != self.entry { onDocumentChange?(.fieldWillChange) }
        if let entry { watch(entry) }
        self.entry = entry
        self.traits = traits
    }

    /// The entries whose outside edits are reported (each watched from its first focus on).
    private var watched: Set<UnsafeMutablePointer<GtkEntry>> = []
    /// How deep the keyboard's own edits are nested: its changes are not reported back.
    private var editing = 0

    /// Reports the entry's text, caret and selection changes while it has the focus and the
    /// keyboard is not the one editing.
    private func watch(_ entry: UnsafeMutablePointer<GtkEntry>) {
        guard watched.insert(entry).inserted else { return }
        let report: @MainActor () -> Void = { [weak self] in
            guard let self, self.entry == entry, self.editing == 0 else { return }
            self.onDocumentChange?(.text)
        }
        Signal.connect(entry, "changed", report)
        Signal.connect(entry, "notify::cursor-position", pointer: { _ in report() })
        Signal.connect(entry, "notify::selection-bound", pointer: { _ in report() })
        Signal.connect(entry, "destroy") { [weak self] in self?.watched.remove(entry) }
    }

    /// The marked (provisional) text's range in scalars, while there is some.
    private var markedRange: Range<Int>?
    /// The selected part of the marked text, in scalars of the entry's text.
    private var markedSelection: Range<Int>?
    /// Called when the keyboard sends Return.
    public var onReturn: (() -> Void)?
    /// Called after text is in the entry (the latency trace listens here).
    public var onInserted: (() -> Void)?

    public init() {}

    private var editable: OpaquePointer? { entry.map { OpaquePointer($0) } }

    private var text: String { entry.map { gtkString(gtk_entry_get_text($0)) } ?? "" }

    /// The selection as scalar offsets (start == end for a plain caret).
    private var selectionBounds: (start: Int, end: Int) {
        guard let editable else { return (0, 0) }
        var start: Int32 = 0
        var end: Int32 = 0
        if gtk_editable_get_selection_bounds(editable, &start, &end) == 0 {
            let caret = gtk_editable_get_position(editable)
            return (Int(caret), Int(caret))
        }
        return (Int(min(start, end)), Int(max(start, end)))
    }

    public var documentContextBeforeInput: String? {
        guard entry != nil else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(selectionBounds.start)))
    }

    public var documentContextAfterInput: String? {
        guard entry != nil else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(selectionBounds.end)))
    }

    public var hasText: Bool { !text.isEmpty }

    public var selectedText: String? {
        let (start, end) = selectionBounds
        guard entry != nil, start != end else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(start).prefix(end - start)))
    }

    public func setMarkedText(_ marked: String, selectedRange: Range<Int>) {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let editable else { return }
        if let range = markedRange {
            gtk_editable_delete_text(editable, Int32(range.lowerBound), Int32(range.upperBound))
            gtk_editable_set_position(editable, Int32(range.lowerBound))
        } else {
            gtk_editable_delete_selection(editable)
        }
        let start = Int(gtk_editable_get_position(editable))
        insertInline(marked, into: editable)
        markedRange = marked.isEmpty ? nil : start..<(start + marked.unicodeScalars.count)
        func offset(_ characters: Int) -> Int {
            start + marked.prefix(max(0, min(characters, marked.count))).unicodeScalars.count
        }
        markedSelection = selectedRange.isEmpty ? nil : offset(selectedRange.lowerBound)..<offset(selectedRange.upperBound)
        gtk_editable_set_position(editable, Int32(offset(selectedRange.upperBound)))
        underlineMarkedText()
    }

    public func unmarkText() {
        markedRange = nil
        markedSelection = nil
        underlineMarkedText()
    }

    /// Underlines the marked text (its selected part doubly), or removes the underline.
    private func underlineMarkedText() {
        guard let entry else { return }
        guard let range = markedRange else { return gtk_entry_set_attributes(entry, nil) }
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
        add(PANGO_UNDERLINE_SINGLE, range)
        if let selection = markedSelection { add(PANGO_UNDERLINE_DOUBLE, selection) }
        gtk_entry_set_attributes(entry, list)
    }

    public func insertText(_ inserted: String) {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let editable else { return }
        if let range = markedRange {
            gtk_editable_select_region(editable, Int32(range.lowerBound), Int32(range.upperBound))
            unmarkText()
        }
        let pieces = KeyRouting.singleLine(inserted)
        for (index, piece) in pieces.enumerated() {
            guard case .key = piece else {
                insertInline(piece.text, into: editable)
                continue
            }
            onReturn?()
            // Return may have moved focus to another field; the rest goes there.
            guard self.editable == editable else {
                let rest = pieces[(index + 1)...].map(\.text).joined()
                if !rest.isEmpty { insertText(rest) }
                return
            }
        }
    }

    public func deleteBackward() {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let editable else { return }
        let (start, end) = selectionBounds
        if start != end {
            gtk_editable_delete_text(editable, Int32(start), Int32(end))
            return
        }
        guard start > 0 else { return }
        let before = String(String.UnicodeScalarView(text.unicodeScalars.prefix(start)))
        let lastCharacterScalars = before.last.map { $0.unicodeScalars.count } ?? 1
        gtk_editable_delete_text(editable, Int32(start - lastCharacterScalars), Int32(start))
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let editable else { return }
        let (start, end) = selectionBounds
        gtk_editable_set_position(editable, Int32(position(from: offset < 0 ? start : end, movedBy: offset)))
    }

    /// What text can make (Return, Tab, BackSpace, ← → without modifiers) goes through the
    /// proxy's own edits (`KeyRouting`: Return is the form's Next); every other key —
    /// Shift+arrows, Home, End, the editing panel's Ctrl+C, Ctrl+V, Ctrl+←, Delete — reaches
    /// the entry as the key event itself, so GtkEntry's own bindings select, use the
    /// clipboard and move by words, exactly as a hardware keyboard's would.
    public func sendKey(_ press: KeyPress) {
        if let edit = KeyRouting.edit(for: press, keysReachApplication: true) { return KeyRouting.apply(edit, to: self) }
        guard let entry else { return }
        editing += 1
        defer { editing -= 1 }
        Self.deliver(press, to: gtkCast(entry))
    }

    /// A key press and release delivered to `widget` as GDK events (from the seat's keyboard,
    /// with the modifiers' state), as a hardware keyboard's reach it.
    private static func deliver(_ press: KeyPress, to widget: UnsafeMutablePointer<GtkWidget>) {
        let keyval = gdk_keyval_from_name(press.name.keysym)
        guard keyval != 0, let window = gtk_widget_get_window(widget) else { return }
        var state: UInt32 = press.shift ? GDK_SHIFT_MASK.rawValue : 0
        for modifier in press.modifiers {
            let mask = switch modifier {
            case .control: GDK_CONTROL_MASK
            case .alt: GDK_MOD1_MASK
            case .super: GDK_SUPER_MASK
            case .altGr: GDK_MOD5_MASK
            }
            state |= mask.rawValue
        }
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: Int32 = 0
        let display = gtk_widget_get_display(widget)
        gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys, &count)
        let keycode = count > 0 ? UInt16(keys?.pointee.keycode ?? 0) : 0
        g_free(keys)
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            guard let event = gdk_event_new(type) else { continue }
            g_object_ref(UnsafeMutableRawPointer(window))
            event.pointee.key.window = window
            event.pointee.key.send_event = 1
            event.pointee.key.time = guint32(GDK_CURRENT_TIME)
            event.pointee.key.state = state
            event.pointee.key.keyval = keyval
            event.pointee.key.hardware_keycode = keycode
            gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(display)))
            _ = gtk_widget_event(widget, event)
            gdk_event_free(event)
        }
    }

    /// The scalar offset `offset` characters (grapheme clusters) from `position`, within
    /// the text: GTK counts scalars, "👍🏽" is two of them and one character.
    private func position(from position: Int, movedBy offset: Int) -> Int {
        let text = self.text
        let characters = text.indices.map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) }
            + [text.unicodeScalars.count]
        var position = position
        var remaining = abs(offset)
        while remaining > 0 {
            if offset < 0 {
                guard let previous = characters.last(where: { $0 < position }) else { break }
                position = previous
            } else {
                guard let next = characters.first(where: { $0 > position }) else { break }
                position = next
            }
            remaining -= 1
        }
        return position
    }

    private func insertInline(_ text: String, into editable: OpaquePointer) {
        guard !text.isEmpty else { return }
        gtk_editable_delete_selection(editable)
        var position = gtk_editable_get_position(editable)
        gtk_editable_insert_text(editable, text, Int32(text.utf8.count), &position)
        gtk_editable_set_position(editable, position)
        onInserted?()
    }
}
