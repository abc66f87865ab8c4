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
        guard gtk_init_check(nil, nil) != 0 else {
            throw .cannotOpenDisplay(x11.isEmpty ? wayland : x11)
        }
        sayWhenTheDisplayIsLost()
        MainLoop.integrateMainQueue()
        started = true
    }

    @MainActor private static var started = false

    /// GDK ends the process with status 1 and, on X11, no word when the X server goes away:
    /// a keyboard that vanished silently looks like a crash. Its I/O error handler is
    /// replaced by one that says so, then exits the same way.
    @MainActor private static func sayWhenTheDisplayIsLost() {
        guard let display = gdk_display_get_default(),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self), gdk_x11_display_get_type()) != 0 else { return }
        XSetIOErrorHandler { display in
            let name = display.map { String(cString: XDisplayString($0)) } ?? "?"
            let line = Array("clavis: lost the display \(name) (the X server closed the connection)\n".utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            _exit(1)
        }
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
