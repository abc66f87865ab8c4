import ClavisSession
import ClavisUI
import GtkKit
import TestSupport
import ClavisLayout
import XCTest

/// Where the standalone keyboard (`clavis keyboard`) puts itself, on a landscape monitor and
/// on a portrait one (a rotated tablet: Xvfb cannot rotate, so the frames are computed for
/// given monitors), and the strut a docked keyboard reserves.
final class KeyboardWindowTests: XCTestCase {
    func rect(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) -> GdkRectangle {
        GdkRectangle(x: x, y: y, width: width, height: height)
    }

    func assertEqual(_ a: GdkRectangle, _ b: GdkRectangle, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height], file: file, line: line)
    }

    func testDockedAcrossTheBottomAThirdHighAtMost320Pixels() {
        assertEqual(KeyboardWindow.frame(docked: true, monitor: rect(0, 0, 1280, 1024), workarea: rect(0, 0, 1280, 1000)),
                    rect(0, 704, 1280, 320))
        assertEqual(KeyboardWindow.frame(docked: true, monitor: rect(0, 0, 800, 1280), workarea: rect(0, 0, 800, 1280)),
                    rect(0, 960, 800, 320))
        assertEqual(KeyboardWindow.frame(docked: true, monitor: rect(1920, 0, 1024, 600), workarea: rect(1920, 0, 1024, 600)),
                    rect(1920, 400, 1024, 200))
    }

    func testTheHeightSettingScalesEitherUpToHalfTheScreen() {
        assertEqual(KeyboardWindow.frame(docked: true, monitor: rect(0, 0, 1280, 1024), workarea: rect(0, 0, 1280, 1000), scale: 1.5),
                    rect(0, 544, 1280, 480))
        assertEqual(KeyboardWindow.frame(docked: true, monitor: rect(0, 0, 1024, 600), workarea: rect(0, 0, 1024, 600), scale: 1.5),
                    rect(0, 300, 1024, 300))
        XCTAssertEqual(KeyboardWindow.frame(docked: false, monitor: rect(0, 0, 1280, 1024), workarea: rect(0, 24, 1280, 1000), scale: 0.6).height,
                       166)
    }

    func testFloatingCentredAboveTheBottomOfTheWorkArea() {
        assertEqual(KeyboardWindow.frame(docked: false, monitor: rect(0, 0, 1280, 1024), workarea: rect(0, 24, 1280, 1000)),
                    rect(256, 24 + 1000 - 276 - 16, 768, 276))
        // Portrait: 640 pixels wide at least.
        assertEqual(KeyboardWindow.frame(docked: false, monitor: rect(0, 0, 800, 1280), workarea: rect(0, 0, 800, 1280)),
                    rect(80, 1280 - 230 - 16, 640, 230))
        // A narrow screen: never wider than the work area less a margin.
        XCTAssertEqual(KeyboardWindow.frame(docked: false, monitor: rect(0, 0, 480, 800), workarea: rect(0, 0, 480, 800)).width, 448)
    }

    func testTheStrutCoversTheKeyboardsRowsAndWidthOnly() {
        XCTAssertEqual(KeyboardWindow.bottomStrut(keyboard: rect(0, 704, 1280, 320), screenHeight: 1024),
                       [0, 0, 0, 320, 0, 0, 0, 0, 0, 0, 0, 1279])
        // The right-hand monitor of two, shorter than the screen: its rows from the screen's bottom.
        XCTAssertEqual(KeyboardWindow.bottomStrut(keyboard: rect(1920, 400, 1024, 200), screenHeight: 1080),
                       [0, 0, 0, 680, 0, 0, 0, 0, 0, 0, 1920, 2943])
    }

    func testOnTheTestScreenItTakesItsOwnShapeAndNeverTheFocus() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let panel = KeyboardWindow(session: TestSessions.make([TestLayouts.tiny]), proxy: RecordingProxy(), docked: false)
            defer { gtk_widget_destroy(panel.window) }
            XCTAssertEqual(panel.keyboard.session.area.hostSize.width, 768, "floating: the window's shape decides the orientation")
            XCTAssertEqual(panel.keyboard.session.area.hostSize.height, 276)
            XCTAssertEqual(gtk_window_get_accept_focus(gtkCast(panel.window)), 0)
            XCTAssertEqual(gtk_window_get_focus_on_map(gtkCast(panel.window)), 0)
            XCTAssertFalse(panel.isVisible)
            panel.show()
            GUI.wait("the keyboard on screen") { gtk_widget_get_mapped(panel.window) != 0 }
            XCTAssertTrue(panel.ownWindowIDs.contains(UInt(gdk_x11_window_get_xid(gtk_widget_get_window(panel.window)))))
            panel.toggle()
            XCTAssertFalse(panel.isVisible)
        }
    }

    func testTheFloatingWindowKeepsItsPlaceFollowsItsShapeAndIsTranslucent() throws {
        try MainActor.assumeIsolated {
            try GUI.start()
            let themes = ThemeManager()
            XCTAssertTrue(themes.load("light"))
            let panel = KeyboardWindow(session: TestSessions.make([try LayoutLibrary().load("us")]), proxy: RecordingProxy(), docked: false,
                                       floatingFrame: GdkRectangle(x: 100, y: 60, width: 420, height: 640))
            defer { gtk_widget_destroy(panel.window) }
            var reported: [GdkRectangle] = []
            panel.onFrameChange = { reported.append($0) }
            panel.show()
            GUI.wait("the keyboard on screen") { gtk_widget_get_mapped(panel.window) != 0 && panel.keyboard.geometry.width > 0 }
            GUI.settle(seconds: 0.2)
            var x: Int32 = 0, y: Int32 = 0
            gdk_window_get_origin(gtk_widget_get_window(panel.window), &x, &y)
            XCTAssertEqual([x, y], [100, 60], "where it was left")
            XCTAssertEqual(panel.keyboard.session.scene.orientation, .portrait, "taller than wide")
            XCTAssertNotNil(panel.keyboard.geometry.frame(ofKey: "q"))

            gtk_window_resize(gtkCast(panel.window), 900, 300)
            GUI.wait("the landscape arrangement") { panel.keyboard.session.scene.orientation == .landscape }
            XCTAssertNotNil(panel.keyboard.geometry.frame(ofKey: "left"), "landscape's cursor keys")
            GUI.wait("the new frame reported") { reported.last?.width == 900 }
            XCTAssertEqual(reported.last.map { [$0.x, $0.y, $0.width, $0.height] }, [100, 60, 900, 300])

            // Translucent until the pointer is over it (the theme's window.floating opacity; a
            // compositor shows it, Xvfb has none).
            GUI.xdotool(["mousemove", "1200", "900"])
            GUI.wait("translucent with the pointer elsewhere") { abs(gtk_widget_get_opacity(panel.window) - 0.85) < 0.01 }
            GUI.xdotool(["mousemove", "500", "200"])
            GUI.wait("opaque under the pointer") { gtk_widget_get_opacity(panel.window) == 1 }
            GUI.xdotool(["mousemove", "1200", "900"])
            GUI.wait("translucent again") { abs(gtk_widget_get_opacity(panel.window) - 0.85) < 0.01 }
            withExtendedLifetime(themes) {}
        }
    }
}
