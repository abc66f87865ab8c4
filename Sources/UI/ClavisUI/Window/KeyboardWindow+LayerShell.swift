import CGtk3
import CLazyLayerShell
import GtkKit

/// The keyboard's window on Wayland: a layer-shell surface (gtk-layer-shell), the kind of
/// surface panels and on-screen keyboards are, since an ordinary Wayland window would take the
/// keyboard focus from the field being typed into when clicked and cannot place itself.
///
/// Docked, it is anchored to the bottom, left and right edges of the output on the top layer,
/// with an exclusive zone of its height, so the compositor lays other windows out above it;
/// floating, it is anchored to the bottom edge only, centred, 16 pixels up, reserving
/// nothing. It never takes keyboard focus (keyboard mode none). Its size and orientation
/// follow the output: a rotated screen gets the portrait arrangement.
///
///     let panel = KeyboardWindow(session: session, proxy: inputMethodProxy, docked: true, surface: .layerShell)
extension KeyboardWindow {
    /// The gap between a floating layer surface and the bottom of the output.
    nonisolated static let floatingLayerMargin: Int32 = 16

    /// Makes the (unrealised) window a layer surface and puts the keyboard in it.
    func setUpLayerSurface(frame: (monitor: GdkRectangle, window: GdkRectangle)) {
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        clavis_gtk_layer_init_for_window(gtkWindow)
        // "osk" is the namespace compositors and their configs know on-screen keyboards by.
        clavis_gtk_layer_set_namespace(gtkWindow, "osk")
        clavis_gtk_layer_set_layer(gtkWindow, GTK_LAYER_SHELL_LAYER_TOP)
        clavis_gtk_layer_set_keyboard_mode(gtkWindow, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
        applyLayerMonitor()
        clavis_gtk_layer_set_anchor(gtkWindow, GTK_LAYER_SHELL_EDGE_BOTTOM, 1)
        if docked {
            clavis_gtk_layer_set_anchor(gtkWindow, GTK_LAYER_SHELL_EDGE_LEFT, 1)
            clavis_gtk_layer_set_anchor(gtkWindow, GTK_LAYER_SHELL_EDGE_RIGHT, 1)
            clavis_gtk_layer_auto_exclusive_zone_enable(gtkWindow)
        } else {
            clavis_gtk_layer_set_margin(gtkWindow, GTK_LAYER_SHELL_EDGE_BOTTOM, Self.floatingLayerMargin)
        }
        gtk_container_add(gtkCast(window), keyboard.widget)
        applyLayerSize(frame)
    }

    /// The output changed size or turned: the keyboard takes its new shape (layer surface
    /// or input panel).
    func layerOutputChanged() {
        applyLayerSize(placement())
        refreshExport()
    }

    func applyLayerSize(_ frame: (monitor: GdkRectangle, window: GdkRectangle)) {
        keyboard.session.area.hostSize = docked ? (Double(frame.monitor.width), Double(frame.monitor.height))
            : (Double(frame.window.width), Double(frame.window.height))
        // A docked layer surface gets its width from the compositor (anchored left and
        // right); an input panel is as wide as it makes itself.
        let width = !docked ? frame.window.width : surface == .inputPanel ? frame.monitor.width : -1
        gtk_widget_set_size_request(window, width, frame.window.height)
        gtk_window_resize(gtkCast(window), max(width, 1), frame.window.height)
    }

    /// The surface's top-left corner in the compositor's layout coordinates, from its anchor
    /// and size (a Wayland client is never told where its surfaces are).
    func layerOrigin() -> (x: Int32, y: Int32) {
        var monitor = placement().monitor
        if let display = gdk_display_get_default(), let gdkWindow = gtk_widget_get_window(window),
           let current = gdk_display_get_monitor_at_window(display, gdkWindow) {
            gdk_monitor_get_geometry(current, &monitor)
        }
        let width = gtk_widget_get_allocated_width(window)
        let height = gtk_widget_get_allocated_height(window)
        return Self.layerOrigin(docked: docked, monitor: monitor, width: width, height: height)
    }

    /// Where a bottom-anchored surface of this size is on `monitor`.
    ///
    ///     KeyboardWindow.layerOrigin(docked: true, monitor: 0,0 1280×800, width: 1280, height: 266)   // (0, 534)
    public nonisolated static func layerOrigin(docked: Bool, monitor: GdkRectangle, width: Int32, height: Int32) -> (x: Int32, y: Int32) {
        let margin = docked ? 0 : floatingLayerMargin
        return (monitor.x + (docked ? 0 : (monitor.width - width) / 2), monitor.y + monitor.height - height - margin)
    }
}
