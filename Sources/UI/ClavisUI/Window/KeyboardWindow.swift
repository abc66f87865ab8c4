import ClavisEngine
import ClavisHost
import ClavisLayout
import ClavisSession
import GtkKit

/// What the keyboard's window is to the display server.
public enum KeyboardSurface: Equatable, Sendable {
    /// An X11 window (docked with a strut, or floating).
    case window
    /// A Wayland layer-shell surface (sway and the other wlroots compositors).
    case layerShell
    /// A Wayland input panel (`zwp_input_panel_v1`: KWin, Weston), whose role the host
    /// gives it through `onPanelSurface`.
    case inputPanel
    /// An XEmbed plug inside another program's window (a screensaver's or a greeter's
    /// embedded keyboard): that window places and sizes it (`plugID` is what it embeds).
    case plug
}

/// The keyboard alone in its own window, typing into other applications (`clavis keyboard`).
///
/// The window never takes the keyboard focus (accept-focus and focus-on-map off), so the
/// application the user was typing into keeps it while keys are clicked; it stays above
/// other windows and out of the task bar. Floating, it is a utility window at the bottom of
/// the screen (or where it was last left) with a handle strip on top: drag it to move the
/// window, drag its corner grip to resize it (the layout is solved again as it goes, and the
/// orientation follows the window's own shape); it is translucent while the pointer is
/// elsewhere (the theme's `.floating` opacity). Docked, it is a dock window across the bottom of the
/// monitor that reserves its height with `_NET_WM_STRUT_PARTIAL`, so maximised windows end
/// above it instead of under it. On Wayland it is a layer-shell surface instead
/// (see KeyboardWindow+LayerShell.swift), or under KWin and Weston an input panel
/// (KeyboardWindow+InputPanel.swift), or an XEmbed plug in a lock screen's dialog
/// (`clavis keyboard --xid`). The dismiss key hides it; `show()`
/// brings it back.
///
///     let panel = KeyboardWindow(session: session, proxy: xtestProxy, docked: true)
///     panel.show()
@MainActor
public final class KeyboardWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    public let keyboard: KeyboardView
    /// Whether the window is docked to the bottom of the monitor (else floating).
    public let docked: Bool
    /// What kind of surface the window is.
    public let surface: KeyboardSurface
    /// For an input panel: called each time the window is mapped, with its new Wayland
    /// surface (GTK makes one for each mapping) and the output it goes on, to be given the
    /// input panel's role before its first frame.
    public var onPanelSurface: ((_ surface: OpaquePointer, _ output: OpaquePointer?) -> Void)?
    /// Called a moment after the floating window was moved or resized, with its new frame
    /// (to be remembered for the next start).
    public var onFrameChange: ((GdkRectangle) -> Void)?
    /// Called after the window was shown (`true`) or hidden.
    public var onVisibilityChange: ((Bool) -> Void)?
    /// For a plug: called when the program it was embedded in lets it go or ends (the lock
    /// screen unlocked), so the keyboard can end with it.
    public var onUnembedded: (() -> Void)?
    /// Whether a program has embedded the plug (it may have let it go since).
    public private(set) var wasEmbedded = false
    private var geometryExport: GeometryExport?
    /// Where the floating window was last left, if it is still on a monitor.
    private let savedFrame: GdkRectangle?
    /// How much taller (or shorter) than usual the keyboard is (the `keyboardHeight` setting;
    /// a floating window the user resized keeps its size).
    public var heightScale = 1.0 {
        didSet { if heightScale != oldValue { screenChanged() } }
    }
    /// Which monitor it goes on where there are several (the `dockMonitor` setting; see
    /// KeyboardWindow+Monitors.swift).
    public var monitorChoice = DockMonitor.focused {
        didSet {
            guard monitorChoice != oldValue else { return }
            applyLayerMonitor()
            screenChanged()
        }
    }
    /// Where the user types now, in the desktop's coordinates (IBus's caret, the X11 active
    /// window's centre), for the monitor that follows the focus; `nil` where unknown.
    public var focusLocation: (() -> (x: Int32, y: Int32)?)?
    var frameChangeTask: (any ScheduledTask)?
    /// The export's second writing, once a Wayland surface knows its output.
    private var outputRefresh: (any ScheduledTask)?
    var lastFrame: GdkRectangle?
    var scheduler: any Scheduler { keyboard.session.scheduler }

    /// A window for `session`'s keyboard, typing into `proxy`.
    public init(session: KeyboardSession, proxy: any TextDocumentProxy, docked: Bool, floatingFrame: GdkRectangle? = nil,
                surface: KeyboardSurface = .window) {
        self.docked = docked
        self.surface = surface
        savedFrame = docked || surface != .window ? nil : floatingFrame
        keyboard = KeyboardView(session: session)
        session.proxy = proxy
        window = surface == .plug ? gtk_plug_new(0) : gtk_window_new(GTK_WINDOW_TOPLEVEL)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        gtk_window_set_title(gtkWindow, "Clavis keyboard")
        // How the GNOME Shell extension knows this window (X11's WM_WINDOW_ROLE).
        gtk_window_set_role(gtkWindow, "clavis-keyboard")
        AppIcon.apply(to: gtkWindow)
        gtk_window_set_accept_focus(gtkWindow, 0)
        gtk_window_set_focus_on_map(gtkWindow, 0)
        gtk_window_set_keep_above(gtkWindow, 1)
        gtk_window_set_skip_taskbar_hint(gtkWindow, 1)
        gtk_window_set_skip_pager_hint(gtkWindow, 1)
        gtk_window_set_type_hint(gtkWindow, docked ? GDK_WINDOW_TYPE_HINT_DOCK : GDK_WINDOW_TYPE_HINT_UTILITY)
        session.onDismiss = { [weak self] in self?.hide() }
        let frame = placement()
        if surface == .plug {
            // The socket's size is the keyboard's; the orientation follows the keys' area.
            gtk_container_add(gtkCast(window), keyboard.widget)
            // The keys typed go to the dialog's focused entry, whose window holds the plug:
            // while the dialog's X focus is on its own top-level window (where a window
            // manager puts it on a click), X gives key presses to the window under the
            // pointer inside it, which is the plug. Not asking for them lets them travel up
            // to the socket, and so to the entry.
            Signal.connect(window, "realize") { [weak self] in
                guard let self, let gdkWindow = gtk_widget_get_window(self.window) else { return }
                // GDK_KEY_PRESS_MASK | GDK_KEY_RELEASE_MASK, which Swift's importer does not
                // always expose by name.
                let keys: UInt32 = (1 << 10) | (1 << 11)
                gdk_window_set_events(gdkWindow, GdkEventMask(gdk_window_get_events(gdkWindow).rawValue & ~keys))
            }
            Signal.connect(window, "notify::embedded", pointer: { [weak self] _ in
                guard let self else { return }
                if gtk_plug_get_embedded(gtkCast(self.window)) != 0 {
                    self.wasEmbedded = true
                } else if self.wasEmbedded {
                    self.onUnembedded?()
                }
            })
        } else if surface == .layerShell {
            setUpLayerSurface(frame: frame)
        } else if surface == .inputPanel {
            setUpInputPanel(frame: frame)
        } else if docked {
            gtk_container_add(gtkCast(window), keyboard.widget)
            keyboard.session.area.hostSize = (Double(frame.monitor.width), Double(frame.monitor.height))
        } else {
            gtk_container_add(gtkCast(window), floatingContent())
            keyboard.session.area.hostSize = (Double(frame.window.width), Double(frame.window.height))
            gtk_style_context_add_class(gtk_widget_get_style_context(window), "floating")
            // GDK_ENTER_NOTIFY_MASK and GDK_LEAVE_NOTIFY_MASK (1 << 12, 1 << 13), which Swift's
            // importer does not always expose by name.
            gtk_widget_add_events(window, Int32((1 << 12) | (1 << 13)))
            Signal.connect(window, "enter-notify-event", event: { [weak self] _ in self?.pointerOver(true); return false })
            Signal.connect(window, "leave-notify-event", event: { [weak self] event in
                // Leaving into a child widget is still over the window.
                if event.pointee.crossing.detail != GDK_NOTIFY_INFERIOR { self?.pointerOver(false) }
                return false
            })
            Signal.connect(window, "configure-event", event: { [weak self] _ in self?.floatingFrameChanged(); return false })
            Signal.connect(window, "style-updated") { [weak self] in self?.applyOpacity() }
            Signal.connect(window, "realize") { [weak self] in self?.applyOpacity() }
        }
        gtk_window_set_default_size(gtkWindow, frame.window.width, frame.window.height)
        if surface != .plug { gtk_window_move(gtkWindow, frame.window.x, frame.window.y) }
        if docked && surface == .window {
            gtk_window_set_resizable(gtkWindow, 0)
            gtk_widget_set_size_request(window, frame.window.width, frame.window.height)
            Signal.connect(window, "realize") { [weak self] in self?.reserveScreenEdge() }
        }
        // Closed by the window manager: hidden as by the dismiss key, so the host leaves its
        // way back on screen.
        Signal.connect(window, "delete-event", event: { [weak self] _ in
            self?.keyboard.session.onDismiss?()
            return true
        })
        if let screen = gtk_widget_get_screen(window) {
            Signal.connect(UnsafeMutablePointer<GObject>(screen), "size-changed") { [weak self] in self?.screenChanged() }
        }
        gtk_widget_show(keyboard.widget)
    }

    /// The X window id another program embeds (XEmbed's `gtk_socket_add_id`); realizes the plug.
    public var plugID: UInt {
        surface == .plug ? UInt(gtk_plug_get_id(gtkCast(window))) : 0
    }

    /// Whether the keyboard is on screen.
    public var isVisible: Bool { gtk_widget_get_visible(window) != 0 }

    public func show() {
        guard !isVisible else { return }
        if docked, surface == .window {
            // On the monitor chosen now (the focused field's), with its size and strut.
            screenChanged()
        } else if surface != .plug {
            let frame = placement()
            gtk_window_move(gtkCast(window), frame.window.x, frame.window.y)
        }
        gtk_widget_show(window)
        refreshExport()
        onVisibilityChange?(true)
    }

    public func hide() {
        guard isVisible else { return }
        gtk_widget_hide(window)
        refreshExport()
        onVisibilityChange?(false)
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
        if surface == .layerShell || surface == .inputPanel {
            geometryExport?.origin = { [weak self] in self?.layerOrigin() ?? (0, 0) }
        }
        keyboard.onDraw = { [weak self] in
            guard let self else { return }
            self.geometryExport?.write(self.keyboard, visible: self.isVisible)
        }
        Signal.connect(window, "configure-event", event: { [weak self] _ in self?.refreshExport(); return false })
        // A keyboard started hidden says so at once.
        refreshExport()
    }

    /// After showing, hiding or moving: see `GeometryExport.refresh`. A Wayland surface hears
    /// which output it is on (`wl_surface.enter`) only after its first frame, and nothing
    /// redraws it then: its place is written again a moment later.
    func refreshExport() {
        geometryExport?.refresh(keyboard, visible: isVisible)
        guard geometryExport != nil, surface == .layerShell || surface == .inputPanel, isVisible else { return }
        outputRefresh?.cancel()
        outputRefresh = scheduler.schedule(after: 0.3) { [weak self] in
            guard let self else { return }
            self.outputRefresh = nil
            self.geometryExport?.refresh(self.keyboard, visible: self.isVisible)
        }
    }

    /// Where the window goes now, on the monitor chosen (`monitorChoice`).
    func placement() -> (monitor: GdkRectangle, window: GdkRectangle) {
        let (monitor, workarea) = chosenMonitorArea()
        if let saved = savedFrame, Self.isOnScreen(saved) { return (monitor, saved) }
        return (monitor, Self.frame(docked: docked, monitor: monitor, workarea: workarea, scale: heightScale))
    }

    /// The primary monitor's geometry and work area (1280×720 at 0,0 without a display),
    /// where the keyboard's way back is placed.
    static func primaryMonitor() -> (geometry: GdkRectangle, workarea: GdkRectangle) {
        var monitor = GdkRectangle(x: 0, y: 0, width: 1280, height: 720)
        var workarea = monitor
        if let display = gdk_display_get_default(),
           let primary = gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0) {
            gdk_monitor_get_geometry(primary, &monitor)
            gdk_monitor_get_workarea(primary, &workarea)
        }
        return (monitor, workarea)
    }

    /// Whether most of `frame` is on some monitor (a monitor unplugged since leaves it off).
    private static func isOnScreen(_ frame: GdkRectangle) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        for index in 0..<gdk_display_get_n_monitors(display) {
            guard let monitor = gdk_display_get_monitor(display, index) else { continue }
            var area = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &area)
            var overlap = GdkRectangle()
            var framed = frame
            if gdk_rectangle_intersect(&area, &framed, &overlap) != 0, overlap.width * overlap.height * 2 >= frame.width * frame.height {
                return true
            }
        }
        return false
    }

    /// The keyboard window's frame on a monitor: docked, across its bottom, a third of its
    /// height at most 320 pixels; floating, 60 % of the work area's width (640 pixels at
    /// least, never wider than the work area less a margin), centred 16 pixels above its
    /// bottom edge. `scale` (the `keyboardHeight` setting) makes either taller or shorter, never
    /// more than half the screen.
    ///
    ///     KeyboardWindow.frame(docked: true, monitor: 1280×1024, workarea: …)   // 0, 704, 1280×320
    public nonisolated static func frame(docked: Bool, monitor: GdkRectangle, workarea: GdkRectangle, scale: Double = 1) -> GdkRectangle {
        func scaled(_ height: Int32, within limit: Int32) -> Int32 { min(limit / 2, Int32((Double(height) * scale).rounded())) }
        if docked {
            let height = scaled(min(monitor.height / 3, 320), within: monitor.height)
            return GdkRectangle(x: monitor.x, y: monitor.y + monitor.height - height, width: monitor.width, height: height)
        }
        let width = min(workarea.width - 32, max(640, workarea.width * 3 / 5))
        let height = scaled(min(workarea.height / 2, max(220, width * 9 / 25)), within: workarea.height)
        return GdkRectangle(x: workarea.x + (workarea.width - width) / 2,
                            y: workarea.y + workarea.height - height - 16, width: width, height: height)
    }

    /// The screen changed size (a tablet rotated, a monitor plugged in), or the keyboard goes
    /// to another monitor: it takes the monitor's shape (its orientation follows) and its
    /// place on it again.
    func screenChanged() {
        if surface != .window { return layerOutputChanged() }
        let frame = placement()
        keyboard.session.area.hostSize = docked ? (Double(frame.monitor.width), Double(frame.monitor.height))
            : (Double(frame.window.width), Double(frame.window.height))
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

/// The window as the host runtime drives it.
extension KeyboardWindow: HostSurface {}
