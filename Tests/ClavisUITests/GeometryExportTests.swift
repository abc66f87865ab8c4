import ClavisUI
import Foundation
import GtkKit
import XCTest

/// `--geometry-out` says a key is somewhere only once it is drawn there.
final class GeometryExportTests: XCTestCase {
    func testTheFirstVisibleExportIsWhereTheKeysAreDrawn() throws {
        try MainActor.assumeIsolated {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-keys-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: file) }
            let demo = try DemoFixture.unshownUSDemo()
            defer { gtk_widget_destroy(demo.window) }
            demo.export(to: file.path)
            demo.present()
            var first: ExportedGeometry?
            GUI.wait("a visible export") {
                first = ExportedGeometry.read(file)
                return first?.visible == true
            }
            GUI.settle(seconds: 0.5)
            let settled = try XCTUnwrap(ExportedGeometry.read(file))
            XCTAssertEqual(first?.key("q")?.y, settled.key("q")?.y, "the first visible export had the keys elsewhere")
            XCTAssertEqual(first?.key("q")?.x, settled.key("q")?.x)
        }
    }
}
