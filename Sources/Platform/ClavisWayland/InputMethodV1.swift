import CWayland
import ClavisEngine
import ClavisKeystrokes
import ClavisLayout
import ClavisProtocolProxy
#if canImport(Glibc)
import Glibc
#endif

/// Clavis as the input method of KDE Plasma's KWin or of Weston: `zwp_input_method_v1`, the
/// protocol these compositors speak only to the one program they start as their virtual
/// keyboard (with `WAYLAND_SOCKET`, on the connection GTK then uses: the keyboard's own
/// surface must be on it too, as an input panel).
///
/// Each focused field is an input-method context: `activate` brings a new one and
/// `deactivate` ends it. Its events (text around the caret, content type, `reset`) change
/// the proxy's state; `commit_state` closes a batch and gives the serial every request
/// must carry. Events that come without one are applied once the main loop is idle, so the
/// proxy sees a field's focus, text and type together, as v2's `done` gives them.
///
/// Requests differ from v2 in ways the proxy does not see: there is no `commit`, each
/// request applies on its own; a deletion applies with the next `commit_string`, so one
/// with no text follows it; keys that are not text are keysyms with a modifier mask (the
/// context's `modifiers_map` names the bits) or key codes of the compositor's keymap with
/// a modifiers request, not a virtual keyboard.
///
///     let seat = InputMethodV1(registry: try WaylandRegistry(sharing: gdkDisplay), scheduler: GLibScheduler())
///     let proxy = InputMethodProxy(connection: seat, scheduler: GLibScheduler())
///     seat.start(proxy: proxy)
///     seat.attachPanel(surface: keyboardSurface, output: nil, overlay: false)
@MainActor
public final class InputMethodV1: InputMethodConnection {
    /// Said when something the user should know happens (a key that cannot be sent).
    public var onProblem: ((String) -> Void)?
    /// The XKB keycode typing a keysym in the compositor's keymap, and whether it takes
    /// Shift (the host reads GTK's copy of the keymap). Keys other than BackSpace, Return
    /// and the arrows go out as these key codes: KWin drops other keysyms for text-input v3
    /// applications (GTK, Firefox, Qt 6).
    public var keycode: ((Keysym) -> (code: UInt32, shift: Bool)?)?
    private let registry: WaylandRegistry
    private let scheduler: any Scheduler
    private var inputMethod: OpaquePointer?
    private var panel: OpaquePointer?
    private var panelSurface: OpaquePointer?
    private var context: OpaquePointer?
    /// The serial of the context's last `commit_state`: what each request carries.
    private var serial: UInt32 = 0
    private weak var proxy: InputMethodProxy?
    private var pending: [(inout InputMethodState) -> Void] = []
    private var flush: (any ScheduledTask)?

    /// The names of the modifier mask's bits, in order, sent to each context.
    static let modifierNames = ["Shift", "Control", "Mod1", "Mod4", "Mod5"]

    /// An input method on `registry`'s connection (GTK's, when KWin started Clavis).
    public init(registry: WaylandRegistry, scheduler: any Scheduler) {
        self.registry = registry
        self.scheduler = scheduler
    }

    /// Binds the input method and the input panel; the contexts' events then update `proxy`.
    public func start(proxy: InputMethodProxy) {
        self.proxy = proxy
        panel = registry.bind(WaylandSupport.inputPanel, clavis_input_panel_v1_interface(), version: 1)
        inputMethod = registry.bind(WaylandSupport.inputMethodV1, clavis_input_method_v1_interface(), version: 1)
        if let inputMethod {
            zwp_input_method_v1_add_listener(inputMethod, inputMethodV1Listener, Unmanaged.passUnretained(self).toOpaque())
        }
        wl_display_flush(registry.display)
    }

    /// Gives `surface` (the keyboard window's, without a role) the input panel's role: a
    /// panel across the bottom of `output` (the compositor tells the focused window how
    /// much room it takes), or with `overlay` a panel the compositor places by the caret.
    /// Called each time the window is mapped (GTK makes a new surface for each mapping).
    public func attachPanel(surface: OpaquePointer, output: OpaquePointer?, overlay: Bool) {
        guard let panel else { return }
        if let panelSurface { zwp_input_panel_surface_v1_destroy(panelSurface) }
        let made = zwp_input_panel_v1_get_input_panel_surface(panel, surface)
        panelSurface = made
        if overlay || output == nil {
            zwp_input_panel_surface_v1_set_overlay_panel(made)
        } else {
            zwp_input_panel_surface_v1_set_toplevel(made, output, UInt32(ZWP_INPUT_PANEL_SURFACE_V1_POSITION_CENTER_BOTTOM.rawValue))
        }
        wl_display_flush(registry.display)
    }

    // MARK: InputMethodConnection

    public func commitString(_ text: String) {
        guard let context else { return }
        zwp_input_method_context_v1_commit_string(context, serial, text)
    }

    public func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32) {
        guard let context else { return }
        let length = UInt32(text.utf8.count)
        if length > 0 {
            // The whole composition underlined, the part being converted highlighted.
            zwp_input_method_context_v1_preedit_styling(context, 0, length, Self.underline)
            if cursorEnd > cursorBegin {
                zwp_input_method_context_v1_preedit_styling(context, UInt32(cursorBegin), UInt32(cursorEnd - cursorBegin), Self.highlight)
            }
        }
        zwp_input_method_context_v1_preedit_cursor(context, cursorEnd)
        // What the application keeps if it ends the composition itself (the focus leaves).
        zwp_input_method_context_v1_preedit_string(context, serial, text, text)
    }

    public func deleteSurroundingText(before: String, after: String) {
        guard let context else { return }
        let beforeLength = UInt32(before.utf8.count), afterLength = UInt32(after.utf8.count)
        zwp_input_method_context_v1_delete_surrounding_text(context, -Int32(clamping: beforeLength), beforeLength &+ afterLength)
        // v1 applies a deletion with the next commit_string.
        zwp_input_method_context_v1_commit_string(context, serial, "")
    }

    /// v1 has no commit: each request applied on its own. They go out now.
    public func commit(serial _: UInt32) {
        wl_display_flush(registry.display)
    }

    public func sendKey(_ press: KeyPress) {
        guard let context else {
            onProblem?("cannot send \(press.description): no text field has the focus")
            return
        }
        guard let keysym = KeyTap.keysym(of: press, onProblem: onProblem) else { return }
        let time = monotonicMilliseconds()
        let plain = press.modifiers.isEmpty && !press.shift
        if !(plain && Self.relayedKeysyms.contains(keysym.rawValue)), let (code, shifted) = keycode?(keysym) {
            // A key of the compositor's own keymap, as a hardware key would come.
            let serial = serial
            KeyTap.tap(keycode: code, mask: press.modifierMask(shifted: shifted),
                       modifiers: { zwp_input_method_context_v1_modifiers(context, serial, $0, 0, 0, 0) },
                       key: { zwp_input_method_context_v1_key(context, serial, time, $0, $1) })
        } else {
            let mask = Self.modifierMask(press.modifiers, shift: press.shift)
            zwp_input_method_context_v1_keysym(context, serial, time, keysym.rawValue, 1, mask)
            zwp_input_method_context_v1_keysym(context, serial, time, keysym.rawValue, 0, mask)
        }
        wl_display_flush(registry.display)
    }

    /// The keysyms every compositor passes on as keys: BackSpace, Return and the arrows
    /// (KWin turns just these into key events for text-input v3 applications).
    static let relayedKeysyms: Set<UInt32> = [0xFF08, 0xFF0D, 0xFF51, 0xFF52, 0xFF53, 0xFF54]

    /// The keysym request's modifier mask: one bit for each of `modifierNames`.
    ///
    ///     InputMethodV1.modifierMask([.control], shift: true)   // 0b11: Shift, Control
    public nonisolated static func modifierMask(_ modifiers: Set<KeyModifier>, shift: Bool) -> UInt32 {
        var mask: UInt32 = shift ? 1 : 0
        for modifier in modifiers {
            switch modifier {
            case .control: mask |= 1 << 1
            case .alt: mask |= 1 << 2
            case .super: mask |= 1 << 3
            case .altGr: mask |= 1 << 4
            }
        }
        return mask
    }

    /// The preedit styles the protocol numbers (`zwp_text_input_v1.preedit_style`).
    static let underline: UInt32 = 5
    static let highlight: UInt32 = 4

    // MARK: Events

    fileprivate func activate(_ newContext: OpaquePointer?) {
        guard let newContext else { return }
        // An earlier context is destroyed when its deactivate comes.
        context = newContext
        serial = 0
        zwp_input_method_context_v1_add_listener(newContext, contextListener, Unmanaged.passUnretained(self).toOpaque())
        var names: [UInt8] = []
        for name in Self.modifierNames { names += Array(name.utf8) + [0] }
        names.withUnsafeMutableBytes { bytes in
            var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
            zwp_input_method_context_v1_modifiers_map(newContext, &array)
        }
        event { $0.activate() }
    }

    fileprivate func deactivate(_ ended: OpaquePointer?) {
        guard let ended else { return }
        zwp_input_method_context_v1_destroy(ended)
        guard ended == context else { return }
        context = nil
        event { $0.deactivate() }
        applyPending()
    }

    /// Whether an event is for the context in use (a late one for an ended context is not).
    fileprivate func isCurrent(_ eventContext: OpaquePointer?) -> Bool {
        eventContext != nil && eventContext == context
    }

    fileprivate func commitState(_ newSerial: UInt32) {
        serial = newSerial
        applyPending()
    }

    fileprivate func event(_ change: @escaping (inout InputMethodState) -> Void) {
        pending.append(change)
        if flush == nil {
            flush = scheduler.schedule(after: 0) { [weak self] in self?.applyPending() }
        }
    }

    private func applyPending() {
        flush?.cancel()
        flush = nil
        guard !pending.isEmpty else { return }
        let changes = pending
        pending = []
        proxy?.update { state in
            for change in changes { change(&state) }
            state.done()
        }
    }
}

/// The monotonic clock in milliseconds, as key events carry it.
func monotonicMilliseconds() -> UInt32 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt32(truncatingIfNeeded: now.tv_sec * 1000 + now.tv_nsec / 1_000_000)
}

// C listeners: plain functions that find the input method through `data`, called from the
// dispatch of GTK's connection on the main thread.

private func inputMethodV1(_ data: UnsafeMutableRawPointer?) -> InputMethodV1 {
    Unmanaged<InputMethodV1>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let inputMethodV1Listener: UnsafeMutablePointer<zwp_input_method_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_input_method_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_input_method_v1_listener(
        activate: { data, _, context in
            let seat = inputMethodV1(data)
            nonisolated(unsafe) let context = context
            MainActor.assumeIsolated { seat.activate(context) }
        },
        deactivate: { data, _, context in
            let seat = inputMethodV1(data)
            nonisolated(unsafe) let context = context
            MainActor.assumeIsolated { seat.deactivate(context) }
        }
    ))
    return listener
}()

nonisolated(unsafe) private let contextListener: UnsafeMutablePointer<zwp_input_method_context_v1_listener> = {
    let listener = UnsafeMutablePointer<zwp_input_method_context_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_input_method_context_v1_listener(
        surrounding_text: { data, context, text, cursor, anchor in
            nonisolated(unsafe) let context = context
            let seat = inputMethodV1(data)
            let text = text.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated {
                guard seat.isCurrent(context) else { return }
                seat.event { $0.surroundingText(text, cursor: Int(cursor), anchor: Int(anchor)) }
            }
        },
        reset: { data, context in
            nonisolated(unsafe) let context = context
            // The application ended the composition itself (its text changed under it): the
            // surrounding text that follows tells the rest.
            let seat = inputMethodV1(data)
            MainActor.assumeIsolated {
                guard seat.isCurrent(context) else { return }
                seat.event { _ in }
            }
        },
        content_type: { data, context, hint, purpose in
            nonisolated(unsafe) let context = context
            let seat = inputMethodV1(data)
            MainActor.assumeIsolated {
                guard seat.isCurrent(context) else { return }
                seat.event { $0.contentType(ContentType(v1Hint: hint, v1Purpose: purpose)) }
            }
        },
        // A click on the composition in the application: Clavis converts from its own bar.
        invoke_action: { _, _, _, _ in },
        commit_state: { data, context, serial in
            nonisolated(unsafe) let context = context
            let seat = inputMethodV1(data)
            MainActor.assumeIsolated {
                guard seat.isCurrent(context) else { return }
                seat.commitState(serial)
            }
        },
        // The application's language: the keyboard the user chose decides what is typed.
        preferred_language: { _, _, _ in }
    ))
    return listener
}()
