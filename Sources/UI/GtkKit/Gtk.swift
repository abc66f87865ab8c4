import Glibc

/// Why GTK could not start.
public enum GtkStartError: Error, CustomStringConvertible, Equatable {
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set.
    case noDisplayVariable
    /// A display is named but GTK could not open it.
    case cannotOpenDisplay(String)

    public var description: String {
        switch self {
        case .noDisplayVariable:
            "no graphical display found (DISPLAY and WAYLAND_DISPLAY are unset)"
        case .cannotOpenDisplay(let name):
            "cannot open display '\(name)'"
        }
    }
}

/// Starts GTK the way an on-screen keyboard wants it.
public enum Gtk {
    /// Initialises GTK once; later calls return at once.
    ///
    /// Sets `GDK_GL=disable` first (unless the user set it): a keyboard drawn with cairo needs
    /// no GL, and not loading Mesa saves about 50 MB of resident memory. Fails with a clear
    /// reason instead of GTK's own warning when there is no display.
    @MainActor
    public static func start() throws(GtkStartError) {
        if started { return }
        setenv("GDK_GL", "disable", 0)
        let x11 = getenv("DISPLAY").map { String(cString: $0) } ?? ""
        let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
        if x11.isEmpty && wayland.isEmpty { throw .noDisplayVariable }
        sayWhenTheCompositorIsLost()
        guard gtk_init_check(nil, nil) != 0 else {
            throw .cannotOpenDisplay(x11.isEmpty ? wayland : x11)
        }
        sayWhenTheDisplayIsLost()
        MainLoop.integrateMainQueue()
        started = true
    }

    @MainActor private static var started = false

    /// On Wayland GDK ends the process after a message of its own ("Gdk-Message: Lost
    /// connection to Wayland compositor."); Clavis's line comes first, in its own words. The
    /// log writer passes every message on to GLib's default one.
    @MainActor private static func sayWhenTheCompositorIsLost() {
        g_log_set_writer_func(sayingWhenTheCompositorIsLost, nil, nil)
    }

    /// GDK ends the process with status 1 and, on X11, no word when the X server goes away:
    /// a keyboard that vanished silently looks like a crash. Its I/O error handler is
    /// replaced by one that says so, then exits the same way.
    @MainActor private static func sayWhenTheDisplayIsLost() {
        guard let display = gdk_display_get_default(),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self), gdk_x11_display_get_type()) != 0 else { return }
        XSetIOErrorHandler(sayingTheDisplayIsLost)
    }

    /// Starts fontconfig's set-up on another thread: it parses about sixty files under
    /// /etc/fonts (15–20 ms) the first time Pango lays out text, and started here it overlaps
    /// with reading the settings and the layouts instead of delaying the first frame.
    /// fontconfig's set-up is thread-safe: if GTK asks first, it waits for or redoes it.
    ///
    /// Call it after `start()`: started before GTK opened its display, about one start in
    /// twenty failed to open it (under Xvfb; not understood; none in 140 starts since).
    ///
    ///     try Gtk.start()
    ///     Gtk.prepareFonts()
    ///     let services = …            // settings and layouts, meanwhile
    public static func prepareFonts() {
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in
            FcInit()
            return nil
        }, nil) == 0 else { return }
        pthread_detach(thread)
    }
}

/// GLib's log writer while Clavis runs: says "lost the compositor" before GDK's message about
/// it, and passes every message on to the default writer. Not isolated to the main actor:
/// any thread may log.
private func sayingWhenTheCompositorIsLost(_ level: GLogLevelFlags, _ fields: UnsafePointer<GLogField>?, _ count: gsize,
                                           _ data: gpointer?) -> GLogWriterOutput {
    var domain = "", message = ""
    for index in 0..<Int(count) {
        guard let field = fields?[index], let key = field.key, let value = field.value else { continue }
        let text = field.length < 0
            ? String(cString: value.assumingMemoryBound(to: CChar.self))
            : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
        switch String(cString: key) {
        case "GLIB_DOMAIN": domain = text
        case "MESSAGE": message = text
        default: break
        }
    }
    if domain == "Gdk", message.hasPrefix("Lost connection to Wayland compositor") || message.hasPrefix("Error reading events from display")
        || message.hasPrefix("Error flushing display") || message.contains("dispatching to Wayland display") {
        let trimmed = message.hasSuffix(".") ? String(message.dropLast()) : message
        writeLine("clavis: lost the compositor (\(trimmed))")
    }
    return g_log_writer_default(level, fields, count, data)
}

/// Xlib's I/O error handler while Clavis runs on X11: says so, and exits as GDK's would.
private func sayingTheDisplayIsLost(_ display: OpaquePointer?) -> Int32 {
    let name = display.map { String(cString: XDisplayString($0)) } ?? "?"
    writeLine("clavis: lost the display \(name) (the X server closed the connection)")
    _exit(1)
}

/// One line to standard error, with write(2): safe on any thread, and before an `_exit`.
private func writeLine(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
