import Foundation
import XCTest

/// The GNOME Shell extension's scripts without a Shell: its body's logic under gjs with fakes
/// of the Shell (Fixtures/gnome-shell/clavis-shell.test.js), and both forms
/// scripts/gnome-extension.sh writes parsed by gjs (GNOME 43–44's script, 45's module; the
/// headless GNOME tests load the first in a real Shell 43).
final class GnomeShellScriptTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    let gjs = URL(fileURLWithPath: "/usr/bin/gjs")

    func testTheExtensionsLogicWithAFakeShell() throws {
        let test = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/gnome-shell/clavis-shell.test.js")
        let result = try runProgram(gjs, [test.path, repository.appendingPathComponent("data/gnome-shell/clavis-shell.js").path])
        XCTAssertEqual(result.status, 0, result.output + result.error)
        XCTAssertEqual(result.output, "ok\n", result.error)
    }

    func testBothFormsParseAndNameTheVersionsTheyServe() throws {
        for (version, versions, module) in [("43", ["43", "44"], false), ("46", ["45", "46", "47", "48", "49"], true)] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-extension-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let written = try runProgram(repository.appendingPathComponent("scripts/gnome-extension.sh"), [folder.path, version])
            XCTAssertEqual(written.status, 0, written.error)
            let extensionFolder = folder.appendingPathComponent("clavis@clavis-keyboard.github.io")
            let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: extensionFolder.appendingPathComponent("metadata.json"))) as? [String: Any]
            XCTAssertEqual(metadata?["uuid"] as? String, "clavis@clavis-keyboard.github.io")
            XCTAssertEqual(metadata?["shell-version"] as? [String], versions)
            let script = extensionFolder.appendingPathComponent("extension.js")
            let source = try String(contentsOf: script, encoding: .utf8)
            XCTAssertTrue(source.contains("class ClavisShell {"), "the body is in the \(version) form")
            XCTAssertEqual(source.contains("export default class"), module)
            // Outside the Shell its imports cannot load; what matters is that the file parses.
            let run = try runProgram(gjs, module ? ["-m", script.path] : [script.path])
            XCTAssertFalse(run.error.contains("SyntaxError") || run.error.contains("Failed to parse"), run.error)
            XCTAssertTrue(run.error.contains(module ? "Failed to resolve imports" : "ui"), "it got as far as its imports: \(run.error)")
        }
    }
}
