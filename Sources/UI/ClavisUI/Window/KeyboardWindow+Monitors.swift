import CGtk3
import CLazyLayerShell
import ClavisHost
import GtkKit

/// Which monitor the keyboard goes on where there are several (`monitorChoice`, the
/// `dockMonitor` setting): GDK's monitors as `MonitorArea`s, the choice made by
/// `DockMonitor.pick`, and a docked keyboard moved to the monitor of each field that takes
/// the focus.
///
/// Where the field is comes from the display adapter (`focusLocation`: IBus's caret, the X11
/// active window). A layer surface cannot be moved between outputs once mapped and is never
/// told where fields are: following the focus, it leaves the output to the compositor (sway
/// puts it on the focused one each time it shows); a named or primary monitor is set as
/// its output.
///
///     window.focusLocation = { engine.caretLocation }
///     window.monitorChoice = .named("HDMI-1")
extension KeyboardWindow {
    /// The display's monitors in its order, and GDK's handle of each.
    static func monitors() -> [(area: MonitorArea, monitor: OpaquePointer)] {
        guard let display = gdk_display_get_default() else { return [] }
        let primary = gdk_display_get_primary_monitor(display)
        return (0..<gdk_display_get_n_monitors(display)).compactMap { index in
            guard let monitor = gdk_display_get_monitor(display, index) else { return nil }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &geometry)
            // GDK gives X11's RandR output name as the model; Wayland's model is the maker's.
            let name = gdk_monitor_get_model(monitor).map { String(cString: $0) } ?? ""
            let area = MonitorArea(x: Int(geometry.x), y: Int(geometry.y), width: Int(geometry.width), height: Int(geometry.height),
                                   name: name, isPrimary: monitor == primary)
            return (area, monitor)
        }
    }

    /// The monitor the keyboard goes on now: its index among `monitors()`, `nil` without any.
    func chosenMonitor() -> Int? {
        let monitors = Self.monitors()
        // A layer surface following the focus is where the compositor put it.
        let focus = surface == .layerShell ? nil : focusLocation?().map { (x: Int($0.x), y: Int($0.y)) }
        return monitorChoice.pick(from: monitors.map(\.area), focus: focus, current: currentMonitor(among: monitors))
    }

    /// The index of the monitor the (mapped) window is on.
    private func currentMonitor(among monitors: [(area: MonitorArea, monitor: OpaquePointer)]) -> Int? {
        guard isVisible, let display = gdk_display_get_default(), let gdkWindow = gtk_widget_get_window(window),
              let monitor = gdk_display_get_monitor_at_window(display, gdkWindow) else { return nil }
        return monitors.firstIndex { $0.monitor == monitor }
    }

    /// The chosen monitor's geometry and work area (1280×720 at 0,0 without a display).
    func chosenMonitorArea() -> (geometry: GdkRectangle, workarea: GdkRectangle) {
        var geometry = GdkRectangle(x: 0, y: 0, width: 1280, height: 720)
        var workarea = geometry
        let monitors = Self.monitors()
        if let index = chosenMonitor() {
            gdk_monitor_get_geometry(monitors[index].monitor, &geometry)
            gdk_monitor_get_workarea(monitors[index].monitor, &workarea)
        }
        return (geometry, workarea)
    }

    /// A field took the focus: a docked keyboard on screen moves to the field's monitor (one
    /// shown later is placed there by `show`). A floating one stays where the user put it.
    public func followFocus() {
        guard docked, isVisible, surface == .window else { return }
        let frame = placement()
        var x: Int32 = 0, y: Int32 = 0
        gtk_window_get_position(gtkCast(window), &x, &y)
        // Another monitor is another place (typing on, the caret moves on the same one).
        if frame.window.x != x || frame.window.y != y { screenChanged() }
    }

    /// The layer surface's output for the choice: none (the compositor's) to follow the focus.
    func applyLayerMonitor() {
        guard surface == .layerShell else { return }
        let monitors = Self.monitors()
        let output = monitorChoice == .focused ? nil : chosenMonitor().map { monitors[$0].monitor }
        clavis_gtk_layer_set_monitor(gtkCast(window), output)
    }

    /// The Wayland output of the chosen monitor, for an input panel.
    func chosenOutput() -> OpaquePointer? {
        let monitors = Self.monitors()
        return chosenMonitor().flatMap { gdk_wayland_monitor_get_wl_output(monitors[$0].monitor) }
    }
}
