import ClavisEngine
import ClavisDemoForm
import GtkKit

/// Docked or floating, and what the keyboard announces about its frame.
extension DemoWindow {
    /// Moves the keyboard between the bottom of the window and its own floating window,
    /// which never takes focus (so typing still goes to the form), stays above other
    /// windows and can be moved. Orientation then follows the monitor, not the window.
    public func setFloating(_ floating: Bool) {
        guard floating != (floatingWindow != nil) else { return }
        g_object_ref(UnsafeMutableRawPointer(keyboard.widget))
        defer { g_object_unref(UnsafeMutableRawPointer(keyboard.widget)) }
        if floating {
            gtk_container_remove(gtkCast(revealer), keyboard.widget)
            let panel = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            let panelWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(panel)
            gtk_window_set_title(panelWindow, "Clavis keyboard")
            gtk_window_set_accept_focus(panelWindow, 0)
            gtk_window_set_focus_on_map(panelWindow, 0)
            gtk_window_set_type_hint(panelWindow, GDK_WINDOW_TYPE_HINT_UTILITY)
            gtk_window_set_keep_above(panelWindow, 1)
            gtk_window_set_transient_for(panelWindow, gtkCast(window))
            gtk_window_set_default_size(panelWindow, 720, 260)
            gtk_container_add(gtkCast(panel), keyboard.widget)
            floatingWindow = panel
            Signal.connect(panel, "configure-event", event: { [weak self] _ in self?.refreshExport(); return false })
            keyboard.session.area.hostSize = monitorSize(of: window)
            gtk_widget_set_visible(panel, form.focusedField == nil ? 0 : 1)
            gtk_widget_show(keyboard.widget)
            keepFloatingKeyboardOffFocusedField(always: true)
        } else if let panel = floatingWindow {
            gtk_container_remove(gtkCast(panel), keyboard.widget)
            gtk_widget_destroy(panel)
            floatingWindow = nil
            gtk_container_add(gtkCast(revealer), keyboard.widget)
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(window, &allocation)
            keyboard.session.area.hostSize = (Double(allocation.width), Double(allocation.height))
        }
        if (gtk_toggle_button_get_active(gtkCast(floatToggle)) != 0) != floating {
            gtk_toggle_button_set_active(gtkCast(floatToggle), floating ? 1 : 0)
        }
        announce(animated: false)
        refreshExport()
    }

    /// Puts the floating keyboard just below the focused field (above it where the screen ends
    /// first): when it opens (`always`), and when the focus moves to a field it covers.
    func keepFloatingKeyboardOffFocusedField(always: Bool = false) {
        guard let panel = floatingWindow, let id = form.focusedField, let widget = fields[id]?.frame,
              let display = gdk_display_get_default(), let fieldWindow = gtk_widget_get_window(widget) else { return }
        var origin = (x: Int32(0), y: Int32(0))
        gdk_window_get_origin(fieldWindow, &origin.x, &origin.y)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        // Allocations of widgets without their own GdkWindow are in the toplevel's coordinates.
        let field = GdkRectangle(x: origin.x + (gtk_widget_get_has_window(widget) != 0 ? 0 : allocation.x),
                                 y: origin.y + (gtk_widget_get_has_window(widget) != 0 ? 0 : allocation.y),
                                 width: allocation.width, height: allocation.height)
        var size = (width: Int32(0), height: Int32(0))
        gtk_window_get_size(gtkCast(panel), &size.width, &size.height)
        var current = (x: Int32(0), y: Int32(0))
        gtk_window_get_position(gtkCast(panel), &current.x, &current.y)
        var shown = GdkRectangle(x: current.x, y: current.y, width: size.width, height: size.height)
        var overlap = GdkRectangle()
        var fieldFrame = field
        guard always || gdk_rectangle_intersect(&shown, &fieldFrame, &overlap) != 0 else { return }
        var monitor = GdkRectangle(x: 0, y: 0, width: 1280, height: 720)
        if let found = gdk_display_get_monitor_at_window(display, fieldWindow) { gdk_monitor_get_workarea(found, &monitor) }
        let place = Self.floatingPlace(below: field, size: size, workarea: monitor)
        gtk_window_move(gtkCast(panel), place.x, place.y)
    }

    /// Where a floating keyboard of `size` goes for a field at `field`: centred under it, a
    /// gap below; above it where the work area ends first; never over it, and on the work area.
    ///
    ///     DemoWindow.floatingPlace(below: (100, 80, 600×30), size: 720×260, workarea: 0,0 1280×1024)   // (50, 122)
    public nonisolated static func floatingPlace(below field: GdkRectangle, size: (width: Int32, height: Int32),
                                                 workarea: GdkRectangle) -> (x: Int32, y: Int32) {
        let gap: Int32 = 12
        let centred = field.x + field.width / 2 - size.width / 2
        let x = max(workarea.x, min(centred, workarea.x + workarea.width - size.width))
        let below = field.y + field.height + gap
        if below + size.height <= workarea.y + workarea.height { return (x, below) }
        let above = field.y - gap - size.height
        return (x, max(workarea.y, above))
    }

    /// The size of the monitor a window is on (the host of a floating keyboard).
    private func monitorSize(of widget: UnsafeMutablePointer<GtkWidget>) -> (width: Double, height: Double) {
        guard let display = gdk_display_get_default() else { return (0, 0) }
        let monitor = gtk_widget_get_window(widget).flatMap { gdk_display_get_monitor_at_window(display, $0) }
            ?? gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
        guard let monitor else { return (0, 0) }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        return (Double(geometry.width), Double(geometry.height))
    }

    /// Publishes where the keyboard is going: its docked height (0 when hidden or floating)
    /// and the slide's duration.
    func announce(animated: Bool) {
        let floating = floatingWindow != nil
        let shown = form.focusedField != nil
        var natural: Int32 = 0
        gtk_widget_get_preferred_height(keyboard.widget, nil, &natural)
        let height = floating || !shown ? 0 : Double(max(natural, 240))
        observer.publish(KeyboardFrameChange(height: height, duration: animated && !floating ? Double(Self.slideDuration) / 1000 : 0,
                                             isFloating: floating))
    }
}
