import Foundation
import XCTest

/// `clavis check`, `clavis layout` and `clavis render`.
final class LayoutCommandTests: XCTestCase {
    func temporaryFile(_ name: String, _ contents: String? = nil) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)")
        if let contents { try contents.write(to: url, atomically: true, encoding: .utf8) }
        return url
    }

    func testCheckPassesEveryBuiltIn() throws {
        let result = try runProgram(clavisExecutable, ["check", "us", "numpad", "email", "url", "de", "fr", "ja", "ja-kana", "ko",
                                                       "pc", "pc-compact", "emoji", "xkb:fr", "xkb:ru", "xkb:de(neo)"])
        XCTAssertEqual(result.status, 0, result.output + result.error)
        XCTAssertEqual(result.output, "")
    }

    func testTheListNamesInstalledAndXKBLayoutsAndXKBOnesSolve() throws {
        let list = try runProgram(clavisExecutable, ["layout", "--list"])
        XCTAssertEqual(list.status, 0, list.error)
        let lines = Set(list.output.split(separator: "\n").map(String.init))
        for expected in ["us\tEnglish (US)", "emoji\tEmoji", "xkb:fr\tFrench", "xkb:ru\tRussian", "xkb:de(neo)\tGerman (Neo 2)",
                         // What the input modes say of their own keyboards (the catalog's tags).
                         "ja\t日本語 (ローマ字)\ttypes kana and kanji", "ko\t한국어\ttypes Hangul syllables"] {
            XCTAssertTrue(lines.contains(expected), "no \(expected)")
        }
        let solved = try runProgram(clavisExecutable, ["layout", "xkb:ru", "--size", "400x700", "--json"])
        XCTAssertEqual(solved.status, 0, solved.error)
        XCTAssertTrue(solved.output.contains("\"label\":\"й\""), solved.output)
        // Each key's long press, for layout authors: ё on е.
        let keys = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(solved.output.utf8)) as? [String: Any])?["keys"] as? [[String: Any]])
        let ye = try XCTUnwrap(keys.first { $0["label"] as? String == "е" })
        XCTAssertEqual((ye["alternates"] as? [String])?.first, "ё")
        let unknown = try runProgram(clavisExecutable, ["layout", "xkb:klingon", "--size", "400x700", "--json"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.error.contains("XKB has no layout 'klingon'"), unknown.error)
    }

    func testCheckPrintsEveryProblemWithFileLineAndColumn() throws {
        let file = try temporaryFile("bad.yaml", """
            id: bad
            keys:
              go: {action: {layer: trap}}
            layers:
              letters:
                rows: ['q w go']
                constraints:
                  - q.width >= 300
                  - q.width <= 100
              trap: {rows: ['1 2']}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runProgram(clavisExecutable, ["check", file.path])
        XCTAssertEqual(result.status, 1)
        let lines = result.output.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(file.path):9:") && $0.contains("conflicts") }, result.output)
        XCTAssertTrue(lines.contains { $0 == "\(file.path):10:3: error: layer 'trap' has no way back to 'letters' (add a key with action {layer: letters})" }, result.output)
    }

    func testCheckReportsSyntaxErrorsAndMissingFilesWithoutCrashing() throws {
        let file = try temporaryFile("syntax.yaml", "id: x\nlayers: [\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runProgram(clavisExecutable, ["check", file.path, "/nonexistent/none.yaml"])
        XCTAssertEqual(result.status, 2, "a file that cannot be read at all")
        XCTAssertTrue(result.output.contains("\(file.path):3:1: error: YAML:"), result.output)
        XCTAssertTrue(result.error.contains("/nonexistent/none.yaml: error: cannot read the file (no such file)"), result.error)
        XCTAssertEqual(try runProgram(clavisExecutable, ["check", file.path]).status, 1, "problems in a file")
    }

    func testLayoutPrintsSolvedFramesAsJSON() throws {
        let result = try runProgram(clavisExecutable, ["layout", "numpad", "--size", "300x400", "--json"])
        XCTAssertEqual(result.status, 0, result.error)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(json["keyboard"] as? String, "numpad")
        XCTAssertEqual(json["orientation"] as? String, "portrait")
        XCTAssertEqual(json["layer"] as? String, "digits")
        let keys = try XCTUnwrap(json["keys"] as? [[String: Any]])
        let one = try XCTUnwrap(keys.first { $0["id"] as? String == "1" })
        XCTAssertEqual(one["x"] as? Double, 0)
        XCTAssertEqual(one["y"] as? Double, 0)
        XCTAssertEqual(one["width"] as? Double, 100)
        XCTAssertEqual(one["height"] as? Double, 80)
        XCTAssertEqual(keys.count, 15)
    }

    func testLayoutHonoursOrientationAndLayer() throws {
        let result = try runProgram(clavisExecutable, ["layout", "us", "--size", "300x400", "--orientation", "landscape",
                                                       "--layer", "numbers", "--json"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("\"orientation\":\"landscape\""), result.output)
        XCTAssertTrue(result.output.contains("\"id\":\"dismiss\""), result.output)
        let bad = try runProgram(clavisExecutable, ["layout", "us", "--size", "huge"])
        XCTAssertNotEqual(bad.status, 0)
        let unknownLayer = try runProgram(clavisExecutable, ["layout", "us", "--size", "300x400", "--layer", "emoji"])
        XCTAssertEqual(unknownLayer.status, 1)
        XCTAssertTrue(unknownLayer.error.contains("no layer 'emoji'"), unknownLayer.error)
    }

    func testRenderWritesAPNGOfTheRequestedSize() throws {
        let output = try temporaryFile("us.png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runProgram(clavisExecutable, ["render", "us", "--size", "640x240", "-o", output.path],
                                    environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        XCTAssertEqual(result.status, 0, result.error)
        let data = try Data(contentsOf: output)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16–23.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([width, height], [640, 240])
    }
}
