import ClavisLayout
import GtkKit

/// Adds a rectangle with rounded corners to the cairo path (the radius is capped at half the
/// shorter side), as keys and the app icon are drawn.
///
///     addRoundedRectangle(cairo, Rect(x: 0, y: 0, width: 40, height: 48), radius: 6)
///     cairo_fill(cairo)
func addRoundedRectangle(_ cairo: OpaquePointer, _ rect: Rect, radius: Double) {
    let radius = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, rect.maxX - radius, rect.y + radius, radius, -Double.pi / 2, 0)
    cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, Double.pi / 2)
    cairo_arc(cairo, rect.x + radius, rect.maxY - radius, radius, Double.pi / 2, Double.pi)
    cairo_arc(cairo, rect.x + radius, rect.y + radius, radius, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cairo)
}
