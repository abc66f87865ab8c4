import ClavisUI
import GtkKit
import XCTest

/// The icon the windows show is drawn from the same shapes as the SVG launchers show, and no
/// icon theme is asked for it.
final class AppIconTests: XCTestCase {
    func testTheShippedSVGIsTheOneTheShapesMake() throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/clavis.svg")
        XCTAssertEqual(try String(contentsOf: resources, encoding: .utf8), AppIcon.svg(),
                       "Resources/clavis.svg differs from AppIcon.shapes: write it from AppIcon.svg()")
        XCTAssertTrue(AppIcon.svg().contains(##"<rect x="96" y="76" width="16" height="16" rx="3" fill="#3b82f6"/>"##))
    }

    /// The pixel at a point of the 128-unit canvas, in an icon `size` pixels square.
    static func pixel(_ pixbuf: OpaquePointer, _ x: Double, _ y: Double, size: Int) -> [UInt8] {
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let offset = Int(y / 128 * Double(size)) * stride + Int(x / 128 * Double(size)) * channels
        return (0..<channels).map { pixels[offset + $0] }
    }

    func testTheDemoWindowCarriesTheIconDrawnAtEverySize() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            defer { gtk_widget_destroy(window) }
            AppIcon.apply(to: gtkCast(window))
            let list = gtk_window_get_icon_list(gtkCast(window))
            defer { g_list_free(list) }
            var sizes: [Int] = []
            var node = list
            while let current = node {
                let pixbuf = OpaquePointer(current.pointee.data!)
                let size = Int(gdk_pixbuf_get_width(pixbuf))
                sizes.append(size)
                XCTAssertEqual(Int(gdk_pixbuf_get_height(pixbuf)), size)
                if size == 64 {
                    XCTAssertEqual(Self.pixel(pixbuf, 104, 84, size: size), [0x3B, 0x82, 0xF6, 0xFF], "the blue Return key")
                    XCTAssertEqual(Self.pixel(pixbuf, 24, 44, size: size), [0xFF, 0xFF, 0xFF, 0xFF], "a white key")
                    XCTAssertEqual(Self.pixel(pixbuf, 12, 96, size: size), [0xD1, 0xD4, 0xDA, 0xFF], "the grey body")
                    XCTAssertEqual(Self.pixel(pixbuf, 64, 10, size: size)[3], 0, "transparent above the body")
                }
                node = current.pointee.next
            }
            XCTAssertEqual(sizes, AppIcon.sizes)
        }
    }
}
