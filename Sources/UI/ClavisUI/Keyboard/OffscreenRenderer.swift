import ClavisFiles
import ClavisLayout
import GtkKit

/// Draws a keyboard into a PNG with the same painter as the window, on a cairo image
/// surface: no display, no GTK initialisation.
///
///     try OffscreenRenderer().render(geometry, to: "us-portrait.png")
public struct OffscreenRenderer {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init() {}

    /// Paints into a fresh image surface and throws it away: what one frame costs.
    /// A style context for drawing without a widget, styled by the screen's providers (the
    /// loaded theme); `nil` when GTK has no screen (no display).
    @MainActor
    public static func themedStyle() -> UnsafeMutablePointer<GtkStyleContext>? {
        guard let screen = gdk_screen_get_default(), let style = gtk_style_context_new() else { return nil }
        gtk_style_context_set_screen(style, screen)
        let path = gtk_widget_path_new()
        gtk_widget_path_append_type(path, gtk_drawing_area_get_type())
        gtk_style_context_set_path(style, path)
        gtk_widget_path_unref(path)
        return style
    }

    /// The style to draw with: the built-in palette when `nil`.
    public var style: UnsafeMutablePointer<GtkStyleContext>?

    public init(style: UnsafeMutablePointer<GtkStyleContext>?) {
        self.style = style
    }

    @MainActor
    public func paintOnly(_ geometry: KeyboardGeometry) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(geometry.width), Int32(geometry.height)) else {
            throw Failure(description: "cannot create an image")
        }
        let cairo = cairo_create(surface)!
        KeyPainter(style: style).paint(cairo, geometry: geometry, label: { $0.label })
        cairo_surface_flush(surface)
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The keyboard drawn into a picture for a `GtkImage` (the settings window's theme
    /// previews), `nil` when no image can be made.
    @MainActor
    public func pixbuf(_ geometry: KeyboardGeometry) -> OpaquePointer? {
        let width = Int32(geometry.width.rounded(.up)), height = Int32(geometry.height.rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        KeyPainter(style: style).paint(cairo, geometry: geometry, label: { $0.label })
        cairo_destroy(cairo)
        return gdk_pixbuf_get_from_surface(surface, 0, 0, width, height)
    }

    @MainActor
    public func render(_ geometry: KeyboardGeometry, to path: String) throws {
        let width = Int32(geometry.width.rounded(.up))
        let height = Int32(geometry.height.rounded(.up))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else {
            throw Failure(description: "cannot create a \(width)×\(height) image")
        }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        KeyPainter(style: style).paint(cairo, geometry: geometry, label: { $0.label })
        cairo_destroy(cairo)
        // Encoded in memory, then written as every file Clavis writes: so a missing folder or
        // a full disk is said as such, not as cairo's "error while writing to output stream".
        final class Encoded { var bytes: [UInt8] = [] }
        let encoded = Encoded()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Encoded>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(encoded).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot encode the image as PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        let folder = Path.parent(of: path)
        guard Files.isDirectory(folder) else { throw Failure(description: "cannot write \(path): there is no folder \(folder)") }
        try withExtendedLifetime(encoded) { try Files.write(encoded.bytes, to: path, synced: false) }
    }
}
