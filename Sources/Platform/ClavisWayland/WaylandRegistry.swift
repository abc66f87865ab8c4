import CWayland
#if canImport(Glibc)
import Glibc
#endif

/// Why the Wayland connection could not be made.
public enum WaylandError: Error, CustomStringConvertible {
    case cannotConnect(display: String)
    case unsupported(String)

    public var description: String {
        switch self {
        case .cannotConnect(let display): "cannot connect to the Wayland display '\(display)'"
        case .unsupported(let message): message
        }
    }
}

/// A connection to a Wayland compositor and the globals it announced: what Clavis's input
/// method binds its seat and managers from (and the tests their virtual pointer).
///
///     let registry = try WaylandRegistry()
///     registry.offers("zwp_input_method_manager_v2")   // true on sway
///     let seat = registry.bind("wl_seat", clavis_wl_seat_interface(), version: 1)
public final class WaylandRegistry {
    public let display: OpaquePointer
    /// The interfaces announced, with the global's name and highest version (the first
    /// global of each interface: the first seat is the one served).
    public private(set) var globals: [String: (name: UInt32, version: UInt32)] = [:]
    private var registry: OpaquePointer?

    /// Connects to `WAYLAND_DISPLAY` (or `name`, a socket name or path) and reads the globals.
    public init(display name: String? = nil) throws(WaylandError) {
        // libwayland prints its own lines on failures Clavis reports in one of its own.
        clavis_wayland_quiet_log()
        guard let display = wl_display_connect(name) else {
            let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw .cannotConnect(display: shown)
        }
        self.display = display
        readGlobals()
    }

    /// Reads the globals of a connection made by someone else: GTK's, when the compositor
    /// handed Clavis one socket (`WAYLAND_SOCKET`) for its surfaces and its input method alike.
    public init(sharing display: OpaquePointer) {
        self.display = display
        readGlobals()
    }

    private func readGlobals() {
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
    }

    /// Whether the compositor announced `interface`.
    public func offers(_ interface: String) -> Bool { globals[interface] != nil }

    /// Binds the global of `interface` at `version` (or the compositor's, if lower).
    public func bind(_ interface: String, _ description: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        guard let registry, let global = globals[interface] else { return nil }
        return OpaquePointer(wl_registry_bind(registry, global.name, description, min(version, global.version)))
    }

    fileprivate func announce(name: UInt32, interface: String, version: UInt32) {
        if globals[interface] == nil { globals[interface] = (name, version) }
    }
}

nonisolated(unsafe) private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_registry_listener(
        global: { data, _, name, interface, version in
            let registry = Unmanaged<WaylandRegistry>.fromOpaque(data!).takeUnretainedValue()
            registry.announce(name: name, interface: interface.map { String(cString: $0) } ?? "", version: version)
        },
        global_remove: { _, _, _ in }
    ))
    return listener
}()
