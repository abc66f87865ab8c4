import CGtk3
import CLazyLayerShell
import ClavisHost
import GtkKit

/// The way back to a hidden keyboard: a small ⌨ button floating above other windows, where
/// the desktop gives none (see `KeyboardHost`). Tapped or clicked, it shows the keyboard;
/// dragged further than a finger's wobble, it moves, and where it was left is reported
/// (`onMove`) so the next start puts it there again. Like the keyboard it never takes the
/// focus, so the field being typed into keeps it.
///
/// On X11 it is a small utility window that moves itself as it is dragged; on Wayland a
/// layer-shell surface anchored to the bottom-right corner whose margins follow the drag
/// (a Wayland client cannot place a window).
///
///     let button = ShowKeyboardButton(place: saved, layerShell: false)
///     button.onMove = { x, y in live.update { $0.showButtonPlace = [x, y] } }
@MainActor
public final class ShowKeyboardButton: WayBackSurface {
    public let window: UnsafeMutablePointer<GtkWidget>
    public var onActivate: (() -> Void)?
    /// Called when a drag ends, with the button's top-left corner on the screen.
    public var onMove: ((Int, Int) -> Void)?
    /// The button's width and height in pixels: a comfortable touch target.
    public nonisolated static let size: Int32 = 56
    /// How far a press may wander and still be a tap, in pixels.
    nonisolated static let tapSlop = 8.0
    private let layerShell: Bool
    private var place: (x: Int32, y: Int32)?
    /// The press under way: where it started (screen and button coordinates) and whether it
    /// became a drag.
    private var press: (rootX: Double, rootY: Double, x: Double, y: Double, dragging: Bool)?

    public init(place: (x: Int, y: Int)?, layerShell: Bool) {
        self.layerShell = layerShell
        self.place = place.map { (Int32(clamping: $0.x), Int32(clamping: $0.y)) }
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = gtkCast(window)
        gtk_window_set_title(gtkWindow, "Show keyboard")
        gtk_window_set_decorated(gtkWindow, 0)
        gtk_window_set_resizable(gtkWindow, 0)
        gtk_window_set_accept_focus(gtkWindow, 0)
        gtk_window_set_focus_on_map(gtkWindow, 0)
        gtk_window_set_keep_above(gtkWindow, 1)
        gtk_window_set_skip_taskbar_hint(gtkWindow, 1)
        gtk_window_set_skip_pager_hint(gtkWindow, 1)
        gtk_window_set_type_hint(gtkWindow, GDK_WINDOW_TYPE_HINT_UTILITY)
        gtk_widget_set_size_request(window, Self.size, Self.size)
        gtk_widget_set_name(window, "clavis-show-keyboard")
        if layerShell {
            clavis_gtk_layer_init_for_window(gtkWindow)
            clavis_gtk_layer_set_namespace(gtkWindow, "osk")
            clavis_gtk_layer_set_layer(gtkWindow, GTK_LAYER_SHELL_LAYER_OVERLAY)
            clavis_gtk_layer_set_keyboard_mode(gtkWindow, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
            clavis_gtk_layer_set_anchor(gtkWindow, GTK_LAYER_SHELL_EDGE_BOTTOM, 1)
            clavis_gtk_layer_set_anchor(gtkWindow, GTK_LAYER_SHELL_EDGE_RIGHT, 1)
        }
        let area = gtk_event_box_new()!
        gtk_style_context_add_class(gtk_widget_get_style_context(area), "handle")
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(gtkCast(label), "<span size='xx-large'>⌨</span>")
        gtk_container_add(gtkCast(area), label)
        gtk_container_add(gtkCast(window), area)
        let accessible = gtk_widget_get_accessible(area)
        atk_object_set_name(accessible, "Show keyboard")
        atk_object_set_role(accessible, ATK_ROLE_PUSH_BUTTON)
        // GDK_POINTER_MOTION_MASK | GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK.
        gtk_widget_add_events(area, Int32((1 << 2) | (1 << 8) | (1 << 9)))
        Signal.connect(area, "button-press-event") { [weak self] event in
            guard event.pointee.button.button == 1, let self else { return false }
            let button = event.pointee.button
            self.press = (button.x_root, button.y_root, button.x, button.y, false)
            return true
        }
        Signal.connect(area, "motion-notify-event") { [weak self] event in
            self?.dragged(event.pointee.motion)
            return true
        }
        Signal.connect(area, "button-release-event") { [weak self] event in
            guard event.pointee.button.button == 1, let self, let press = self.press else { return false }
            self.press = nil
            if press.dragging { self.dragEnded() } else { self.onActivate?() }
            return true
        }
        Signal.connect(window, "delete-event", event: { _ in true })
        gtk_widget_show_all(area)
    }

    public var isVisible: Bool { gtk_widget_get_visible(window) != 0 }

    public func show() {
        guard !isVisible else { return }
        placeWindow()
        gtk_widget_show(window)
    }

    public func hide() {
        press = nil
        gtk_widget_hide(window)
    }

    /// The button's place on the screen now: where it was left (kept on the monitor, which may
    /// have shrunk since), else near the primary monitor's bottom-right corner.
    public var frame: GdkRectangle {
        let place = self.place.map { Self.keptOnScreen(x: $0.x, y: $0.y, monitor: Self.monitorGeometry()) } ?? Self.defaultPlace()
        return GdkRectangle(x: place.x, y: place.y, width: Self.size, height: Self.size)
    }

    /// Near the bottom-right corner of the primary monitor, clear of a bottom panel. (Not the
    /// work area's: while the docked keyboard's reserved strip is being given back it is the
    /// keyboard's top edge, then the screen's.)
    private static func defaultPlace() -> (x: Int32, y: Int32) {
        let monitor = monitorGeometry()
        return (monitor.x + monitor.width - size - 24, monitor.y + monitor.height - size - 72)
    }

    /// Puts the window at `frame` (a layer surface by its margins from the bottom-right corner).
    private func placeWindow() {
        let frame = frame
        if layerShell {
            let monitor = Self.monitorGeometry()
            clavis_gtk_layer_set_margin(gtkCast(window), GTK_LAYER_SHELL_EDGE_RIGHT, max(0, monitor.x + monitor.width - frame.x - frame.width))
            clavis_gtk_layer_set_margin(gtkCast(window), GTK_LAYER_SHELL_EDGE_BOTTOM, max(0, monitor.y + monitor.height - frame.y - frame.height))
        } else {
            gtk_window_move(gtkCast(window), frame.x, frame.y)
        }
    }

    private static func monitorGeometry() -> GdkRectangle {
        KeyboardWindow.primaryMonitor().geometry
    }

    /// The pointer moved with the button held: past the slop it is a drag, and the button
    /// follows it. On X11 the pointer's screen position places the window; a layer surface's
    /// pointer position is its own, so the button moves by how far the pointer is from where
    /// it was pressed in the button.
    private func dragged(_ motion: GdkEventMotion) {
        guard var press else { return }
        if !press.dragging {
            let distance = ((motion.x_root - press.rootX) * (motion.x_root - press.rootX)
                            + (motion.y_root - press.rootY) * (motion.y_root - press.rootY)).squareRoot()
            guard distance > Self.tapSlop else { return }
            press.dragging = true
            self.press = press
        }
        let current = frame
        let x = layerShell ? current.x + Int32(motion.x - press.x) : Int32(motion.x_root - press.x)
        let y = layerShell ? current.y + Int32(motion.y - press.y) : Int32(motion.y_root - press.y)
        place = Self.keptOnScreen(x: x, y: y, monitor: Self.monitorGeometry())
        placeWindow()
    }

    /// A drag ended: where the button was left is remembered.
    private func dragEnded() {
        let frame = frame
        onMove?(Int(frame.x), Int(frame.y))
    }

    /// `x`, `y` moved so the whole button stays on `monitor`.
    ///
    ///     ShowKeyboardButton.keptOnScreen(x: -20, y: 900, monitor: 0,0 1280×800)   // (0, 744)
    nonisolated static func keptOnScreen(x: Int32, y: Int32, monitor: GdkRectangle) -> (x: Int32, y: Int32) {
        (min(max(x, monitor.x), monitor.x + monitor.width - size), min(max(y, monitor.y), monitor.y + monitor.height - size))
    }
}
