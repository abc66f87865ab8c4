import ClavisLayout
@testable import ClavisUI
import GtkKit
import XCTest

/// Emoji keys are drawn from the font's own images, look as Pango draws them, and what is
/// kept of them has a bound however many are shown.
final class EmojiImagesTests: XCTestCase {
    /// A 64×64 image with `text` drawn in its middle, by the emoji cache or (`asText`) by Pango.
    @MainActor
    static func draw(_ text: String, with images: EmojiImages, asText: Bool = false) -> (drawn: Bool, pixels: [UInt8]) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64)!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        let font = pango_font_description_from_string("Sans")!
        defer { pango_font_description_free(font) }
        pango_font_description_set_absolute_size(font, 32 * Double(PANGO_SCALE))
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        let rect = Rect(x: 0, y: 0, width: 64, height: 64)
        var drawn = false
        if asText {
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            cairo_move_to(cairo, (32 - Double(width) / 2).rounded(), (32 - Double(height) / 2).rounded())
            pango_cairo_show_layout(cairo, layout)
        } else {
            drawn = images.draw(cairo, layout: layout, text: text, size: 32, centredIn: rect)
        }
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        return (drawn, Array(UnsafeBufferPointer(start: data, count: 64 * 64 * 4)))
    }

    func testAnEmojiIsDrawnFromTheFontsImageAsPangoDrawsIt() {
        MainActor.assumeIsolated {
            let images = EmojiImages(capacity: 8)
            let image = Self.draw("😀", with: images)
            XCTAssertTrue(image.drawn)
            let text = Self.draw("😀", with: images, asText: true)
            let covered = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
            let coveredAsText = stride(from: 3, to: text.pixels.count, by: 4).filter { text.pixels[$0] > 128 }.count
            XCTAssertGreaterThan(covered, 600, "a face about 32 pixels wide")
            XCTAssertEqual(Double(covered), Double(coveredAsText), accuracy: Double(coveredAsText) * 0.1, "the same size as Pango draws it")
            let yellow = stride(from: 0, to: image.pixels.count, by: 4).filter {
                image.pixels[$0 + 2] > 200 && image.pixels[$0 + 1] > 150 && image.pixels[$0] < 100
            }.count
            XCTAssertGreaterThan(yellow, 200, "in colour (BGRA: much red and green, little blue)")
        }
    }

    func testTextThatIsNotAColourGlyphIsLeftToPango() {
        MainActor.assumeIsolated {
            let images = EmojiImages(capacity: 8)
            XCTAssertFalse(Self.draw("a", with: images).drawn)
            XCTAssertFalse(Self.draw("⇆", with: images).drawn)
            XCTAssertEqual(images.count, 0, "plain text is not even looked up")
        }
    }

    func testOnlyTheMostRecentImagesAreKept() {
        MainActor.assumeIsolated {
            let images = EmojiImages(capacity: 16)
            let faces = (0x1F600...0x1F64F).compactMap(Unicode.Scalar.init).map(String.init)
            for face in faces { XCTAssertTrue(Self.draw(face, with: images).drawn, face) }
            XCTAssertLessThanOrEqual(images.count, 16)
            XCTAssertTrue(Self.draw(faces.last!, with: images).drawn, "the newest is still drawn")
        }
    }
}
