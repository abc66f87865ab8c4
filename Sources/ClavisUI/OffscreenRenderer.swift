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
    @MainActor
    public func paintOnly(_ geometry: KeyboardGeometry) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(geometry.width), Int32(geometry.height)) else {
            throw Failure(description: "cannot create an image")
        }
        let cairo = cairo_create(surface)!
        KeyPainter().paint(cairo, geometry: geometry, label: { $0.label }, pressedKeyIDs: [])
        cairo_surface_flush(surface)
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
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
        KeyPainter().paint(cairo, geometry: geometry, label: { $0.label }, pressedKeyIDs: [])
        cairo_destroy(cairo)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
