/// Connects Swift closures to GObject signals.
///
/// `g_signal_connect` is a macro and does not import, so this calls `g_signal_connect_data`
/// with a `@convention(c)` thunk whose type matches the signal's C signature exactly (a
/// wrong return type leaves garbage in the "handled" flag; a wrong argument type reads the
/// wrong registers). The Swift closure is boxed, retained, and released by a
/// `GClosureNotify` when GTK disconnects the handler or destroys the widget, so the box lives
/// exactly as long as the connection: never freed early (swift-cross-ui's use-after-free),
/// never leaked.
///
///     Signal.connect(area, "button-press-event") { event in
///         print(event.pointee.button.x); return true
///     }
///
/// Handlers run on the thread that runs the GTK main loop, which is the main thread, so they
/// are `@MainActor` and the thunks enter the main actor with `assumeIsolated`.
public enum Signal {
    /// A signal with the C shape `gboolean (*)(GtkWidget*, GdkEvent*, gpointer)`.
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        event handler: @escaping @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(eventThunk, to: GCallback.self))
    }

    /// The `draw` signal: `gboolean (*)(GtkWidget*, cairo_t*, gpointer)`.
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        draw handler: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(drawThunk, to: GCallback.self))
    }

    /// `size-allocate`: `void (*)(GtkWidget*, GdkRectangle*, gpointer)`.
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        allocation handler: @escaping @MainActor (GdkRectangle) -> Void
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(allocationThunk, to: GCallback.self))
    }

    /// A signal with no arguments and no result: `void (*)(GObject*, gpointer)`
    /// (`destroy`, `activate`, `changed`, `clicked`, …).
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(voidThunk, to: GCallback.self))
    }

    /// A signal with one pointer argument and no result: `void (*)(GObject*, gpointer arg, gpointer)`
    /// (`set-focus` with the new focus widget, `notify::property` with its GParamSpec, …).
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        pointer handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(pointerThunk, to: GCallback.self))
    }

    /// GFileMonitor's `changed`: `void (*)(GFileMonitor*, GFile*, GFile*, GFileMonitorEvent, gpointer)`.
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        fileEvent handler: @escaping @MainActor (GFileMonitorEvent) -> Void
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(fileEventThunk, to: GCallback.self))
    }

    /// GtkCssProvider's `parsing-error`: `void (*)(GtkCssProvider*, GtkCssSection*, GError*, gpointer)`;
    /// the handler gets the 1-based line and column and the message.
    @MainActor @discardableResult
    public static func connect<T>(
        _ instance: UnsafeMutablePointer<T>, _ name: String,
        cssError handler: @escaping @MainActor (Int, Int, String) -> Void
    ) -> gulong {
        attach(instance, name, Box(handler), unsafeBitCast(cssErrorThunk, to: GCallback.self))
    }

    /// Disconnects a handler; GTK then releases its box.
    @MainActor
    public static func disconnect<T>(_ instance: UnsafeMutablePointer<T>, _ handlerID: gulong) {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(instance), handlerID)
    }

    @MainActor
    private static func attach<T, H>(
        _ instance: UnsafeMutablePointer<T>, _ name: String, _ box: Box<H>, _ thunk: GCallback
    ) -> gulong {
        g_signal_connect_data(
            UnsafeMutableRawPointer(instance), name, thunk,
            Unmanaged.passRetained(box).toOpaque(), releaseBox, GConnectFlags(0))
    }
}

/// A Swift closure carried through C as `gpointer` user data.
final class Box<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    static func from(_ data: UnsafeMutableRawPointer?) -> Handler {
        Unmanaged<Box<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

/// Releases any `Box` once GTK is done with it. The generic parameter does not matter for
/// `release`, so one notify serves every box type.
nonisolated(unsafe) let releaseBox: GClosureNotify = { data, _ in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}

typealias EventHandler = @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool
typealias DrawHandler = @MainActor (OpaquePointer) -> Bool
typealias AllocationHandler = @MainActor (GdkRectangle) -> Void
typealias VoidHandler = @MainActor () -> Void

nonisolated(unsafe) let eventThunk: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkEvent>?, UnsafeMutableRawPointer?
) -> gboolean = { _, event, data in
    guard let event else { return 0 }
    let handler = Box<EventHandler>.from(data)
    let address = UInt(bitPattern: event)
    return MainActor.assumeIsolated {
        handler(UnsafeMutablePointer(bitPattern: address)!) ? 1 : 0
    }
}

nonisolated(unsafe) let drawThunk: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?
) -> gboolean = { _, cairo, data in
    guard let cairo else { return 0 }
    let handler = Box<DrawHandler>.from(data)
    let address = UInt(bitPattern: cairo)
    return MainActor.assumeIsolated {
        handler(OpaquePointer(bitPattern: address)!) ? 1 : 0
    }
}

nonisolated(unsafe) let allocationThunk: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?
) -> Void = { _, rectangle, data in
    guard let rectangle else { return }
    let handler = Box<AllocationHandler>.from(data)
    let value = rectangle.pointee
    MainActor.assumeIsolated { handler(value) }
}

nonisolated(unsafe) let voidThunk: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
) -> Void = { _, data in
    let handler = Box<VoidHandler>.from(data)
    MainActor.assumeIsolated { handler() }
}

typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

nonisolated(unsafe) let pointerThunk: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
) -> Void = { _, argument, data in
    let handler = Box<PointerHandler>.from(data)
    let address = UInt(bitPattern: argument)
    MainActor.assumeIsolated { handler(UnsafeMutableRawPointer(bitPattern: address)) }
}

typealias FileEventHandler = @MainActor (GFileMonitorEvent) -> Void

nonisolated(unsafe) let fileEventThunk: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, GFileMonitorEvent, UnsafeMutableRawPointer?
) -> Void = { _, _, _, event, data in
    let handler = Box<FileEventHandler>.from(data)
    MainActor.assumeIsolated { handler(event) }
}

typealias CSSErrorHandler = @MainActor (Int, Int, String) -> Void

nonisolated(unsafe) let cssErrorThunk: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?
) -> Void = { _, section, error, data in
    let handler = Box<CSSErrorHandler>.from(data)
    let line = section.map { Int(gtk_css_section_get_start_line($0)) + 1 } ?? 0
    let column = section.map { Int(gtk_css_section_get_start_position($0)) + 1 } ?? 0
    let message = error.map { String(cString: $0.pointee.message) } ?? "unknown CSS error"
    MainActor.assumeIsolated { handler(line, column, message) }
}
