import CLazyIBus
import ClavisEngine
import ClavisKeystrokes
import ClavisProtocolProxy

/// Clavis as an IBus engine: ibus-daemon (or GNOME Shell through it) tells it which field has
/// the focus, the field's content type and its text around the caret; it commits text, shows
/// Japanese composition as preedit, deletes around the caret and forwards keys that are not
/// text. It is the `InputMethodConnection` under the same `InputMethodProxy` the Wayland input
/// methods use, so the keyboard session sees IBus fields as it sees Wayland ones.
///
/// Hardware key presses pass through untouched (`onHardwareKey` hears them, for the host's
/// hardware-keyboard setting). When the daemon restarts, the engine reconnects by itself and
/// the field is forgotten until one takes the focus again.
///
/// GNOME switches IBus off for a password field, so no engine hears of it; Clavis's Shell
/// extension does and hands it over (`shellPasswordFocus`): the engine then serves that field
/// as a secure one through the extension (`ShellKeyboard`), as GNOME's own keyboard types there.
///
///     let engine = try IBusEngine()
///     let proxy = InputMethodProxy(connection: engine, scheduler: GLibScheduler())
///     engine.start(proxy: proxy, exec: "/usr/bin/clavis keyboard --ibus")
@MainActor
public final class IBusEngine: InputMethodConnection {
    /// The component's bus name and the engine's name, as the component file says them.
    public static let busName = "io.github.clavis.IBus"
    public static let engineName = "clavis"
    public static let longName = "Clavis"

    /// Why IBus cannot be used.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where a keysym is on the display's keymap: the X keycode (evdev's plus 8), and whether
    /// it takes Shift. IBus clients (GNOME Shell above all) need real keycodes.
    public var keycode: ((Keysym) -> (code: UInt32, shift: Bool)?)?
    public var onProblem: ((String) -> Void)?
    /// A key of another keyboard went through the engine (a keysym).
    public var onHardwareKey: ((UInt32) -> Void)?
    /// Connected to ibus-daemon (true), or it went away (false).
    public var onConnectionChange: ((Bool) -> Void)?
    /// GNOME Shell's keyboard device, through Clavis's extension: where it is present, keys
    /// that are not text are pressed there (shortcuts then reach Wayland applications), and
    /// forwarded through IBus otherwise.
    public var shellKeyboard: ShellKeyboard?
    /// The middle of the focused field's caret on the desktop, as its client last said
    /// (`nil` before it says, or without a field): where the user types, for the monitor the
    /// keyboard goes on.
    public private(set) var caretLocation: (x: Int32, y: Int32)?
    /// The caret moved (another field, a line further, another window).
    public var onCaretMove: (() -> Void)?

    private var ibus: OpaquePointer?
    private weak var proxy: InputMethodProxy?
    private var pending: [(inout InputMethodState) -> Void] = []
    private var showsPreedit = false
    /// The focused field's content type as last said.
    private var fieldType = ContentType()
    /// Keys forwarded whose echo may come back through the engine (not a hardware key).
    private var forwarded: [UInt32] = []
    /// The field served: IBus's, or a password GNOME Shell handed over (`shellPasswordFocus`).
    private var served = HandoverFocus()
    /// Whether the focused field is a password GNOME Shell took from IBus and handed over:
    /// text and keys then go through the Shell's extension.
    public var typesIntoShell: Bool { served.field == .handedOver }

    /// Opens libibus, or throws why not.
    public init() throws {
        if let failure = clavis_ibus_open() {
            throw Unavailable(description: "libibus could not be opened (\(String(cString: failure))); install libibus-1.0-5")
        }
    }

    /// Connects to ibus-daemon and serves the engine, typing through `proxy`. `exec` is the
    /// command the daemon would start Clavis with, registered when the daemon has no component
    /// file for it (Clavis started by hand).
    public func start(proxy: InputMethodProxy, exec: String) {
        self.proxy = proxy
        var callbacks = ClavisIBusCallbacks()
        callbacks.context = Unmanaged.passUnretained(self).toOpaque()
        callbacks.focus = { context, focused, client in
            let engine = IBusEngine.from(context)
            let client = client.map { String(cString: $0) }
            MainActor.assumeIsolated { engine.focus(focused != 0 ? client : nil) }
        }
        callbacks.content_type = { context, purpose, hints in
            let engine = IBusEngine.from(context)
            MainActor.assumeIsolated { engine.contentType(ContentType(ibusPurpose: purpose, ibusHints: hints)) }
        }
        callbacks.surrounding_text = { context, text, cursor, anchor in
            let engine = IBusEngine.from(context)
            let text = text.map { String(cString: $0) } ?? ""
            MainActor.assumeIsolated { engine.surroundingText(text, cursor: Int(cursor), anchor: Int(anchor)) }
        }
        callbacks.key = { context, keyval, _, _ in
            let engine = IBusEngine.from(context)
            MainActor.assumeIsolated { engine.heard(keyval) }
        }
        callbacks.done = { context in
            let engine = IBusEngine.from(context)
            MainActor.assumeIsolated { engine.done() }
        }
        callbacks.connection = { context, connected in
            let engine = IBusEngine.from(context)
            MainActor.assumeIsolated { engine.onConnectionChange?(connected != 0) }
        }
        callbacks.cursor_location = { context, x, y, width, height in
            let engine = IBusEngine.from(context)
            MainActor.assumeIsolated { engine.caretMoved(x: x, y: y, width: width, height: height) }
        }
        ibus = clavis_ibus_start(Self.busName, Self.engineName, Self.longName, exec, &callbacks)
    }

    private nonisolated static func from(_ context: UnsafeMutableRawPointer?) -> IBusEngine {
        Unmanaged<IBusEngine>.fromOpaque(context!).takeUnretainedValue()
    }

    // MARK: Events

    /// A field took the focus (its client named), or none has it. IBus's own context (client
    /// `fake`, what GNOME Shell focuses when no text field has the focus) is no field, nor is
    /// a focus that names no client (the daemon's, when the engine is chosen).
    private func focus(_ focusedClient: String?) {
        let field = focusedClient.flatMap { $0 == "fake" || $0.isEmpty ? nil : $0 }
        // The Shell switches the engine off for a password it hands over: its focus-out is that.
        guard served.ownFocus(field != nil) != .unchanged else { return }
        serve(field != nil)
    }

    /// The proxy's field is another one now (`active`), or there is none.
    private func serve(_ active: Bool) {
        // Another field without a focus-out between: the first one goes, so a composition
        // stays in the field it was typed in.
        if active, proxy?.state.isActive == true {
            pending.append { $0.deactivate() }
            done()
        }
        fieldType = ContentType()
        showsPreedit = false
        caretLocation = nil
        pending.append(active ? { $0.activate() } : { $0.deactivate() })
    }

    /// A password field GNOME Shell took from IBus has the focus (true) or lost it (false), as
    /// Clavis's extension says (`ShellHandover`): the keyboard serves it as a secure field and
    /// types into it through the extension. The extension and the engine's focus come on two
    /// connections, so a focus-out of the engine after the handover is ignored, and a handover
    /// ended after another field took the focus changes nothing (`HandoverFocus`).
    ///
    ///     engine.shellPasswordFocus(true)    // the proxy is active, its field secure
    public func shellPasswordFocus(_ focused: Bool) {
        guard served.handover(focused) != .unchanged else { return }
        serve(focused)
        if focused { contentType(ContentType(ibusPurpose: Self.passwordPurpose, ibusHints: 0)) }
        done()
    }

    /// IBus.InputPurpose.PASSWORD.
    static let passwordPurpose: UInt32 = 8

    /// A client that does not know its caret says an empty rectangle at the origin: unknown.
    private func caretMoved(x: Int32, y: Int32, width: Int32, height: Int32) {
        let location = x == 0 && y == 0 && width == 0 && height == 0 ? nil : (x: x + width / 2, y: y + height / 2)
        guard location?.x != caretLocation?.x || location?.y != caretLocation?.y else { return }
        caretLocation = location
        onCaretMove?()
    }

    private func contentType(_ type: ContentType) {
        fieldType = type
        pending.append { $0.contentType(type) }
    }

    /// GNOME relays a hidden GTK entry with no purpose, its text masked: masked text makes
    /// the field secure (nothing learned, no suggestions) all the same.
    private func surroundingText(_ text: String, cursor: Int, anchor: Int) {
        pending.append { $0.surroundingText(text, characterCursor: cursor, anchor: anchor) }
        if ContentType.isMasked(text), !fieldType.traits.isSecureTextEntry {
            contentType(ContentType(hint: fieldType.hint.union([.hiddenText, .sensitiveData]), purpose: fieldType.purpose))
        }
    }

    private func done() {
        let changes = pending
        pending = []
        proxy?.update { state in
            for change in changes { change(&state) }
            state.done()
        }
    }

    private func heard(_ keyval: UInt32) {
        if let echo = forwarded.firstIndex(of: keyval) {
            forwarded.remove(at: echo)
            return
        }
        onHardwareKey?(keyval)
    }

    // MARK: InputMethodConnection

    public func commitString(_ text: String) {
        if typesIntoShell {
            shellKeyboard?.commit(text)
            return
        }
        guard let ibus else { return }
        // A commit leaves the preedit where it was: the text takes its place.
        if showsPreedit { setPreeditString("", cursorBegin: 0, cursorEnd: 0) }
        clavis_ibus_commit(ibus, text)
    }

    public func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32) {
        // A password is typed as it is, never composed: there is no preedit through the Shell.
        guard let ibus, !typesIntoShell else { return }
        func characters(_ bytes: Int32) -> UInt32 {
            UInt32(String(decoding: text.utf8.prefix(max(0, Int(bytes))), as: UTF8.self).unicodeScalars.count)
        }
        let start = characters(cursorBegin), end = characters(cursorEnd)
        clavis_ibus_preedit(ibus, text, end, start, end)
        showsPreedit = !text.isEmpty
    }

    /// IBus counts characters; a client that never sends its text (an XIM or old client,
    /// without the surrounding-text capability) gets BackSpace and Delete keys instead.
    public func deleteSurroundingText(before: String, after: String) {
        guard let ibus else { return }
        let (back, forward) = (before.unicodeScalars.count, after.unicodeScalars.count)
        if !typesIntoShell, clavis_ibus_capabilities(ibus) & Self.surroundingTextCapability != 0 {
            clavis_ibus_delete_surrounding(ibus, -Int32(back), UInt32(back + forward))
        } else {
            for _ in 0..<back { sendKey(KeyPress(name: .backSpace)) }
            for _ in 0..<forward { sendKey(KeyPress(name: .delete)) }
        }
    }

    /// IBus_CAP_SURROUNDING_TEXT.
    static let surroundingTextCapability: UInt32 = 1 << 5

    /// Each request goes out on its own: IBus has no batches.
    public func commit(serial _: UInt32) {}

    public func sendKey(_ press: KeyPress) {
        guard let ibus else { return }
        guard let keysym = Keysym(named: press.name.keysym) else {
            onProblem?("cannot send \(press.description): unknown key name")
            return
        }
        if typesIntoShell, let shellKeyboard {
            // The engine is off: nothing comes back through it.
            shellKeyboard.press(press.heldKeysyms.map(\.rawValue) + [keysym.rawValue])
            return
        }
        guard clavis_ibus_has_focus(ibus) != 0 else {
            onProblem?("cannot send \(press.description): no text field has the focus")
            return
        }
        let key = keycode?(keysym)
        if let shellKeyboard, shellKeyboard.isPresent {
            // The device's keys come back through the engine as any key does: the modifiers,
            // Shift where the keymap puts the key on its second level, and the key.
            let keys = press.heldKeysyms.map(\.rawValue) + [keysym.rawValue]
            expectEcho(keys + (key?.shift == true && !press.shift ? [Keysym.shiftLeft.rawValue] : []))
            shellKeyboard.press(keys)
            return
        }
        if key == nil { onProblem?("\(press.description) is on no key of the keymap: sent without a keycode") }
        let evdev = key.map { $0.code > 8 ? $0.code - 8 : 0 } ?? 0
        expectEcho([keysym.rawValue])
        clavis_ibus_forward_key(ibus, keysym.rawValue, evdev, press.modifierMask(shifted: key?.shift ?? false))
    }

    /// Keys Clavis sent, which are no hardware key when they pass through the engine.
    private func expectEcho(_ keysyms: [UInt32]) {
        forwarded.append(contentsOf: keysyms)
        if forwarded.count > 16 { forwarded.removeFirst(forwarded.count - 16) }
    }
}
