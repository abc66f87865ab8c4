import ClavisLayout
import GtkKit

/// Clavis's icon — a keyboard of rounded keys with a blue Return — described once, drawn with
/// cairo for the windows and written as the SVG that launchers show (`Resources/clavis.svg`,
/// checked against this by a test).
///
/// The windows get pixels, not an icon name: `gtk_window_set_icon_name` starts GTK's icon
/// theme, which walks GTK's built-in icon resources and the theme caches (1.7 MB resident,
/// docs/performance.md), and an installed SVG would bring librsvg in as well.
///
///     AppIcon.apply(to: window)
///     AppIcon.svg()   // the text of Resources/clavis.svg
public enum AppIcon {
    /// A rounded rectangle of the icon, on a 128 × 128 canvas.
    public struct Shape: Sendable {
        public var frame: Rect
        public var radius: Double
        /// 0xRRGGBB.
        public var color: UInt32
    }

    public static let canvas = 128.0
    public static let shapes: [Shape] = {
        let body = Shape(frame: Rect(x: 6, y: 26, width: 116, height: 76), radius: 12, color: 0xD1D4DA)
        func key(_ x: Double, _ y: Double, width: Double = 16, color: UInt32 = 0xFFFFFF) -> Shape {
            Shape(frame: Rect(x: x, y: y, width: width, height: 16), radius: 3, color: color)
        }
        let top = stride(from: 16.0, through: 96, by: 20).map { key($0, 36) }
        let middle = stride(from: 24.0, through: 84, by: 20).map { key($0, 56) }
        return [body] + top + middle + [key(36, 76, width: 56), key(96, 76, color: 0x3B82F6)]
    }()

    /// The sizes given to the window manager (it scales the nearest).
    public static let sizes = [16, 24, 32, 48, 64]

    /// Gives `window` the icon at every size in `sizes`.
    @MainActor
    public static func apply(to window: UnsafeMutablePointer<GtkWindow>) {
        var list: UnsafeMutablePointer<GList>?
        for size in sizes.reversed() {
            guard let pixbuf = pixbuf(size: size) else { continue }
            list = g_list_prepend(list, UnsafeMutableRawPointer(pixbuf))
        }
        gtk_window_set_icon_list(window, list)
        g_list_free_full(list) { g_object_unref($0) }
    }

    /// The icon drawn `size` pixels square.
    @MainActor
    public static func pixbuf(size: Int) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        cairo_scale(cairo, Double(size) / canvas, Double(size) / canvas)
        for shape in shapes {
            cairo_set_source_rgb(cairo, Double(shape.color >> 16 & 0xFF) / 255, Double(shape.color >> 8 & 0xFF) / 255,
                                 Double(shape.color & 0xFF) / 255)
            addRoundedRectangle(cairo, shape.frame, radius: shape.radius)
            cairo_fill(cairo)
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        return gdk_pixbuf_get_from_surface(surface, 0, 0, Int32(size), Int32(size))
    }

    /// The icon as SVG.
    public static func svg() -> String {
        func number(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : "\(value)" }
        func hex(_ color: UInt32) -> String {
            let digits = String(color, radix: 16)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\" viewBox=\"0 0 128 128\">\n"
        for shape in shapes {
            let frame = shape.frame
            text += "  <rect x=\"\(number(frame.x))\" y=\"\(number(frame.y))\" width=\"\(number(frame.width))\" "
                + "height=\"\(number(frame.height))\" rx=\"\(number(shape.radius))\" fill=\"\(hex(shape.color))\"/>\n"
        }
        return text + "</svg>\n"
    }
}
