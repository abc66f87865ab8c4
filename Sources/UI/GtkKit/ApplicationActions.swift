/// Named actions of a running application that other programs can call over D-Bus.
///
/// The first process with an application id owns it on the session bus (the primary
/// instance) and exports its actions there, as GtkApplication does; desktops, panel buttons
/// and gesture daemons activate them with `gapplication action ID NAME`, or with
/// `RemoteAction.activate`. A second process with the same id finds the first one running.
///
///     let actions = ApplicationActions(id: "io.github.clavis.Keyboard")
///     actions.add("toggle") { panel.toggle() }
///     if case .alreadyRunning = actions.register() { try RemoteAction.activate("show", application: id) }
@MainActor
public final class ApplicationActions {
    public let id: String
    private let application: UnsafeMutablePointer<GtkApplication>

    public init(id: String) {
        self.id = id
        application = gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(application))
    }

    /// Adds an action that runs `handler` when activated, here or over D-Bus.
    public func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        let object = UnsafeMutablePointer<GObject>(action)
        Signal.connect(object, "activate", pointer: { _ in handler() })
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// The session bus connection the actions are exported on (after `register()`), for
    /// other interfaces of the same process.
    public var connection: OpaquePointer? {
        g_application_get_dbus_connection(gtkCast(application) as UnsafeMutablePointer<GApplication>)
    }

    /// How registering on the session bus went.
    public enum Registration: Equatable {
        /// This process owns the id; its actions are on the bus.
        case primary
        /// Another process owns the id already.
        case alreadyRunning
        /// No session bus (or it refused): the actions work only inside this process.
        case unavailable(String)
    }

    /// Claims the id on the session bus and exports the actions.
    public func register() -> Registration {
        var error: UnsafeMutablePointer<GError>?
        let gApplication: UnsafeMutablePointer<GApplication> = gtkCast(application)
        guard g_application_register(gApplication, nil, &error) != 0 else {
            return .unavailable(takeMessage(error))
        }
        // Without a session bus GLib registers anyway, as a lone instance with nothing exported.
        guard g_application_get_dbus_connection(gApplication) != nil else {
            return .unavailable("no D-Bus session bus")
        }
        return g_application_get_is_remote(gApplication) != 0 ? .alreadyRunning : .primary
    }
}

/// Why an action of another process could not be called.
public enum RemoteActionError: Error, CustomStringConvertible, Equatable {
    case noSessionBus(String)
    case notRunning(String)
    case failed(String)

    public var description: String {
        switch self {
        case .noSessionBus(let message): "no D-Bus session bus (\(message))"
        case .notRunning(let id): "\(id) is not running"
        case .failed(let message): message
        }
    }
}

/// Calls an action of the application that owns an id on the session bus
/// (`org.gtk.Actions.Activate`, what `gapplication action` does), without starting it.
public enum RemoteAction {
    public static func activate(_ action: String, application id: String) throws(RemoteActionError) {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw .noSessionBus(takeMessage(error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let path = "/" + String(id.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
        let escaped = String(action.filter { $0 != "'" })
        guard let parameters = g_variant_parse(nil, "('\(escaped)', @av [], @a{sv} {})", nil, nil, &error) else {
            throw .failed(takeMessage(error))
        }
        defer { g_variant_unref(parameters) }
        let reply = g_dbus_connection_call_sync(bus, id, path, "org.gtk.Actions", "Activate", parameters, nil,
                                                G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, nil, &error)
        if let reply {
            g_variant_unref(reply)
            return
        }
        let remote = error.flatMap { g_dbus_error_get_remote_error($0) }.map { pointer in
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        let message = takeMessage(error)
        if remote == "org.freedesktop.DBus.Error.ServiceUnknown" || remote == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            throw .notRunning(id)
        }
        throw .failed(message)
    }
}

/// The message of a GError, which it frees.
private func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message)
}
