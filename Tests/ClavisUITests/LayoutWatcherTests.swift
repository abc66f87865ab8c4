import ClavisLayout
import ClavisSession
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// A layout file saved while Clavis runs is applied at once; a broken one is reported and the
/// last good version stays.
final class LayoutWatcherTests: XCTestCase {
    func testASavedLayoutIsReloadedAndABrokenOneKeepsTheLastGoodVersion() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-layouts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("mine.yaml")
        try "id: mine\nlayers:\n  letters:\n    rows: ['q w e']\n".write(to: file, atomically: true, encoding: .utf8)
        try MainActor.assumeIsolated {
            try GUI.start()
            let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load(file.path)]))
            defer { gtk_widget_destroy(demo.window) }
            let watcher = LayoutWatcher(session: demo.keyboard.session)
            var reports: [String] = []
            watcher.onProblem = { reports.append($0) }
            demo.present()
            GUI.wait("the keyboard") { demo.keyboard.geometry.frames.count == 3 }

            try "id: mine\nlayers:\n  letters:\n    rows: ['q w e r t']\n".write(to: file, atomically: true, encoding: .utf8)
            GUI.wait("the new row", seconds: 5) { demo.keyboard.geometry.frame(ofKey: "t") != nil }
            XCTAssertEqual(demo.keyboard.geometry.frames.map(\.key.id), ["q", "w", "e", "r", "t"])

            try "id: mine\nlayers:\n  letters:\n    rows: ['q shfit']\n".write(to: file, atomically: true, encoding: .utf8)
            GUI.wait("the report", seconds: 5) { reports.contains { $0.hasPrefix("\(file.path):4:") } }
            XCTAssertTrue(reports.contains("keeping the last good version of \(file.path)"), "\(reports)")
            XCTAssertEqual(demo.keyboard.geometry.frames.map(\.key.id), ["q", "w", "e", "r", "t"])

            // Nesting that crashed the running keyboard is one more broken version.
            reports.removeAll()
            try ("id: mine\nlayers: " + String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000) + "\n")
                .write(to: file, atomically: true, encoding: .utf8)
            GUI.wait("the report", seconds: 5) { reports.contains("keeping the last good version of \(file.path)") }
            XCTAssertTrue(reports.contains("\(file.path):2:208: error: YAML: collections nested more than 200 levels deep"), "\(reports)")
            XCTAssertEqual(demo.keyboard.geometry.frames.map(\.key.id), ["q", "w", "e", "r", "t"])
            withExtendedLifetime(watcher) {}
        }
    }
}
