import CGio

/// GNOME Shell's keyboard device, lent by Clavis's Shell extension (data/gnome-shell): keys
/// pressed there are the seat's own, modifiers and all, as GNOME's keyboard presses them. A key
/// an IBus engine forwards reaches a Wayland application with the seat's modifiers instead,
/// so Ctrl+A arrives there as a plain "a"; through this device it is Ctrl+A.
///
/// The extension owns `io.github.clavis.Shell` on the session bus while it is enabled; this
/// watches for the name, so `isPresent` says whether keys can go this way (the extension may
/// come and go while Clavis runs). Calls are asynchronous and keep their order on the one
/// connection.
///
/// It also types into the password fields the Shell takes from IBus and hands to Clavis
/// (`commit`), as GNOME's own keyboard types into them.
///
///     let shell = ShellKeyboard()
///     if shell.isPresent { shell.press([Keysym.controlLeft.rawValue, Keysym("a").rawValue]) }   // Ctrl+A
@MainActor
public final class ShellKeyboard {
    public static let busName = "io.github.clavis.Shell"
    static let objectPath = "/io/github/clavis/Shell"

    /// Whether the extension serves keys now.
    public private(set) var isPresent = false
    /// A call went wrong (said once per kind of failure).
    public var onProblem: ((String) -> Void)?

    private var connection: OpaquePointer?
    private var watch: guint = 0
    private var said: Set<String> = []

    /// Watches the session bus for the extension; without a session bus there is none.
    public init() {
        var error: UnsafeMutablePointer<GError>?
        connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error { g_error_free(error) }
        guard let connection else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        watch = g_bus_watch_name_on_connection(connection, Self.busName, G_BUS_NAME_WATCHER_FLAGS_NONE, { _, _, _, context in
            MainActor.assumeIsolated { ShellKeyboard.from(context).isPresent = true }
        }, { _, _, context in
            MainActor.assumeIsolated { ShellKeyboard.from(context).isPresent = false }
        }, me, nil)
    }

    isolated deinit {
        if watch != 0 { g_bus_unwatch_name(watch) }
        if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
    }

    private nonisolated static func from(_ context: UnsafeMutableRawPointer?) -> ShellKeyboard {
        Unmanaged<ShellKeyboard>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Presses a chord on the Shell's device: `keysyms` but the last are modifiers, held down
    /// while the last key goes down and up (`[Control_L, a]` is Ctrl+A).
    public func press(_ keysyms: [UInt32]) {
        guard !keysyms.isEmpty else { return }
        var values: [OpaquePointer?] = keysyms.map { g_variant_new_uint32($0) }
        var array = g_variant_new_array(nil, &values, gsize(values.count))
        call("PressKeys", g_variant_new_tuple(&array, 1), what: "press a key")
    }

    /// Types `text` into the password field the Shell handed over (`ShellHandover`'s
    /// `SecureFocus`); the extension refuses it for any other field.
    public func commit(_ text: String) {
        guard !text.isEmpty else { return }
        var value: OpaquePointer? = g_variant_new_string(text)
        call("Commit", g_variant_new_tuple(&value, 1), what: "type into the password field")
    }

    /// Calls the extension's `method`; a failure is said once per message.
    private func call(_ method: String, _ arguments: OpaquePointer?, what: String) {
        guard let connection else {
            if let arguments { g_variant_unref(g_variant_ref_sink(arguments)) }
            return
        }
        // The reply only tells of a failure; the answer holds this object until it comes.
        let me = Unmanaged.passRetained(Failure(shell: self, what: what)).toOpaque()
        g_dbus_connection_call(connection, Self.busName, Self.objectPath, Self.busName, method, arguments, nil,
                               G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil, { source, result, context in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let reply { g_variant_unref(reply) }
            let message = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            MainActor.assumeIsolated {
                let failure = Unmanaged<Failure>.fromOpaque(context!).takeRetainedValue()
                if let message { failure.shell.failed(message, what: failure.what) }
            }
        }, me)
    }

    /// What a call was for, kept until its answer.
    private final class Failure {
        let shell: ShellKeyboard
        let what: String
        init(shell: ShellKeyboard, what: String) {
            self.shell = shell
            self.what = what
        }
    }

    private func failed(_ message: String, what: String) {
        guard said.insert(message).inserted else { return }
        onProblem?("GNOME Shell (the Clavis extension) did not \(what): \(message)")
    }
}
