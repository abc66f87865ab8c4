import ClavisEngine
import ClavisDemoForm
import GtkKit

/// The keyboard spacer (SwiftUI's keyboard avoidance on a desktop): the form makes room for
/// the docked keyboard.
extension DemoWindow {
    /// The keyboard spacer: pads the form by the docked keyboard's height, animated over the
    /// keyboard's own duration, then scrolls the focused field into view above it.
    func pad(to change: KeyboardFrameChange) {
        spacerAnimation.map(MainLoop.cancel)
        spacerAnimation = nil
        guard let spacer else { return }
        var current: Int32 = 0
        gtk_widget_get_size_request(spacer, nil, &current)
        let start = Double(max(current, 0))
        let target = change.height
        guard change.duration > 0, abs(target - start) > 0.5 else {
            gtk_widget_set_size_request(spacer, -1, Int32(target))
            MainLoop.idle { [weak self] in self?.scrollFocusedFieldIntoView() }
            return
        }
        let began = monotonicSeconds()
        spacerAnimation = MainLoop.every(milliseconds: 16) { [weak self] in
            guard let self else { return false }
            let progress = min(1, (monotonicSeconds() - began) / change.duration)
            gtk_widget_set_size_request(spacer, -1, Int32((start + (target - start) * progress).rounded()))
            if progress >= 1 {
                self.spacerAnimation = nil
                MainLoop.idle { [weak self] in self?.scrollFocusedFieldIntoView() }
                return false
            }
            return true
        }
    }

    /// Scrolls so the focused field sits above the keyboard.
    func scrollFocusedFieldIntoView() {
        guard let id = form.focusedField, let widget = fields[id]?.frame else { return }
        guard let adjustment = gtk_scrolled_window_get_vadjustment(gtkCast(scroller)) else { return }
        var x: Int32 = 0
        var y: Int32 = 0
        // In the scrolled content's coordinates (the viewport's child), which the adjustment's
        // value is an offset into; the viewport's own move with the scroll.
        guard let viewport = gtk_bin_get_child(gtkCast(scroller)), let content = gtk_bin_get_child(gtkCast(viewport)),
              gtk_widget_translate_coordinates(widget, content, 0, 0, &x, &y) != 0 else { return }
        let top = Double(y)
        let bottom = top + Double(gtk_widget_get_allocated_height(widget))
        let visible = gtk_adjustment_get_page_size(adjustment) - observer.current.height
        let offset = gtk_adjustment_get_value(adjustment)
        if bottom > offset + visible {
            gtk_adjustment_set_value(adjustment, bottom - visible + 8)
        } else if top < offset {
            gtk_adjustment_set_value(adjustment, max(0, top - 8))
        }
    }
}
