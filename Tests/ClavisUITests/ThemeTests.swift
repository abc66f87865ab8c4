import ClavisLayout
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// Themes are GTK CSS: each built-in looks like itself, a broken file keeps the last good
/// theme, and a saved change is applied at once.
enum ThemeProbe {
    /// The colour at a point of a keyboard drawn offscreen with the loaded theme.
    @MainActor
    static func pixel(atX x: Int, y: Int, geometry: KeyboardGeometry) throws -> (Int, Int, Int) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try OffscreenRenderer(style: OffscreenRenderer.themedStyle()).render(geometry, to: path)
        let surface = try XCTUnwrap(cairo_image_surface_create_from_png(path))
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        let offset = y * stride + x * 4   // ARGB32, little endian: B G R A
        return (Int(data[offset + 2]), Int(data[offset + 1]), Int(data[offset]))
    }

    @MainActor
    static func usGeometry() throws -> KeyboardGeometry {
        try LayerSolver(layout: try LayoutLibrary().load("us"), layer: "letters", width: 400, height: 200,
                        orientation: .portrait).geometry
    }

    static func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }
}

final class ThemeTests: XCTestCase {
    typealias P = ThemeProbe

    func testEveryBuiltInThemeLooksLikeItself() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let geometry = try P.usGeometry()
            let q = try XCTUnwrap(geometry.frame(ofKey: "q"))
            let expected: [(String, tray: (Int, Int, Int), key: (Int, Int, Int))] = [
                ("light", (0xD1, 0xD4, 0xDA), (0xFF, 0xFF, 0xFF)),
                ("dark", (0x1C, 0x1C, 0x1E), (0x5C, 0x5C, 0x61)),
                ("high-contrast", (0, 0, 0), (0, 0, 0)),
            ]
            let themes = ThemeManager()
            for (name, tray, key) in expected {
                XCTAssertTrue(themes.load(name), name)
                let trayPixel = try P.pixel(atX: 1, y: 1, geometry: geometry)
                // A point inside q, off its label and border.
                let keyPixel = try P.pixel(atX: Int(q.x + 8), y: Int(q.midY + q.height / 4), geometry: geometry)
                XCTAssertTrue(P.close(trayPixel, tray), "\(name) tray \(trayPixel)")
                XCTAssertTrue(P.close(keyPixel, key), "\(name) key \(keyPixel)")
            }
            XCTAssertEqual(ThemeManager.file(for: "nope"), nil)
        }
    }

    /// The demo's messages under its fields are readable in every theme: at least 4.5:1
    /// against the window (WCAG AA), 7:1 in high contrast (AAA), measured on the pixels drawn.
    func testErrorMessagesAreReadableInEveryTheme() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let themes = ThemeManager()
            for (name, least) in [("light", 4.5), ("dark", 4.5), ("high-contrast", 7.0)] {
                XCTAssertTrue(themes.load(name), name)
                let window = gtk_offscreen_window_new()!
                let label = gtk_label_new("Enter a valid email address")!
                gtk_style_context_add_class(gtk_widget_get_style_context(label), "error")
                gtk_container_add(gtkCast(window), label)
                gtk_widget_show_all(window)
                GUI.settle()
                let pixbuf = try XCTUnwrap(gtk_offscreen_window_get_pixbuf(gtkCast(window)))
                defer {
                    g_object_unref(UnsafeMutableRawPointer(pixbuf))
                    gtk_widget_destroy(window)
                }
                let ratio = Self.contrast(of: pixbuf)
                XCTAssertGreaterThanOrEqual(ratio, least, "\(name): the message's contrast \(ratio):1")
            }
        }
    }

    /// The contrast between the commonest colour of a picture (the background) and the one
    /// farthest from it in luminance (the text's), as WCAG defines it.
    static func contrast(of pixbuf: OpaquePointer) -> Double {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let data = gdk_pixbuf_get_pixels(pixbuf)!
        func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
            func linear(_ c: UInt8) -> Double {
                let v = Double(c) / 255
                return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        }
        var counts: [Double: Int] = [:]
        for y in 0..<height {
            for x in 0..<width {
                let p = y * stride + x * channels
                counts[luminance(data[p], data[p + 1], data[p + 2]), default: 0] += 1
            }
        }
        let background = counts.max { $0.value < $1.value }?.key ?? 0
        let text = counts.keys.max { abs($0 - background) < abs($1 - background) } ?? background
        return (max(background, text) + 0.05) / (min(background, text) + 0.05)
    }

    func testABrokenThemeKeepsTheLastGoodOneAndSaysWhere() throws {
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).css")
        try ".keyboard { background-color: #000000; }\n.key {\n  background-color: plaid;\n}\n"
            .write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        try MainActor.assumeIsolated {
            try GUI.start()
            let themes = ThemeManager()
            var reports: [String] = []
            themes.onProblem = { reports.append($0) }
            XCTAssertTrue(themes.load("light"))
            let light = themes.current
            XCTAssertFalse(themes.load(broken.path))
            XCTAssertEqual(themes.current, light)
            XCTAssertTrue(reports.contains { $0.hasPrefix("\(broken.path):3:") }, "\(reports)")
            XCTAssertTrue(P.close(try P.pixel(atX: 1, y: 1, geometry: try P.usGeometry()), (0xD1, 0xD4, 0xDA)),
                          "the light tray is still drawn")
            XCTAssertFalse(themes.load("no-such-theme"))
            XCTAssertEqual(themes.current, light)
        }
    }

    func testAThemeSavedOnDiskIsAppliedAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("themes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mine.css")
        try ".keyboard { background-color: #102030; }\n".write(to: file, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            try GUI.start()
            let themes = ThemeManager()
            var changes = 0
            themes.onChange = { changes += 1 }
            XCTAssertTrue(themes.load(file.path))
            let geometry = try P.usGeometry()
            XCTAssertTrue(P.close(try P.pixel(atX: 1, y: 1, geometry: geometry), (0x10, 0x20, 0x30)))
            try ".keyboard { background-color: #405060; }\n".write(to: file, atomically: true, encoding: .utf8)
            GUI.wait("the theme to reload", seconds: 5) { changes >= 2 }
            XCTAssertTrue(P.close(try P.pixel(atX: 1, y: 1, geometry: geometry), (0x40, 0x50, 0x60)))
        }
    }
}
