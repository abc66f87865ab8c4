import Foundation
import XCTest

/// The worked example in docs/layouts.md is a real, clean layout.
final class LayoutDocumentationTests: XCTestCase {
    func testTheWorkedExampleChecksClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/layouts.md"), encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "```yaml\n"))
        let end = try XCTUnwrap(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let example = FileManager.default.temporaryDirectory.appendingPathComponent("mini-\(UUID()).yaml")
        try String(text[start.upperBound..<end.lowerBound]).write(to: example, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: example) }
        let result = try runProgram(clavisExecutable, ["check", example.path])
        XCTAssertEqual(result.status, 0, result.output)
        let layout = try runProgram(clavisExecutable, ["layout", example.path, "--size", "800x300", "--json"])
        XCTAssertTrue(layout.output.contains("\"id\":\"dotcom\""), layout.output)
    }
}
