import ClavisEngine
import GtkKit

/// The text-document proxy over whichever field of the form has focus: a single-line
/// GtkEntry or the multi-line GtkTextView (`EditableField` holds the GTK calls of each).
///
/// GTK counts positions in Unicode scalars; a backspace must remove a whole grapheme cluster
/// ("👍🏽" is two scalars, one character), so the deletion range is computed with Swift's
/// `Character` over the text before the caret. A line break is not inserted into a single-line
/// field: it is Return (`KeyRouting.singleLine`), handed to `onReturn` (the form's submit), as
/// a UITextField would; a multi-line field takes it as text, as a UITextView does.
///
/// Marked text (a Japanese composition) is ordinary text in the field, underlined on its
/// range (the selected part, the segment being converted, doubly): neither widget has marked
/// text of its own for a keyboard that is not its input method.
///
/// Edits that do not come from the keyboard — a hardware keyboard, a paste, a click that
/// moves the caret or selects — are reported as `.text`, so the bar and the automatic Shift
/// follow them as they follow the keyboard's own; the keyboard's own edits are not reported
/// back to it.
@MainActor
public final class FieldProxy: TextDocumentProxy {
    /// The field that receives text now, or `nil` when none is focused. Moving to another
    /// field leaves any marked text in the old one as ordinary text.
    public private(set) var field: (any EditableField)? {
        didSet {
            guard field !== oldValue else { return }
            if markedRange != nil, let oldValue { oldValue.underline(nil, selected: nil) }
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
    ///     proxy.focus(emailField, traits: TextInputTraits(keyboardType: .emailAddress))
    public func focus(_ field: (any EditableField)?, traits: TextInputTraits) {
        if field !== self.field { onDocumentChange?(.fieldWillChange) }
        if let field { watch(field) }
        self.field = field
        self.traits = traits
    }

    /// The fields whose outside edits are reported (each watched from its first focus on).
    private var watched: Set<ObjectIdentifier> = []
    /// How deep the keyboard's own edits are nested: its changes are not reported back.
    private var editing = 0

    /// Reports the field's text, caret and selection changes while it has the focus and the
    /// keyboard is not the one editing.
    private func watch(_ field: any EditableField) {
        guard watched.insert(ObjectIdentifier(field)).inserted else { return }
        field.watch { [weak self, weak field] in
            guard let self, let field, self.field === field, self.editing == 0 else { return }
            self.onDocumentChange?(.text)
        }
    }

    /// The marked (provisional) text's range in scalars, while there is some.
    private var markedRange: Range<Int>?
    /// The selected part of the marked text, in scalars of the field's text.
    private var markedSelection: Range<Int>?
    /// Called when the keyboard sends Return to a single-line field.
    public var onReturn: (() -> Void)?
    /// Called after text is in the field (the latency trace listens here).
    public var onInserted: (() -> Void)?

    public init() {}

    public var documentContextBeforeInput: String? {
        guard let field else { return nil }
        return field.text(from: 0, count: field.selection.start)
    }

    public var documentContextAfterInput: String? {
        guard let field else { return nil }
        return field.text(from: field.selection.end, count: .max)
    }

    public var hasText: Bool { !(field?.text.isEmpty ?? true) }

    public var selectedText: String? {
        guard let field else { return nil }
        let (start, end) = field.selection
        return start == end ? nil : field.text(from: start, count: end - start)
    }

    public func setMarkedText(_ marked: String, selectedRange: Range<Int>) {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let field else { return }
        if let range = markedRange {
            field.delete(range)
            field.moveCaret(to: range.lowerBound)
        }
        let start = field.selection.start
        insertInline(marked, into: field)
        markedRange = marked.isEmpty ? nil : start..<(start + marked.unicodeScalars.count)
        func offset(_ characters: Int) -> Int {
            start + marked.prefix(max(0, min(characters, marked.count))).unicodeScalars.count
        }
        markedSelection = selectedRange.isEmpty ? nil : offset(selectedRange.lowerBound)..<offset(selectedRange.upperBound)
        field.moveCaret(to: offset(selectedRange.upperBound))
        field.underline(markedRange, selected: markedSelection)
    }

    public func unmarkText() {
        markedRange = nil
        markedSelection = nil
        field?.underline(nil, selected: nil)
    }

    public func insertText(_ inserted: String) {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let field else { return }
        if let range = markedRange {
            field.select(range)
            unmarkText()
        }
        guard !field.isMultiline else { return insertInline(inserted, into: field) }
        let pieces = KeyRouting.singleLine(inserted)
        for (index, piece) in pieces.enumerated() {
            guard case .key = piece else {
                insertInline(piece.text, into: field)
                continue
            }
            onReturn?()
            // Return may have moved focus to another field; the rest goes there.
            guard self.field === field else {
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
        guard let field else { return }
        let (start, end) = field.selection
        if start != end { return field.delete(start..<end) }
        guard start > 0 else { return }
        let lastCharacterScalars = field.text(from: 0, count: start).last.map { $0.unicodeScalars.count } ?? 1
        field.delete((start - lastCharacterScalars)..<start)
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        // The keyboard's own edit: not reported back to it.
        editing += 1
        defer { editing -= 1 }
        guard let field else { return }
        let (start, end) = field.selection
        field.moveCaret(to: position(in: field.text, from: offset < 0 ? start : end, movedBy: offset))
    }

    /// What text can make (Return, Tab, BackSpace, ← → without modifiers) goes through the
    /// proxy's own edits (`KeyRouting`: Return is the form's Next); every other key —
    /// Shift+arrows, Home, End, the editing panel's Ctrl+C, Ctrl+V, Ctrl+←, Delete — reaches
    /// the field as the key event itself, so the widget's own bindings select, use the
    /// clipboard, move by words and (in a multi-line field) by lines, exactly as a hardware
    /// keyboard's would.
    public func sendKey(_ press: KeyPress) {
        if let edit = KeyRouting.edit(for: press, keysReachApplication: true) { return KeyRouting.apply(edit, to: self) }
        guard let field else { return }
        editing += 1
        defer { editing -= 1 }
        Self.deliver(press, to: field.widget)
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
    private func position(in text: String, from position: Int, movedBy offset: Int) -> Int {
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

    private func insertInline(_ text: String, into field: any EditableField) {
        guard !text.isEmpty else { return }
        field.insertAtCaret(text)
        onInserted?()
    }
}
