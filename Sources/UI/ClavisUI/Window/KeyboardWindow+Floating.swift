import ClavisEngine
import GtkKit

/// The floating keyboard's own parts: the handle strip above the keys (drag it to move the
/// window, its corner grip to resize it), the theme's translucency while the pointer is
/// elsewhere, and the frame reported once a move or resize settles (remembered for the next
/// start). KeyboardWindow's `init` wires them to the window's signals.
///
///     gtk_container_add(gtkCast(window), floatingContent())   // the strip, then the keys
extension KeyboardWindow {
    /// The handle strip (drag to move, its corner grip to resize) above the keys.
    func floatingContent() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let strip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let handle = dragArea(label: "• • •", name: "clavis-handle") { [weak self] event in
            guard let self else { return }
            gtk_window_begin_move_drag(gtkCast(self.window), Int32(event.button), Int32(event.x_root), Int32(event.y_root), event.time)
        }
        let grip = dragArea(label: "◢", name: "clavis-grip") { [weak self] event in
            guard let self else { return }
            gtk_window_begin_resize_drag(gtkCast(self.window), GDK_WINDOW_EDGE_NORTH_EAST, Int32(event.button),
                                         Int32(event.x_root), Int32(event.y_root), event.time)
        }
        gtk_box_pack_start(gtkCast(strip), handle, 1, 1, 0)
        gtk_box_pack_end(gtkCast(strip), grip, 0, 0, 0)
        gtk_box_pack_start(gtkCast(box), strip, 0, 0, 0)
        gtk_box_pack_start(gtkCast(box), keyboard.widget, 1, 1, 0)
        gtk_widget_show_all(box)
        return box
    }

    /// A labelled strip that starts a window drag when pressed (the window never takes focus).
    func dragArea(label: String, name: String, onPress: @escaping (GdkEventButton) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let area = gtk_event_box_new()!
        gtk_widget_set_name(area, name)
        gtk_style_context_add_class(gtk_widget_get_style_context(area), "handle")
        let text = gtk_label_new(label)!
        gtk_widget_set_margin_start(text, 12)
        gtk_widget_set_margin_end(text, 12)
        gtk_container_add(gtkCast(area), text)
        Signal.connect(area, "button-press-event") { event in
            guard event.pointee.button.button == 1 else { return false }
            onPress(event.pointee.button)
            return true
        }
        return area
    }

    /// The pointer came over the floating window or left it: opaque over it, the theme's
    /// translucency elsewhere.
    func pointerOver(_ over: Bool) {
        let style = gtk_widget_get_style_context(window)
        if over { gtk_style_context_add_class(style, "pointer-over") } else { gtk_style_context_remove_class(style, "pointer-over") }
        applyOpacity()
    }

    /// Gives the window the theme's `opacity` for its state (a compositor shows it).
    func applyOpacity() {
        let style = gtk_widget_get_style_context(window)
        var value = GValue()
        gtk_style_context_get_property(style, "opacity", gtk_style_context_get_state(style), &value)
        // GTK's "opacity" style property is a double.
        let opacity = value.g_type == GType(15 << 2) ? g_value_get_double(&value) : 1
        g_value_unset(&value)
        if abs(gtk_widget_get_opacity(window) - opacity) > 0.001 { gtk_widget_set_opacity(window, opacity) }
    }

    /// The floating window moved or changed size: the keyboard takes its shape (the
    /// orientation follows it), and the new frame is reported once it settles.
    func floatingFrameChanged() {
        guard isVisible else { return }
        // The position gtk_window_move takes back (the frame's, with a window manager), and
        // the size gtk_window_resize takes.
        var x: Int32 = 0, y: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        gtk_window_get_position(gtkCast(window), &x, &y)
        gtk_window_get_size(gtkCast(window), &width, &height)
        let current = GdkRectangle(x: x, y: y, width: width, height: height)
        keyboard.session.area.hostSize = (Double(current.width), Double(current.height))
        guard lastFrame.map({ [$0.x, $0.y, $0.width, $0.height] != [current.x, current.y, current.width, current.height] }) ?? true else {
            return
        }
        lastFrame = current
        frameChangeTask?.cancel()
        frameChangeTask = scheduler.schedule(after: 0.5) { [weak self] in
            self?.frameChangeTask = nil
            self?.onFrameChange?(current)
        }
    }
}
