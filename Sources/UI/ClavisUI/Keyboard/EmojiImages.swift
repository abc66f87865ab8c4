import CGtk3
import ClavisEngine
import ClavisLayout

/// Colour emoji drawn from the emoji font's own PNG images, scaled once to the size shown
/// and kept in a bounded cache.
///
/// Drawn as text, every emoji shown stays in cairo's glyph cache for as long as its font
/// lives (about 14 KB each at key size, and cairo 1.16 keeps up to 16,384 glyphs): browsing
/// the emoji keyboard grew the keyboard by tens of megabytes. Here the glyph Pango chose is
/// looked up in the font's bitmap table (CBDT/sbix, as Noto Color Emoji has) through
/// HarfBuzz, decoded by cairo, and only the most recent few hundred images are kept. Text
/// that is not one colour glyph (letters, an emoji font with COLR layers) is left to Pango.
/// The size comes from HarfBuzz's advance, not from Pango's extents, which would have
/// FreeType decode the glyph's PNG (and read the font's bitmap pages) a second time.
///
///     if !EmojiImages.shared.draw(cairo, layout: layout, text: "😀", size: 22, centredIn: rect) { pango_cairo_show_layout(cairo, layout) }
@MainActor
final class EmojiImages {
    static let shared = EmojiImages(capacity: 384)

    private struct Key: Hashable {
        var text: String
        /// The font size in device pixels.
        var pixels: Int
    }

    /// A scaled image, or `nil` where the text is not one bitmap glyph (remembered too).
    private var images: RecentCache<Key, Image?>

    init(capacity: Int) {
        images = RecentCache(capacity: capacity)
    }

    /// How many images (and known non-emoji) are kept.
    var count: Int { images.count }

    /// Draws `text`, laid out in `layout` at a font of `size` points, as an image centred in
    /// `rect`; `false` when the text is not an emoji with a bitmap glyph (the caller draws it
    /// as text).
    func draw(_ cairo: OpaquePointer, layout: OpaquePointer, text: String, size: Double, centredIn rect: Rect) -> Bool {
        guard Self.mayBeEmoji(text) else { return false }
        var scaleX = 1.0, scaleY = 1.0
        cairo_surface_get_device_scale(cairo_get_target(cairo), &scaleX, &scaleY)
        let key = Key(text: text, pixels: Int((size * scaleX).rounded()))
        let image: Image?
        if let cached = images[key] {
            image = cached
        } else {
            image = key.pixels > 0 ? Self.render(layout: layout, fontPixels: Double(key.pixels)) : nil
            images[key] = .some(image)
        }
        guard let image else { return false }
        let size = (width: Double(image.width) / scaleX, height: Double(image.height) / scaleY)
        cairo_save(cairo)
        cairo_set_source_surface(cairo, image.surface, (rect.midX - size.width / 2).rounded(), (rect.midY - size.height / 2).rounded())
        cairo_paint(cairo)
        cairo_restore(cairo)
        return true
    }

    /// A cheap first test: emoji either default to emoji presentation or ask for it.
    private static func mayBeEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
    }

    /// The laid-out text's one glyph as an image for a font `fontPixels` device pixels
    /// high, as wide as the glyph's advance (what Pango would draw), or `nil`.
    private static func render(layout: OpaquePointer, fontPixels: Double) -> Image? {
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0),
              let runs = line.pointee.runs, runs.pointee.next == nil,
              let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
              let glyphs = run.glyphs, glyphs.pointee.num_glyphs == 1,
              let font = run.item.pointee.analysis.font, let hbFont = pango_font_get_hb_font(font) else { return nil }
        let glyph = glyphs.pointee.glyphs.pointee.glyph
        var unitsPerEm: Int32 = 0, unused: Int32 = 0
        hb_font_get_scale(hbFont, &unitsPerEm, &unused)
        let advance = Double(hb_font_get_glyph_h_advance(hbFont, glyph))
        guard unitsPerEm > 0, advance > 0 else { return nil }
        let width = Int((advance / Double(unitsPerEm) * fontPixels).rounded())
        guard width > 0, let blob = hb_ot_color_glyph_reference_png(hbFont, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        var reader = PNGReader(bytes: UnsafeRawBufferPointer(start: data, count: Int(length)))
        guard let png = withUnsafeMutablePointer(to: &reader, { cairo_image_surface_create_from_png_stream(PNGReader.read, $0) }) else {
            return nil
        }
        defer { cairo_surface_destroy(png) }
        guard cairo_surface_status(png) == CAIRO_STATUS_SUCCESS else { return nil }
        let sourceWidth = Double(cairo_image_surface_get_width(png))
        let sourceHeight = Double(cairo_image_surface_get_height(png))
        guard sourceWidth > 0, sourceHeight > 0 else { return nil }
        let scale = Double(width) / sourceWidth
        return Image(scaling: png, to: width, Int((sourceHeight * scale).rounded()), by: scale)
    }

    /// A cairo image surface this cache owns.
    private final class Image {
        let surface: OpaquePointer
        let width: Int
        let height: Int

        init?(scaling source: OpaquePointer, to width: Int, _ height: Int, by scale: Double) {
            guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
                return nil
            }
            self.surface = surface
            self.width = width
            self.height = height
            let cairo = cairo_create(surface)
            cairo_scale(cairo, scale, scale)
            cairo_set_source_surface(cairo, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }

        deinit { cairo_surface_destroy(surface) }
    }

    /// Feeds cairo's PNG decoder from HarfBuzz's blob.
    private struct PNGReader {
        var bytes: UnsafeRawBufferPointer
        var offset = 0

        static let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let reader = closure.assumingMemoryBound(to: PNGReader.self)
            let wanted = Int(length)
            guard reader.pointee.bytes.count - reader.pointee.offset >= wanted else { return CAIRO_STATUS_READ_ERROR }
            data.update(from: reader.pointee.bytes.baseAddress!.advanced(by: reader.pointee.offset).assumingMemoryBound(to: UInt8.self), count: wanted)
            reader.pointee.offset += wanted
            return CAIRO_STATUS_SUCCESS
        }
    }
}
