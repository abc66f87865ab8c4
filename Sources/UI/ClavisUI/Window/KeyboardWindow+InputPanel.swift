import CGtk3
import GtkKit

/// The keyboard's window as an input panel (`zwp_input_panel_v1`), the surface KDE Plasma's
/// KWin and Weston give the virtual keyboard they start: a GTK window whose Wayland surface
/// GTK leaves without a role (a custom surface), so the host can make it the panel.
///
/// Docked, the panel is as wide as the output and the compositor puts it at the bottom
/// (KWin then tells the focused window how much room it takes); floating, it is an overlay
/// the compositor places by the caret. The compositor decides when a docked panel is
/// seen (when a field asks for the keyboard, not while a hardware keyboard is used);
/// GTK makes a new surface each time the window is mapped, so `onPanelSurface` is called
/// for each.
///
///     let panel = KeyboardWindow(session: session, proxy: proxy, docked: true, surface: .inputPanel)
///     panel.onPanelSurface = { surface, output in seat.attachPanel(surface: surface, output: output, overlay: false) }
extension KeyboardWindow {
    /// Puts the keyboard in the (unrealised) window and marks its surface as one the host
    /// gives a role.
    func setUpInputPanel(frame: (monitor: GdkRectangle, window: GdkRectangle)) {
        gtk_container_add(gtkCast(window), keyboard.widget)
        // No title bar (GTK would draw one itself on Wayland) and no shadow around it.
        gtk_window_set_decorated(gtkCast(window), 0)
        gtk_widget_realize(window)
        if let gdkWindow = gtk_widget_get_window(window) {
            gdk_wayland_window_set_use_custom_surface(gdkWindow)
        }
        // "map" runs after GTK's own handler made the surface, before the first frame.
        Signal.connect(window, "map") { [weak self] in self?.panelMapped() }
        applyLayerSize(frame)
    }

    private func panelMapped() {
        guard let gdkWindow = gtk_widget_get_window(window), let surface = gdk_wayland_window_get_wl_surface(gdkWindow) else { return }
        onPanelSurface?(surface, chosenOutput())
    }
}
