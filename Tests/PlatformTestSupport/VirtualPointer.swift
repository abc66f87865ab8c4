import CWayland
import ClavisWayland
#if canImport(Glibc)
import Glibc
#endif

/// A mouse on a headless Wayland compositor, for GUI tests and benchmarks: a wlroots virtual
/// pointer that moves to a point of the output and clicks there, as a user's mouse would.
///
/// A headless compositor has no input devices, so its seat has no pointer and clients never
/// get a `wl_pointer` to receive clicks on; this pointer is one, and stays one until it is
/// released.
///
///     let mouse = try VirtualPointer(display: socketPath, output: (1280, 800))
///     mouse.click(x: 640, y: 700)
public final class VirtualPointer {
    private let registry: WaylandRegistry
    private let pointer: OpaquePointer
    /// The size of the output layout absolute motion is given in (change it when the output turns).
    public var extent: (width: UInt32, height: UInt32)

    /// Connects to `display` and adds a pointer to its seat; `output` is the size of the
    /// (single) output, the extent absolute motion is given in.
    public init(display: String, output: (width: Int, height: Int)) throws {
        registry = try WaylandRegistry(display: display)
        guard let seat = registry.bind("wl_seat", clavis_wl_seat_interface(), version: 1),
              let manager = registry.bind("zwlr_virtual_pointer_manager_v1", clavis_virtual_pointer_manager_interface(), version: 1),
              let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat) else {
            throw WaylandError.unsupported("the compositor offers no virtual pointer")
        }
        self.pointer = pointer
        extent = (UInt32(output.width), UInt32(output.height))
        wl_display_roundtrip(registry.display)
    }

    deinit {
        zwlr_virtual_pointer_v1_destroy(pointer)
        wl_display_roundtrip(registry.display)
    }

    /// Moves to a point of the output, in its layout coordinates.
    public func move(x: Int, y: Int) {
        zwlr_virtual_pointer_v1_motion_absolute(pointer, Self.now(), UInt32(x), UInt32(y), extent.width, extent.height)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(registry.display)
    }

    /// Presses (`true`) or releases the left button where the pointer is.
    public func button(pressed: Bool) {
        // BTN_LEFT (linux/input-event-codes.h); state 1 is pressed.
        zwlr_virtual_pointer_v1_button(pointer, Self.now(), 0x110, pressed ? 1 : 0)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(registry.display)
    }

    /// Moves to the point and clicks the left button there.
    public func click(x: Int, y: Int) {
        move(x: x, y: y)
        button(pressed: true)
        button(pressed: false)
    }

    private static func now() -> UInt32 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt32(truncatingIfNeeded: time.tv_sec * 1000 + time.tv_nsec / 1_000_000)
    }
}
