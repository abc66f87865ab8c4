import CWayland
import ClavisEngine
import ClavisKeystrokes
import ClavisLayout
import ClavisProtocolProxy
#if canImport(Glibc)
import Glibc
#endif

/// Clavis on a Wayland seat: its own connection to the compositor, where it is the seat's input
/// method (`zwp_input_method_v2`) and has a virtual keyboard (`zwp_virtual_keyboard_v1`).
///
/// This is the glue between the protocol and `InputMethodProxy`: the input method's events are
/// gathered until `done` and handed to the proxy as one update; the proxy's requests go out
/// as input-method requests, and keys through the virtual keyboard with a `VirtualKeymap`
/// uploaded as a memfd. The virtual keyboard is made first: a seat without a keyboard gives
/// no field the focus, so no input method would ever be activated.
///
/// The connection is separate from GTK's (the keyboard's window may even be on X11); its
/// file descriptor goes into the main loop, which calls `dispatch()` when it is readable.
///
///     let seat = try WaylandInputMethod()
///     let proxy = InputMethodProxy(connection: seat, scheduler: GLibScheduler())
///     seat.start(proxy: proxy)
///     MainLoop.onReadable(seat.fileDescriptor) { seat.dispatch() }
@MainActor
public final class WaylandInputMethod: InputMethodConnection {
    /// What the compositor offers.
    public private(set) var support = WaylandSupport(interfaces: [])
    /// Said when the compositor reports something the user should know (another input method
    /// holds the seat, a keysym could not be sent, the compositor went away).
    public var onProblem: ((String) -> Void)?
    private let registry: WaylandRegistry
    private var display: OpaquePointer { registry.display }
    private var seat: OpaquePointer?
    private var inputMethod: OpaquePointer?
    private var virtualKeyboard: OpaquePointer?
    private weak var proxy: InputMethodProxy?
    private var keymap = VirtualKeymap()
    /// What the user copies (data-control), once watched.
    private var clipboard: WaylandClipboard?
    /// Events since the last `done`, applied together.
    private var pending: [(inout InputMethodState) -> Void] = []

    /// Connects to `WAYLAND_DISPLAY` (or `name`) and reads the globals the compositor offers.
    public init(display name: String? = nil) throws(WaylandError) {
        registry = try WaylandRegistry(display: name)
        support = WaylandSupport(interfaces: Set(registry.globals.keys))
    }

    /// The connection's file descriptor, to watch for events.
    public var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Binds the seat, makes the virtual keyboard and becomes the input method; events then
    /// update `proxy`.
    public func start(proxy: InputMethodProxy) {
        self.proxy = proxy
        seat = registry.bind("wl_seat", clavis_wl_seat_interface(), version: 1)
        guard let seat else {
            onProblem?("the Wayland compositor offers no seat: nothing can be typed")
            return
        }
        if let manager = registry.bind(WaylandSupport.virtualKeyboard, clavis_virtual_keyboard_manager_interface(), version: 1) {
            virtualKeyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat)
            uploadKeymap()
        }
        if let manager = registry.bind(WaylandSupport.inputMethod, clavis_input_method_manager_interface(), version: 1) {
            inputMethod = zwp_input_method_manager_v2_get_input_method(manager, seat)
            zwp_input_method_v2_add_listener(inputMethod, inputMethodListener, Unmanaged.passUnretained(self).toOpaque())
        }
        wl_display_roundtrip(display)
    }

    /// Sees what the user copies through data-control on the same connection (`WaylandClipboard`);
    /// false when the compositor does not offer it. Call after `start`.
    @discardableResult
    public func watchClipboard(accepts: @escaping () -> Bool, copied: @escaping (String) -> Void,
                               watch: @escaping (Int32, @escaping @MainActor () -> Bool) -> Void) -> Bool {
        guard seat != nil else { return false }
        clipboard = WaylandClipboard(registry: registry, accepts: accepts, copied: copied, watch: watch)
        return clipboard != nil
    }

    /// Reads and handles what the compositor sent; false when the connection is gone.
    @discardableResult
    public func dispatch() -> Bool {
        if wl_display_dispatch(display) == -1 {
            onProblem?("lost the compositor (it closed the connection, error \(wl_display_get_error(display)))")
            return false
        }
        return true
    }

    // MARK: InputMethodConnection

    public func commitString(_ text: String) {
        guard let inputMethod else { return }
        zwp_input_method_v2_commit_string(inputMethod, text)
    }

    public func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32) {
        guard let inputMethod else { return }
        zwp_input_method_v2_set_preedit_string(inputMethod, text, cursorBegin, cursorEnd)
    }

    public func deleteSurroundingText(before: String, after: String) {
        guard let inputMethod else { return }
        zwp_input_method_v2_delete_surrounding_text(inputMethod, UInt32(before.utf8.count), UInt32(after.utf8.count))
    }

    public func commit(serial: UInt32) {
        guard let inputMethod else { return }
        zwp_input_method_v2_commit(inputMethod, serial)
        wl_display_flush(display)
    }

    public func sendKey(_ press: KeyPress) {
        guard let virtualKeyboard else {
            onProblem?("cannot send \(press.description): the compositor offers no virtual keyboard")
            return
        }
        guard let keysym = KeyTap.keysym(of: press, onProblem: onProblem) else { return }
        let (code, changed) = keymap.keycode(for: keysym)
        if changed { uploadKeymap() }
        let time = monotonicMilliseconds()
        KeyTap.tap(keycode: code, mask: press.modifierMask(),
                   modifiers: { zwp_virtual_keyboard_v1_modifiers(virtualKeyboard, $0, 0, 0, 0) },
                   key: { zwp_virtual_keyboard_v1_key(virtualKeyboard, time, $0, $1) })
        wl_display_flush(display)
    }

    /// Puts every keysym `layout` types into the virtual keyboard's keymap, uploaded once,
    /// so none of its keys needs an upload while typing.
    public func prepareKeys(for layout: KeyboardLayout) {
        if keymap.add(VirtualKeymap.keysyms(of: layout)) {
            uploadKeymap()
            wl_display_flush(display)
        }
    }

    // MARK: Events

    fileprivate func event(_ change: @escaping (inout InputMethodState) -> Void) {
        pending.append(change)
    }

    fileprivate func done() {
        let changes = pending
        pending = []
        proxy?.update { state in
            for change in changes { change(&state) }
            state.done()
        }
    }

    fileprivate func unavailable() {
        if let inputMethod { zwp_input_method_v2_destroy(inputMethod) }
        inputMethod = nil
        onProblem?("another input method holds this seat: Clavis types with key presses only "
                   + "(no preedit, no view of the field's text)")
        proxy?.update { state in
            state.deactivate()
            state.done()
        }
    }

    // MARK: Helpers

    private func uploadKeymap() {
        guard let virtualKeyboard else { return }
        // The compositor reads the keymap as a C string: the size counts the closing NUL.
        let text = keymap.text
        let fd = text.withCString { clavis_wayland_keymap_fd($0, strlen($0) + 1) }
        guard fd >= 0 else {
            onProblem?("cannot hand the compositor a keymap: \(String(cString: strerror(errno)))")
            return
        }
        zwp_virtual_keyboard_v1_keymap(virtualKeyboard, 1 /* WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 */, fd, UInt32(text.utf8.count + 1))
        // libwayland sent a duplicate of the descriptor.
        close(fd)
    }
}

// C listeners: plain functions that find the connection through `data`. The protocol calls
// them from `wl_display_dispatch`, on the main thread.

private func connection(_ data: UnsafeMutableRawPointer?) -> WaylandInputMethod {
    Unmanaged<WaylandInputMethod>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let inputMethodListener: UnsafeMutablePointer<zwp_input_method_v2_listener> = {
    let listener = UnsafeMutablePointer<zwp_input_method_v2_listener>.allocate(capacity: 1)
    listener.initialize(to: zwp_input_method_v2_listener(
        activate: { data, _ in
            let seat = connection(data)
            MainActor.assumeIsolated { seat.event { $0.activate() } }
        },
        deactivate: { data, _ in
            let seat = connection(data)
            MainActor.assumeIsolated { seat.event { $0.deactivate() } }
        },
        surrounding_text: { data, _, text, cursor, anchor in
            let seat = connection(data)
            let text = text.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { seat.event { $0.surroundingText(text, cursor: Int(cursor), anchor: Int(anchor)) } }
        },
        text_change_cause: { _, _, _ in },
        content_type: { data, _, hint, purpose in
            let seat = connection(data)
            MainActor.assumeIsolated { seat.event { $0.contentType(hint: hint, purpose: purpose) } }
        },
        done: { data, _ in
            let seat = connection(data)
            MainActor.assumeIsolated { seat.done() }
        },
        unavailable: { data, _ in
            let seat = connection(data)
            MainActor.assumeIsolated { seat.unavailable() }
        }
    ))
    return listener
}()
