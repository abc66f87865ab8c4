import ClavisEngine
import GtkKit

/// Presses that reach Clavis through GNOME Shell rather than through its window: while the
/// Shell holds the input (the overview, the run dialog, a password dialog), no click reaches
/// an application's window, so Clavis's Shell extension shows the keyboard above the Shell's
/// UI, catches the presses over it and hands them here, on the session bus
/// (`io.github.clavis.Keyboard`, `Touch(u id, u phase, d x, d y)` at `/io/github/clavis/Keyboard`;
/// x and y in the window's own coordinates, phase 0 down, 1 moved, 2 up, 3 cancelled).
///
///     let touches = ShellTouchService()
///     touches.onTouch = { keyboard.handedTouch($0) }
@MainActor
public final class ShellTouchService {
    public static let name = "io.github.clavis.Keyboard"
    public static let path = "/io/github/clavis/Keyboard"

    /// Called for each press the Shell hands over.
    public var onTouch: ((HandedTouch) -> Void)?
    private var connection: OpaquePointer?
    private var registration: guint = 0
    private var ownership: guint = 0

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
            </interface></node>
            """
        guard let node = g_dbus_node_info_new_for_xml(xml, nil), let interface = node.pointee.interfaces?.pointee else { return }
        defer { g_dbus_node_info_unref(node) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        registration = g_dbus_connection_register_object(connection, Self.path, interface, touchVTable, me, nil, nil)
        ownership = g_bus_own_name_on_connection(connection, Self.name, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
    }

    isolated deinit {
        if ownership != 0 { g_bus_unown_name(ownership) }
        if let connection {
            if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    fileprivate func received(_ touch: HandedTouch) {
        onTouch?(touch)
    }
}

nonisolated(unsafe) private let touchVTable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
    let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    table.initialize(to: GDBusInterfaceVTable())
    table.pointee.method_call = { _, _, _, _, method, parameters, invocation, data in
        guard let method, String(cString: method) == "Touch", let parameters, g_variant_n_children(parameters) == 4 else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "Touch(u id, u phase, d x, d y) only")
        }
        func child(_ index: gsize) -> OpaquePointer { g_variant_get_child_value(parameters, index) }
        let (id, phase, x, y) = (child(0), child(1), child(2), child(3))
        defer { [id, phase, x, y].forEach { g_variant_unref($0) } }
        guard let touch = HandedTouch(id: g_variant_get_uint32(id), phase: g_variant_get_uint32(phase),
                                      x: g_variant_get_double(x), y: g_variant_get_double(y)) else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.InvalidArgs",
                                                              "phase is 0 to 3, x and y numbers within a million points")
        }
        let service = Unmanaged<ShellTouchService>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { service.received(touch) }
        g_dbus_method_invocation_return_value(invocation, nil)
    }
    return table
}()
