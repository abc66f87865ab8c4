import CAtspi
import ClavisEngine

/// The text around the caret of the focused field in any application that exposes its
/// widgets over AT-SPI (GTK, Qt, Firefox, LibreOffice; not xterm): how a keyboard typing
/// with key events learns when a sentence has ended.
///
/// It follows focus with AT-SPI events: a focused widget with the Text interface and the
/// EDITABLE state becomes the field; a window deactivating or the widget losing focus
/// clears it. At start, `lookForFocusedField` finds the field that has the focus already. Text and caret changes of the field are reported through `onChange`. Reading
/// asks the application over D-Bus; an application that has gone away reads as no field.
///
///     let context = AccessibleTextContext()   // nil without an accessibility bus
///     proxy.context = context
@MainActor
public final class AccessibleTextContext: TextContextSource {
    public var onChange: (() -> Void)?
    /// Called when the focus moves to an editable text field (`true`) or away from one.
    public var onFieldFocus: ((Bool) -> Void)?
    private var field: UnsafeMutablePointer<AtspiAccessible>?
    private var listener: UnsafeMutablePointer<AtspiEventListener>?
    private static let events = [
        "object:state-changed:focused", "object:text-changed", "object:text-caret-moved", "window:deactivate",
    ]

    /// Connects to the accessibility bus; `nil` when there is none (no session bus, or
    /// accessibility turned off), and the keyboard then works without context.
    public init?() {
        guard atspi_init() <= 1, atspi_get_a11y_bus() != nil else { return nil }
        let box = Unmanaged.passRetained(EventBox(self)).toOpaque()
        listener = atspi_event_listener_new(eventThunk, box, releaseBox)
        var registered = false
        for event in Self.events {
            var error: UnsafeMutablePointer<GError>?
            if atspi_event_listener_register(listener, event, &error) != 0 { registered = true }
            if let error { g_error_free(error) }
        }
        guard registered else { return nil }
    }

    isolated deinit {
        if let listener {
            for event in Self.events { atspi_event_listener_deregister(listener, event, nil) }
            g_object_unref(UnsafeMutableRawPointer(listener))
        }
        if let field { g_object_unref(UnsafeMutableRawPointer(field)) }
    }

    public var textBeforeCaret: String? {
        read { caret, _ in (0, caret) }
    }

    public var textAfterCaret: String? {
        read { caret, count in (caret, count) }
    }

    public var isSecure: Bool {
        guard let field else { return false }
        return atspi_accessible_get_role(field, nil) == ATSPI_ROLE_PASSWORD_TEXT
    }

    /// The field's text between the offsets `range` picks from its caret and length.
    private func read(_ range: (_ caret: Int32, _ count: Int32) -> (Int32, Int32)) -> String? {
        guard let field, let text = atspi_accessible_get_text_iface(field) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(text)) }
        var error: UnsafeMutablePointer<GError>?
        let caret = atspi_text_get_caret_offset(text, &error)
        let count = atspi_text_get_character_count(text, &error)
        guard error == nil, caret >= 0 else {
            if let error { g_error_free(error) }
            return nil
        }
        let (start, end) = range(caret, count)
        guard let characters = atspi_text_get_text(text, start, end, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(characters) }
        return String(cString: characters)
    }

    /// Finds the field that has the focus already, as a keyboard started over an open dialog
    /// must (no focus event comes until the focus moves): the focused editable text of the
    /// active window of any application, asked of its Collection interface in one call (GTK,
    /// Qt, Firefox), else found by walking its first `walkLimit` widgets. Reports it as a
    /// focus event would; nothing when no such field has the focus.
    public func lookForFocusedField() {
        guard field == nil, let desktop = atspi_get_desktop(0) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(desktop)) }
        for application in children(of: desktop) {
            defer { g_object_unref(UnsafeMutableRawPointer(application)) }
            for window in children(of: application) {
                defer { g_object_unref(UnsafeMutableRawPointer(window)) }
                guard has(ATSPI_STATE_ACTIVE, window), let found = focusedField(in: window) else { continue }
                replaceField(with: found)
                g_object_unref(UnsafeMutableRawPointer(found))
                return
            }
        }
    }

    /// How many widgets of a window without a Collection interface are looked through.
    static let walkLimit = 2000

    /// The focused editable text inside `window` (a reference the caller releases).
    private func focusedField(in window: UnsafeMutablePointer<AtspiAccessible>) -> UnsafeMutablePointer<AtspiAccessible>? {
        if let collection = atspi_accessible_get_collection_iface(window) {
            defer { g_object_unref(UnsafeMutableRawPointer(collection)) }
            let states = atspi_state_set_new(nil)
            atspi_state_set_add(states, ATSPI_STATE_FOCUSED)
            let rule = atspi_match_rule_new(states, ATSPI_Collection_MATCH_ALL, nil, ATSPI_Collection_MATCH_NONE,
                                            nil, ATSPI_Collection_MATCH_NONE, nil, ATSPI_Collection_MATCH_NONE, 0)
            defer {
                g_object_unref(UnsafeMutableRawPointer(rule))
                g_object_unref(UnsafeMutableRawPointer(states))
            }
            var error: UnsafeMutablePointer<GError>?
            if let matches = atspi_collection_get_matches(collection, rule, ATSPI_Collection_SORT_ORDER_CANONICAL, 0, 1, &error) {
                defer { g_array_unref(matches) }
                let found = UnsafeRawPointer(matches.pointee.data).map {
                    Array(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UnsafeMutablePointer<AtspiAccessible>?.self),
                                              count: Int(matches.pointee.len)))
                } ?? []
                var field: UnsafeMutablePointer<AtspiAccessible>?
                for case let accessible? in found {
                    if field == nil, isEditableText(accessible) { field = accessible } else { g_object_unref(UnsafeMutableRawPointer(accessible)) }
                }
                return field
            }
            if let error { g_error_free(error) }
        }
        // Depth first, as far as the limit.
        var stack = [window]
        g_object_ref(UnsafeMutableRawPointer(window))
        var visited = 0
        var field: UnsafeMutablePointer<AtspiAccessible>?
        while let next = stack.popLast() {
            visited += 1
            if field == nil, visited <= Self.walkLimit {
                if has(ATSPI_STATE_FOCUSED, next), isEditableText(next) {
                    field = next
                    continue
                }
                if !has(ATSPI_STATE_MANAGES_DESCENDANTS, next) { stack += children(of: next).reversed() }
            }
            g_object_unref(UnsafeMutableRawPointer(next))
        }
        return field
    }

    /// An accessible's children (references the caller releases).
    private func children(of accessible: UnsafeMutablePointer<AtspiAccessible>) -> [UnsafeMutablePointer<AtspiAccessible>] {
        let count = atspi_accessible_get_child_count(accessible, nil)
        guard count > 0 else { return [] }
        return (0..<count).compactMap { atspi_accessible_get_child_at_index(accessible, $0, nil) }
    }

    private func has(_ state: AtspiStateType, _ accessible: UnsafeMutablePointer<AtspiAccessible>) -> Bool {
        guard let states = atspi_accessible_get_state_set(accessible) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(states)) }
        return atspi_state_set_contains(states, state) != 0
    }

    fileprivate func handle(_ event: UnsafeMutablePointer<AtspiEvent>) {
        let type = String(cString: event.pointee.type)
        let source = event.pointee.source
        if type.hasPrefix("object:state-changed:focused") {
            if event.pointee.detail1 != 0, let source, isEditableText(source) {
                replaceField(with: source)
            } else if event.pointee.detail1 == 0, source == field {
                replaceField(with: nil)
            }
        } else if type.hasPrefix("window:deactivate") {
            replaceField(with: nil)
        } else if source != nil, source == field {
            onChange?()
        }
    }

    private func replaceField(with accessible: UnsafeMutablePointer<AtspiAccessible>?) {
        guard accessible != field else { return }
        if let field { g_object_unref(UnsafeMutableRawPointer(field)) }
        field = accessible
        if let accessible { g_object_ref(UnsafeMutableRawPointer(accessible)) }
        onChange?()
        onFieldFocus?(accessible != nil)
    }

    private func isEditableText(_ accessible: UnsafeMutablePointer<AtspiAccessible>) -> Bool {
        guard let states = atspi_accessible_get_state_set(accessible) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(states)) }
        guard atspi_state_set_contains(states, ATSPI_STATE_EDITABLE) != 0 else { return false }
        guard let text = atspi_accessible_get_text_iface(accessible) else { return false }
        g_object_unref(UnsafeMutableRawPointer(text))
        return true
    }
}

/// The context an AT-SPI callback reaches (weakly: the listener may outlive it). AT-SPI
/// calls back on the main loop's thread only, which is the main thread.
private final class EventBox: @unchecked Sendable {
    weak var context: AccessibleTextContext?
    init(_ context: AccessibleTextContext) { self.context = context }
}

private let eventThunk: AtspiEventListenerCB = { event, data in
    guard let event, let data else { return }
    let box = Unmanaged<EventBox>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let received = event
    MainActor.assumeIsolated { box.context?.handle(received) }
    // The callback owns the event.
    g_boxed_free(atspi_event_get_type(), event)
}

private let releaseBox: GDestroyNotify = { data in
    if let data { Unmanaged<EventBox>.fromOpaque(data).release() }
}
