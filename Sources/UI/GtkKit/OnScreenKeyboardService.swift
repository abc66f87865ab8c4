/// The D-Bus interface Phosh and other mobile shells use to show and hide the on-screen
/// keyboard (squeekboard's `sm.puri.OSK0` at `/sm/puri/OSK0`): a `SetVisible(b)` method and
/// a read-only `Visible` property whose changes are signalled.
///
/// The name is taken on the session bus the keyboard's own actions use; when another keyboard
/// (squeekboard) owns it, `onNameLost` says so and Clavis keeps its own interface only.
///
///     let osk = OnScreenKeyboardService(connection: actions.connection!)
///     osk.onSetVisible = { $0 ? panel.show() : panel.hide() }
///     osk.visible = true      // after the panel is shown: PropertiesChanged goes out
@MainActor
public final class OnScreenKeyboardService {
    public static let name = "sm.puri.OSK0"
    public static let path = "/sm/puri/OSK0"
    /// Called when a shell asks to show (`true`) or hide the keyboard.
    public var onSetVisible: ((Bool) -> Void)?
    /// Called when the name could not be taken (another keyboard has it).
    public var onNameLost: (() -> Void)?
    /// Whether the keyboard is shown; setting it tells the bus.
    public var visible = false {
        didSet { if visible != oldValue { announceVisible() } }
    }
    private let connection: OpaquePointer
    private var registration: guint = 0
    private var ownership: guint = 0

    public init(connection: OpaquePointer) {
        self.connection = connection
        let xml = """
            <node><interface name="\(Self.name)">
              <method name="SetVisible"><arg type="b" name="visible" direction="in"/></method>
              <property name="Visible" type="b" access="read"/>
            </interface></node>
            """
        guard let node = g_dbus_node_info_new_for_xml(xml, nil), let interface = node.pointee.interfaces?.pointee else { return }
        defer { g_dbus_node_info_unref(node) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        registration = g_dbus_connection_register_object(connection, Self.path, interface, serviceVTable, me, nil, nil)
        ownership = g_bus_own_name_on_connection_with_closures(
            connection, Self.name, G_BUS_NAME_OWNER_FLAGS_NONE, nil,
            g_cclosure_new(unsafeBitCast(nameLost, to: GCallback.self), me, nil))
    }

    isolated deinit {
        if ownership != 0 { g_bus_unown_name(ownership) }
        if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
    }

    fileprivate func setVisible(_ wanted: Bool) {
        onSetVisible?(wanted)
    }

    /// `org.freedesktop.DBus.Properties.PropertiesChanged` for Visible.
    private func announceVisible() {
        guard registration != 0 else { return }
        let entryType = g_variant_type_new("{sv}")
        let stringType = g_variant_type_new("s")
        defer {
            g_variant_type_free(entryType)
            g_variant_type_free(stringType)
        }
        var entry: OpaquePointer? = g_variant_new_dict_entry(g_variant_new_string("Visible"), g_variant_new_variant(g_variant_new_boolean(visible ? 1 : 0)))
        var children: [OpaquePointer?] = [
            g_variant_new_string(Self.name),
            g_variant_new_array(entryType, &entry, 1),
            g_variant_new_array(stringType, nil, 0),
        ]
        let parameters = g_variant_new_tuple(&children, 3)
        g_dbus_connection_emit_signal(connection, nil, Self.path, "org.freedesktop.DBus.Properties", "PropertiesChanged", parameters, nil)
    }
}

private func service(_ data: gpointer?) -> OnScreenKeyboardService {
    Unmanaged<OnScreenKeyboardService>.fromOpaque(data!).takeUnretainedValue()
}

nonisolated(unsafe) private let serviceVTable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
    let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
    table.initialize(to: GDBusInterfaceVTable())
    table.pointee.method_call = { _, _, _, _, method, parameters, invocation, data in
        let keyboard = service(data)
        if let method, String(cString: method) == "SetVisible", let parameters, let argument = g_variant_get_child_value(parameters, 0) {
            let wanted = g_variant_get_boolean(argument) != 0
            g_variant_unref(argument)
            MainActor.assumeIsolated { keyboard.setVisible(wanted) }
        }
        g_dbus_method_invocation_return_value(invocation, nil)
    }
    table.pointee.get_property = { _, _, _, _, property, _, data in
        let keyboard = service(data)
        guard let property, String(cString: property) == "Visible" else { return nil }
        let visible = MainActor.assumeIsolated { keyboard.visible }
        return g_variant_new_boolean(visible ? 1 : 0)
    }
    return table
}()

/// `name-lost` of `g_bus_own_name_on_connection_with_closures`: (connection, name, data).
nonisolated(unsafe) private let nameLost: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, gpointer?) -> Void = { _, _, data in
    let keyboard = service(data)
    MainActor.assumeIsolated { keyboard.onNameLost?() }
}
