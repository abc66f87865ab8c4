import Foundation
import XCTest

/// `clavis swipe`: the gesture decoder over its line protocol.
final class SwipeCommandTests: XCTestCase {
    struct Answer: Decodable, Equatable { var candidates: [String] }
    struct Layout: Decodable {
        struct Key: Decodable { var id: String; var x, y, width, height: Double }
        var keys: [Key]
    }

    /// The line for a stroke through the centres of `letters` on the US layout at 390 × 260.
    func line(_ letters: String, before: String = "") throws -> String {
        let layout = try runProgram(clavisExecutable, ["layout", "us", "--size", "390x260"], timeout: 30)
        let keys = try JSONDecoder().decode(Layout.self, from: Data(layout.output.utf8)).keys
        let points = letters.enumerated().map { index, letter -> String in
            let key = keys.first { $0.id == String(letter) }!
            return "[\(key.x + key.width / 2), \(key.y + key.height / 2), \(index * 120)]"
        }
        return "{\"layout\": \"us\", \"size\": [390, 260], \"before\": \"\(before)\", \"points\": [\(points.joined(separator: ", "))]}"
    }

    func testEachGestureGetsItsWordsAndABadLineOnlyAnEmptyAnswer() throws {
        let input = [try line("helo"), "{\"layout\": \"us\"}", "not json", try line("wotld", before: "hello ")].joined(separator: "\n") + "\n"
        let result = try runProgram(clavisExecutable, ["swipe", "--language", "en"], timeout: 30, input: Data(input.utf8))
        XCTAssertEqual(result.status, 0, result.error)
        let answers = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
        XCTAssertEqual(answers.count, 4)
        XCTAssertEqual(answers[0].candidates.first, "hello", "h-e-l-o: the l is one point of the path")
        XCTAssertEqual(answers[1].candidates, [])
        XCTAssertEqual(answers[2].candidates, [])
        XCTAssertEqual(answers[3].candidates.first, "world")
        XCTAssertTrue(result.error.contains("clavis swipe: line 2: size: expected [width, height]"), result.error)
        XCTAssertTrue(result.error.contains("clavis swipe: line 3: column 2: expected 'null'"), result.error)
    }

    func testALanguageWithoutALexiconIsRefused() throws {
        let result = try runProgram(clavisExecutable, ["swipe", "--language", "xx"], timeout: 30, input: Data())
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("clavis swipe:"), result.error)
    }
}
