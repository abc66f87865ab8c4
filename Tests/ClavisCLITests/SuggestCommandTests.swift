import Foundation
import XCTest

/// `clavis suggest`: the engine over its line protocol, as benchmarks and scripts use it.
final class SuggestCommandTests: XCTestCase {
    struct Answer: Decodable, Equatable {
        struct Item: Decodable, Equatable { var text, kind: String }
        var word: String
        var suggestions: [Item]
        /// What Space would leave in place of `word`.
        var space: String
    }

    func answers(_ input: Data, language: String = "en", count: Int = 3) throws -> (ProgramResult, [Answer]) {
        let result = try runProgram(clavisExecutable, ["suggest", "--language", language, "--count", "\(count)"],
                                    timeout: 30, input: input)
        let answers = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
        return (result, answers)
    }

    func testEachLineGetsOneAnswer() throws {
        let (result, answers) = try answers(Data("helo\nI will see you tomor\n\nthe quick brown \n".utf8))
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(answers.count, 4)
        XCTAssertEqual(answers[0].word, "helo")
        XCTAssertEqual(answers[0].suggestions.first, .init(text: "hello", kind: "correction"))
        XCTAssertEqual(answers[1].word, "tomor")
        XCTAssertEqual(answers[1].suggestions.first, .init(text: "tomorrow", kind: "completion"))
        XCTAssertEqual(answers[2].word, "")
        XCTAssertEqual(answers[2].suggestions.count, 3)
        XCTAssertTrue(answers[2].suggestions.allSatisfy { $0.kind == "prediction" && $0.text.first!.isUppercase },
                      "sentence starts: \(answers[2].suggestions)")
        XCTAssertTrue(answers[3].suggestions.allSatisfy { $0.kind == "prediction" })
    }

    func testBadUTF8GetsAnEmptyAnswerAndTheNextLineStillWorks() throws {
        var input = Data("hel".utf8)
        input.append(contentsOf: [0xFF, 0xFE, 0x0A])
        input.append(Data("hel\n".utf8))
        let (result, answers) = try answers(input)
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.signalled)
        XCTAssertEqual(answers.count, 2)
        XCTAssertEqual(answers[0], Answer(word: "", suggestions: [], space: ""))
        XCTAssertEqual(answers[1].suggestions.count, 3)
        XCTAssertTrue(result.error.contains("line 1: not UTF-8"), result.error)
    }

    /// `"space"` is what the keyboard's Space would leave, on the installed lexicons and the
    /// words their spelling dictionaries accept (issue 62): correct words and names kept,
    /// slips corrected, accents put back.
    func testSpaceSaysWhatAutoCorrectionWouldLeave() throws {
        let cases: [(language: String, typed: String, space: String)] = [
            ("en", "caret", "caret"), ("en", "quaff", "quaff"), ("en", "zeugma", "zeugma"), ("en", "gnomon", "gnomon"),
            ("en", "helo", "hello"), ("en", "dont", "don't"), ("en", "i", "I"), ("en", "I met Kasia", "Kasia"),
            ("pl", "zolw", "żółw"), ("pl", "prosze", "proszę"), ("pl", "dziekuje", "dziękuję"),
            ("tr", "tesekkurler", "teşekkürler"), ("de", "strasse", "Straße"), ("de", "uber", "über"),
            ("de", "schon", "schon"), ("es", "esta", "esta"), ("el", "καλημερα", "καλημέρα"), ("cs", "dekuji", "děkuji"),
        ]
        for language in Set(cases.map(\.language)) {
            let mine = cases.filter { $0.language == language }
            let (result, answers) = try answers(Data(mine.map { $0.typed + "\n" }.joined().utf8), language: language)
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertEqual(answers.map(\.space), mine.map(\.space), language)
        }
        let (_, both) = try answers(Data("es\nschon\n".utf8), language: "de")
        XCTAssertTrue(both[1].suggestions.contains { $0.text == "schön" }, "both spellings are words: the other offered: \(both[1])")
    }

    /// A broken known-words file: said once, naming it, and the lexicon still suggests.
    func testABrokenKnownWordsFileIsNamedAndSuggestionsGoOn() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-text-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: root.appendingPathComponent(".build-data/text/en.clx"), to: folder.appendingPathComponent("en.clx"))
        try Data("caret\n".utf8).write(to: folder.appendingPathComponent("en.known"))
        let result = try runProgram(clavisExecutable, ["suggest", "--language", "en"], environment: ["CLAVIS_TEXT_DIR": folder.path],
                                    timeout: 30, input: Data("helo\n".utf8))
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.error.contains("\(folder.path)/en.known: not a usable Clavis lexicon: no CLAVISKW 1 header"), result.error)
        XCTAssertTrue(result.output.contains("\"space\": \"hello\""), result.output)
    }

    func testGermanHasItsOwnWords() throws {
        let (result, answers) = try answers(Data("Stra\nschö\n".utf8), language: "de")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(answers[0].suggestions.contains { $0.text.hasPrefix("Straße") }, "\(answers[0])")
        XCTAssertTrue(answers[1].suggestions.contains { $0.text == "schön" }, "\(answers[1])")
    }

    /// The English lexicon with bits flipped (six copies in twenty hung the correction walk):
    /// one line naming the file and the command that rebuilds it, and no suggestions.
    func testADamagedLexiconIsNamedWithTheCommandThatRebuildsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(".build-data/text/en.clx")))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { bytes[Int.random(in: 128..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0..<8, using: &random) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-text-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder.appendingPathComponent("en.clx"))
        let result = try runProgram(clavisExecutable, ["suggest", "--language", "en"], environment: ["CLAVIS_TEXT_DIR": folder.path],
                                    timeout: 30, input: Data("helo\n".utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.error, "clavis suggest: \(folder.path)/en.clx: not a usable Clavis lexicon: the checksum does not match "
            + "(a damaged file); rebuild it with scripts/text-data.sh --force\n")
    }

    /// Every installed lexicon, named in its language: what a package of one language says
    /// it holds, and what a user asks before `--language`.
    func testTheInstalledLanguagesAreListedWithTheirNames() throws {
        let result = try runProgram(clavisExecutable, ["suggest", "--list-languages"], timeout: 30)
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        for expected in ["de\tDeutsch", "en\tEnglish", "es\tEspañol", "ga\tGaeilge"] {
            XCTAssertTrue(lines.contains(expected), "\(expected) in \(lines)")
        }
        XCTAssertEqual(lines, lines.sorted(), "sorted by code")
        XCTAssertTrue(lines.allSatisfy { $0.split(separator: "\t").count == 2 }, "\(lines)")
        let missing = try runProgram(clavisExecutable, ["suggest"], timeout: 30, input: Data())
        XCTAssertNotEqual(missing.status, 0, "without --list-languages, --language is still required")
        XCTAssertTrue(missing.error.contains("--language is required"), missing.error)
    }

    func testAnUnknownLanguageIsExitStatusTwo() throws {
        let result = try runProgram(clavisExecutable, ["suggest", "--language", "tlh"], timeout: 30, input: Data("x\n".utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasPrefix("clavis suggest: no lexicon for language 'tlh'"), result.error)
        XCTAssertEqual(result.output, "")
    }

    func testClearingLearnedWordsRemovesTheStoreAndTellsRunningKeyboards() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-home-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let store = home.appendingPathComponent("data/clavis/learned-words.tsv")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# clavis user words 1\nw\tzorblax\t2\nend\t1\n".utf8).write(to: store)
        let conversions = home.appendingPathComponent("data/clavis/learned-conversions.tsv")
        try Data("# clavis user words 1\np\tさくら\t佐倉\t2\nend\t1\n".utf8).write(to: conversions)
        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        let result = try runProgram(clavisExecutable, ["settings", "--clear-learned-words", "--show"], environment: environment)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: conversions.path), "learned Japanese conversions too")
        XCTAssertTrue(result.output.contains("\"learnedWordsCleared\" : 1"), result.output)
    }
}
