import Foundation
import XCTest

/// `clavis compose --language ja`: romaji to the reading and its kana–kanji conversions.
final class ComposeCommandTests: XCTestCase {
    struct Answer: Decodable {
        struct Segment: Decodable { var reading: String; var candidates: [String] }
        var marked: String
        var candidates: [String]
        var segments: [Segment]
    }

    func testSentencesConvertWithSegments() throws {
        let input = "nihongo\nkyouhaiitenkidesu\ntoukyou\n\n"
        let result = try runProgram(clavisExecutable, ["compose", "--language", "ja"], timeout: 60, input: Data(input.utf8))
        XCTAssertEqual(result.status, 0, result.error)
        let answers = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
        XCTAssertEqual(answers.count, 4)
        XCTAssertEqual(answers[0].marked, "にほんご")
        XCTAssertEqual(answers[0].candidates.first, "日本語")
        XCTAssertEqual(answers[1].marked, "きょうはいいてんきです")
        XCTAssertEqual(answers[1].candidates.first, "今日はいい天気です")
        XCTAssertEqual(answers[1].segments.map(\.reading), ["きょうは", "いい", "てんきです"], "words joined into phrases")
        XCTAssertTrue(answers[1].segments[0].candidates.contains("今日は") && answers[1].segments[0].candidates.count > 3)
        XCTAssertEqual(answers[2].candidates.first, "東京")
        XCTAssertEqual(answers[3].marked, "")
        XCTAssertEqual(answers[3].candidates, [])
    }

    func testWhatIsNotRomajiPassesThroughAndOtherLanguagesAreRefused() throws {
        let result = try runProgram(clavisExecutable, ["compose", "--language", "ja"], timeout: 60, input: Data("123 %\n".utf8))
        XCTAssertEqual(result.status, 0, result.error)
        let answer = try JSONDecoder().decode(Answer.self, from: Data(result.output.utf8))
        XCTAssertEqual(answer.marked, "123 %")
        let refused = try runProgram(clavisExecutable, ["compose", "--language", "ko"], timeout: 30, input: Data())
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.error.contains("no composition for language 'ko'"), refused.error)
    }
}
