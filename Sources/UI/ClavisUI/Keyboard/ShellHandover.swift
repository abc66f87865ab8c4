import ClavisEngine
import GtkKit

/// What GNOME Shell hands over to Clavis through Clavis's Shell extension, on the session bus
/// (`io.github.clavis.Keyboard` at `/io/github/clavis/Keyboard`):
///
/// - `Touch(u id, u phase, d x, d y)`: presses that reach Clavis through the Shell rather than
///   through its window. While the Shell holds the input (the overview, the run dialog, a
///   password dialog), no click reaches an application's window, so the extension shows the
///   keyboard above the Shell's UI, catches the presses over it and hands them here (x and y
///   in the window's own coordinates, phase 0 down, 1 moved, 2 up, 3 cancelled).
/// - `SecureFocus(b focused)`: a password field took the focus, or lost it. The Shell switches
///   IBus off for a password, so no engine hears of the field; the extension does, and Clavis
///   types there through it (`ShellKeyboard.commit`).
///
/// Only the extension is heard: a call from any other program on the bus (anything of the
/// session could otherwise press Clavis's keys or turn its bar off) is refused, the sender
/// checked against the owner of the extension's own name, `io.github.clavis.Shell`.
///
///     let shell = ShellHandover()
///     shell.onTouch = { keyboard.handedTouch($0) }
///     shell.onSecureFocus = { engine.shellPasswordFocus($0) }
@MainActor
public final class ShellHandover {
    public static let name = "io.github.clavis.Keyboard"
    public static let path = "/io/github/clavis/Keyboard"

    /// Called for each press the Shell hands over.
    public var onTouch: ((HandedTouch) -> Void)?
    /// Called when a password field the Shell took from IBus gets the focus (true) or loses it.
    public var onSecureFocus: ((Bool) -> Void)?
    private var connection: OpaquePointer?
    private var registration: guint = 0
    private var ownership: guint = 0
    private var watch: guint = 0
    /// The unique bus name of the extension's connection, while it is there.
    fileprivate var shellOwner: String?

    /// Serves the interface on the session bus (nothing without one).
    public init() {
        var error: UnsafeMutablePointer<GError>?
        connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error { g_error_free(error) }
        guard let connection else { return }
        let xml = """
            <node><interface name="\(Self.name)">
              <method name="Touch"><arg type="u" name="id" direction="in"/><arg type="u" name="phase" direction="in"/>
                <arg type="d" name="x" direction="in"/><arg type="d" name="y" direction="in"/></method>
              <method name="SecureFocus"><arg type="b" name="focused" direction="in"/></method>
            </interface></node>
            """
        guard let node = g_dbus_node_info_new_for_xml(xml, nil), let interface = node.pointee.interfaces?.pointee else { return }
        defer { g_dbus_node_info_unref(node) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        registration = g_dbus_connection_register_object(connection, Self.path, interface, handoverVTable, me, nil, nil)
        ownership = g_bus_own_name_on_connection(connection, Self.name, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
        watch = g_bus_watch_name_on_connection(connection, Self.shellName, G_BUS_NAME_WATCHER_FLAGS_NONE, { _, _, owner, context in
            let owner = owner.map { String(cString: $0) }
            MainActor.assumeIsolated { Unmanaged<ShellHandover>.fromOpaque(context!).takeUnretainedValue().shellOwner = owner }
        }, { _, _, context in
            MainActor.assumeIsolated { Unmanaged<ShellHandover>.fromOpaque(context!).takeUnretainedValue().shellOwner = nil }
        }, me, nil)
    }

    /// The extension's own name (`ShellKeyboard.busName`).
    nonisolated static let shellName = "io.github.clavis.Shell"

    isolated deinit {
        if watch != 0 { g_bus_unwatch_name(watch) }
        if ownership != 0 { g_bus_unown_name(ownership) }
        if let connection {
            if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    fileprivate func received(_ touch: HandedTouch) {
        onTouch?(touch)
    }

    fileprivate func secureFocus(_ focused: Bool) {
        onSecureFocus?(focused)
    }
}

nonisolated(unsafe) private let handoverVTable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
    let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    table.initialize(to: GDBusInterfaceVTable())
    table.pointee.method_call = { _, sender, _, _, method, parameters, invocation, data in
        let service = Unmanaged<ShellHandover>.fromOpaque(data!).takeUnretainedValue()
        let caller = sender.map { String(cString: $0) }
        guard MainActor.assumeIsolated({ caller != nil && caller == service.shellOwner }) else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.AccessDenied",
                                                              "only Clavis's GNOME Shell extension (\(ShellHandover.shellName)) hands over")
        }
        let name = method.map { String(cString: $0) }
        func child(_ index: gsize) -> OpaquePointer { g_variant_get_child_value(parameters, index) }
        if name == "SecureFocus", let parameters, g_variant_n_children(parameters) == 1 {
            let focused = child(0)
            defer { g_variant_unref(focused) }
            let value = g_variant_get_boolean(focused) != 0
            MainActor.assumeIsolated { service.secureFocus(value) }
            return g_dbus_method_invocation_return_value(invocation, nil)
        }
        guard name == "Touch", let parameters, g_variant_n_children(parameters) == 4 else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod",
                                                              "Touch(u id, u phase, d x, d y) and SecureFocus(b focused) only")
        }
        let (id, phase, x, y) = (child(0), child(1), child(2), child(3))
        defer { [id, phase, x, y].forEach { g_variant_unref($0) } }
        guard let touch = HandedTouch(id: g_variant_get_uint32(id), phase: g_variant_get_uint32(phase),
                                      x: g_variant_get_double(x), y: g_variant_get_double(y)) else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.InvalidArgs",
                                                              "phase is 0 to 3, x and y numbers within a million points")
        }
        MainActor.assumeIsolated { service.received(touch) }
        g_dbus_method_invocation_return_value(invocation, nil)
    }
    return table
}()
