import ClavisEngine
import ClavisLayout
import GtkKit

/// The keyboard alone in its own window, typing into other applications (`clavis keyboard`).
///
/// The window never takes the keyboard focus (accept-focus and focus-on-map off), so the
/// application the user was typing into keeps it while keys are clicked; it stays above
/// other windows and out of the task bar. Floating, it is a utility window at the bottom of
/// the screen that the user can move. Docked, it is a dock window across the bottom of the
/// monitor that reserves its height with `_NET_WM_STRUT_PARTIAL`, so maximised windows end
/// above it instead of under it. The dismiss key hides it; `show()` brings it back.
///
///     let panel = KeyboardWindow(layouts: layouts, proxy: xtestProxy, docked: true)
///     panel.show()
@MainActor
public final class KeyboardWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let keyboard: KeyboardView
    /// Whether the window is docked to the bottom of the monitor (else floating).
    public let docked: Bool
    private var geometryExport: GeometryExport?

    public init(layouts: [KeyboardLayout], proxy: any TextDocumentProxy, docked: Bool) {
        self.docked = docked
        keyboard = KeyboardView(layouts: layouts)
        keyboard.proxy = proxy
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        gtk_window_set_title(gtkWindow, "Clavis keyboard")
        gtk_window_set_icon_name(gtkWindow, "clavis")
        gtk_window_set_accept_focus(gtkWindow, 0)
        gtk_window_set_focus_on_map(gtkWindow, 0)
        gtk_window_set_keep_above(gtkWindow, 1)
        gtk_window_set_skip_taskbar_hint(gtkWindow, 1)
        gtk_window_set_skip_pager_hint(gtkWindow, 1)
        gtk_window_set_type_hint(gtkWindow, docked ? GDK_WINDOW_TYPE_HINT_DOCK : GDK_WINDOW_TYPE_HINT_UTILITY)
        gtk_container_add(gtkCast(window), keyboard.widget)
        keyboard.onDismiss = { [weak self] in self?.hide() }
        let frame = placement()
        keyboard.hostSize = (Double(frame.monitor.width), Double(frame.monitor.height))
        gtk_window_set_default_size(gtkWindow, frame.window.width, frame.window.height)
        gtk_window_move(gtkWindow, frame.window.x, frame.window.y)
        if docked {
            gtk_window_set_resizable(gtkWindow, 0)
            gtk_widget_set_size_request(window, frame.window.width, frame.window.height)
            Signal.connect(window, "realize") { [weak self] in self?.reserveScreenEdge() }
        }
        Signal.connect(window, "delete-event", event: { [weak self] _ in self?.hide(); return true })
        if let screen = gtk_widget_get_screen(window) {
            Signal.connect(UnsafeMutablePointer<GObject>(screen), "size-changed") { [weak self] in self?.screenChanged() }
        }
        gtk_widget_show(keyboard.widget)
    }

    /// Whether the keyboard is on screen.
    public var isVisible: Bool { gtk_widget_get_visible(window) != 0 }

    public func show() {
        guard !isVisible else { return }
        let frame = placement()
        gtk_window_move(gtkCast(window), frame.window.x, frame.window.y)
        gtk_widget_show(window)
        refreshExport()
    }

    public func hide() {
        guard isVisible else { return }
        gtk_widget_hide(window)
        refreshExport()
    }

    public func toggle() {
        isVisible ? hide() : show()
    }

    /// The X windows of this process (the keyboard, its popups and menus): the ones that
    /// must never receive the keyboard's key presses.
    public var ownWindowIDs: Set<UInt> {
        var ids: Set<UInt> = []
        let toplevels = gtk_window_list_toplevels()
        var node = toplevels
        while let current = node {
            if let widget = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self),
               let gdkWindow = gtk_widget_get_window(widget) {
                ids.insert(UInt(gdk_x11_window_get_xid(gdkWindow)))
            }
            node = current.pointee.next
        }
        g_list_free(toplevels)
        return ids
    }

    /// Keeps a `--geometry-out` file up to date (key frames, visibility, layer).
    public func export(to path: String) {
        geometryExport = GeometryExport(path: path)
        keyboard.onDraw = { [weak self] in
            guard let self else { return }
            self.geometryExport?.write(self.keyboard, visible: self.isVisible)
        }
        Signal.connect(window, "configure-event", event: { [weak self] _ in self?.refreshExport(); return false })
        // A keyboard started hidden says so at once.
        refreshExport()
    }

    /// After showing, hiding or moving: see `GeometryExport.refresh`.
    private func refreshExport() {
        geometryExport?.refresh(keyboard, visible: isVisible)
    }

    /// Where the window goes on the primary monitor now.
    private func placement() -> (monitor: GdkRectangle, window: GdkRectangle) {
        var monitor = GdkRectangle(x: 0, y: 0, width: 1280, height: 720)
        var workarea = monitor
        if let display = gdk_display_get_default(),
           let primary = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0) {
            gdk_monitor_get_geometry(primary, &monitor)
            gdk_monitor_get_workarea(primary, &workarea)
        }
        return (monitor, Self.frame(docked: docked, monitor: monitor, workarea: workarea))
    }

    /// The keyboard window's frame on a monitor: docked, across its bottom, a third of its
    /// height at most 320 pixels; floating, 60 % of the work area's width (640 pixels at
    /// least, never wider than the work area less a margin), centred 16 pixels above its
    /// bottom edge.
    ///
    ///     KeyboardWindow.frame(docked: true, monitor: 1280×1024, workarea: …)   // 0, 704, 1280×320
    public nonisolated static func frame(docked: Bool, monitor: GdkRectangle, workarea: GdkRectangle) -> GdkRectangle {
        if docked {
            let height = min(monitor.height / 3, 320)
            return GdkRectangle(x: monitor.x, y: monitor.y + monitor.height - height, width: monitor.width, height: height)
        }
        let width = min(workarea.width - 32, max(640, workarea.width * 3 / 5))
        let height = min(workarea.height / 2, max(220, width * 9 / 25))
        return GdkRectangle(x: workarea.x + (workarea.width - width) / 2,
                            y: workarea.y + workarea.height - height - 16, width: width, height: height)
    }

    /// The screen changed size (a tablet rotated, a monitor plugged in): the keyboard takes
    /// the monitor's new shape (its orientation follows) and its place on it again.
    private func screenChanged() {
        let frame = placement()
        keyboard.hostSize = (Double(frame.monitor.width), Double(frame.monitor.height))
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        if docked {
            gtk_widget_set_size_request(window, frame.window.width, frame.window.height)
            reserveScreenEdge()
        }
        gtk_window_resize(gtkWindow, frame.window.width, frame.window.height)
        gtk_window_move(gtkWindow, frame.window.x, frame.window.y)
    }

    /// Reserves the docked keyboard's height at the bottom of the screen for it alone.
    private func reserveScreenEdge() {
        guard let gdkWindow = gtk_widget_get_window(window) else { return }
        let frame = placement()
        let screenHeight = gdk_window_get_height(gdk_get_default_root_window())
        var strut = KeyboardWindow.bottomStrut(keyboard: frame.window, screenHeight: Int(screenHeight)).map { CLong($0) }
        strut.withUnsafeMutableBytes { bytes in
            let data = bytes.baseAddress!.assumingMemoryBound(to: guchar.self)
            gdk_property_change(gdkWindow, gdk_atom_intern("_NET_WM_STRUT_PARTIAL", 0),
                                gdk_atom_intern("CARDINAL", 0), 32, GDK_PROP_MODE_REPLACE, data, 12)
            gdk_property_change(gdkWindow, gdk_atom_intern("_NET_WM_STRUT", 0),
                                gdk_atom_intern("CARDINAL", 0), 32, GDK_PROP_MODE_REPLACE, data, 4)
        }
    }

    /// The `_NET_WM_STRUT_PARTIAL` values reserving `keyboard`'s rows at the bottom of the
    /// screen, over the keyboard's width only (other monitors keep their whole height):
    /// left, right, top, bottom, then the start and end of each edge's span.
    public nonisolated static func bottomStrut(keyboard: GdkRectangle, screenHeight: Int) -> [Int] {
        let bottom = screenHeight - Int(keyboard.y)
        return [0, 0, 0, bottom, 0, 0, 0, 0, 0, 0, Int(keyboard.x), Int(keyboard.x + keyboard.width) - 1]
    }
}
