import Foundation
import XCTest

/// The second probe of the readers, as a hostile user tried them with the real `clavis`:
/// counts at the limit of numbers, long Japanese lines, named pipes where files were
/// expected, settings that grew past what is read back, and messages that split or quote
/// what they should not. Each ends with a clear message or a correct answer, in bounded
/// time, with nothing lost (docs/reliability.md).
final class HostileInputTests: XCTestCase {
    var home: URL!
    var environment: [String: String?] { ["XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path] }
    var dataFolder: URL { home.appendingPathComponent("data/clavis") }
    var settingsFile: URL { home.appendingPathComponent("config/clavis/settings.json") }

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: home)
    }

    func run(_ arguments: [String], input: String = "", timeout: Double = 60) throws -> ProgramResult {
        let result = try runProgram(clavisExecutable, arguments, environment: environment, timeout: timeout, input: Data(input.utf8))
        XCTAssertFalse(result.hung, "clavis \(arguments.joined(separator: " ")) hung")
        XCTAssertFalse(result.signalled, "clavis \(arguments.joined(separator: " ")) crashed: \(result.error.suffix(800))")
        return result
    }

    /// A named pipe nobody writes to: reading it would block for ever.
    func makeFIFO(_ name: String) -> String {
        let path = home.appendingPathComponent(name).path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        return path
    }

    // MARK: Numbers at their limits

    func testStoredCountsAtTheLimitOfNumbersAreReadAsTheMaximum() throws {
        for records in ["w\ttomorrowland\t9223372036854775807\nend\t1",
                        "w\ttomorrowland\t5\np\tyou\ttomorrowland\t9223372036854775807\nend\t2"] {
            try Data("# clavis user words 1\n\(records)\n".utf8).write(to: dataFolder.appendingPathComponent("learned-words.tsv"))
            let result = try run(["suggest", "--language", "en", "--learned"], input: "see you tom\n")
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertTrue(result.output.contains("tomorrowland"), result.output)
        }
    }

    func testIntegerOptionsAreRangeCheckedBeforeUse() throws {
        let compose = try run(["compose", "--language", "ja", "--best", "2147483648"], input: "nihon\n")
        XCTAssertEqual(compose.status, 64)
        XCTAssertTrue(compose.error.contains("--best must be from 1 to 100 (got 2147483648)"), compose.error)
        for command in ["suggest", "swipe"] {
            let result = try run([command, "--language", "en", "--count", "1000000000000"], input: "a\n")
            XCTAssertEqual(result.status, 64)
            XCTAssertTrue(result.error.contains("--count must be from 0 to 100"), result.error)
        }
    }

    // MARK: Bounded time

    /// 192 bytes took over 30 s and 1.7 GB with 20 sentences considered; 512 bytes over 4 GB.
    func testALongJapaneseLineIsConvertedInPieces() throws {
        let line = String(repeating: "nihongonobunshou", count: 32)
        let result = try run(["compose", "--language", "ja", "--best", "20"], input: line + "\n" + "nihongo\n", timeout: 60)
        XCTAssertEqual(result.status, 0, result.error)
        let answers = result.output.split(separator: "\n")
        XCTAssertEqual(answers.count, 2)
        XCTAssertTrue(answers.first?.contains("日本語の文章日本語の文章") == true, String(answers.first?.prefix(300) ?? ""))
        XCTAssertTrue(answers.last?.contains("\"candidates\": [\"日本語\"") == true, String(answers.last ?? ""))
    }

    func testOverlongLinesAreRefusedUnreadAndTheNextLineWorks() throws {
        let gesture = "{\"layout\": \"us\", \"size\": [390, 260], \"points\": [" + String(repeating: "[1,2,3],", count: 80_000) + "[1,2,3]]}"
        let swipe = try run(["swipe", "--language", "en"], input: gesture + "\n{\"layout\": \"us\"}\n")
        XCTAssertEqual(swipe.output, "{\"candidates\": []}\n{\"candidates\": []}\n")
        XCTAssertTrue(swipe.error.contains("clavis swipe: line 1: \(gesture.utf8.count) bytes; a line may have at most 524288; not read"), swipe.error)
        XCTAssertTrue(swipe.error.contains("clavis swipe: line 2: size:"), "the next line is read as usual: \(swipe.error)")
        let suggest = try run(["suggest", "--language", "en"], input: String(repeating: "a", count: 70_000) + "\nsee you tom\n")
        XCTAssertTrue(suggest.error.contains("clavis suggest: line 1: 70000 bytes; a line may have at most 65536; not read"), suggest.error)
        XCTAssertTrue(suggest.output.split(separator: "\n").last?.contains("tomorrow") == true, suggest.output)
    }

    // MARK: Only regular files

    func testNamedPipesAreRefusedWhereverAFileIsNamed() throws {
        let fifo = makeFIFO("layout.yaml")
        let request = "{\"layout\": \"\(fifo)\", \"size\": [390, 260], \"points\": [[1,1,0]]}\n"
        let swipe = try run(["swipe", "--language", "en"], input: request + "{\"layout\": \"/dev/stdin\", \"size\": [390, 260], \"points\": [[1,1,0]]}\n"
            + "{\"layout\": \"us\", \"size\": [390, 260], \"points\": [[178, 32, 0], [314, 32, 120], [297, 162, 240]]}\n", timeout: 30)
        XCTAssertEqual(swipe.output.split(separator: "\n").count, 3, "three requests, three answers: \(swipe.output)")
        XCTAssertTrue(swipe.error.contains("clavis swipe: line 1: layout: \(fifo): error: cannot read the file (not a regular file"), swipe.error)
        XCTAssertTrue(swipe.error.contains("clavis swipe: line 2: layout: /dev/stdin: error: cannot read the file (not a regular file"), swipe.error)
        for assignment in ["theme=\(fifo)", "enabledKeyboards=us,\(fifo)"] {
            let set = try run(["settings", "--set", assignment], timeout: 30)
            XCTAssertEqual(set.status, 2, set.error)
            XCTAssertTrue(set.error.contains("not a regular file"), set.error)
        }
        let check = try run(["check", fifo], timeout: 30)
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.error.contains("not a regular file"), check.error)
    }

    // MARK: Settings kept

    /// Two unknown fields nested 510 deep (2 KB) were saved as 1 MB and lost at the next read.
    func testASetKeepsAFileWithDeepFieldsReadable() throws {
        let deep = String(repeating: "[", count: 510) + "1" + String(repeating: "]", count: 510)
        try Data("{\"theme\": \"dark\", \"soundVolume\": -10, \"a\": \(deep), \"b\": \(deep)}".utf8).write(to: settingsFile)
        let set = try run(["settings", "--set", "soundVolume=-5"])
        XCTAssertEqual(set.status, 0, set.error)
        let size = try FileManager.default.attributesOfItem(atPath: settingsFile.path)[.size] as? Int ?? 0
        XCTAssertLessThan(size, 5_000)
        let list = try run(["settings", "--list"])
        XCTAssertEqual(list.error, "", "read back without a problem")
        XCTAssertTrue(list.output.contains("soundVolume = -5") && list.output.contains("theme = dark"), list.output)
        XCTAssertTrue(try String(contentsOf: settingsFile, encoding: .utf8).contains("\"a\" : [\n    [[["), "a newer Clavis's fields are kept")
    }

    /// 900 KB of removed items were saved as 2.4 MB, past the 1 MB read limit.
    func testALongForgottenJournalIsCutWhenReadAndTheFileStaysSmall() throws {
        let items = (0..<45_000).map { "\"word\\tw\($0)\"" }.joined(separator: ",")
        try Data("{\"theme\": \"dark\", \"forgotten\": [\(items)]}".utf8).write(to: settingsFile)
        let set = try run(["settings", "--set", "soundVolume=-5"])
        XCTAssertEqual(set.status, 0, set.error)
        let size = try FileManager.default.attributesOfItem(atPath: settingsFile.path)[.size] as? Int ?? 0
        XCTAssertLessThan(size, 10_000)
        let list = try run(["settings", "--list"])
        XCTAssertTrue(list.output.contains("soundVolume = -5") && list.output.contains("theme = dark"), list.error)
    }

    // MARK: Messages

    func testEveryProblemOfALayoutIsALineOfItsOwnAndNamesNeverSplitOne() throws {
        let layout = home.appendingPathComponent("bad.yaml")
        try Data("id: bad\nlayers:\n  letters:\n    rows: ['q w']\n    colour: red\nkeys:\n  q: {shape: round}\n".utf8).write(to: layout)
        let swipe = try run(["swipe", "--language", "en"], input: "{\"layout\": \"\(layout.path)\", \"size\": [390, 260], \"points\": [[1,1,0]]}\n"
            + "{\"layout\": \"us\\nfake: line\", \"size\": [390, 260], \"points\": [[1,1,0]]}\n"
            + "{\"layout\": \"xkb:zz(nothing)\", \"size\": [390, 260], \"points\": [[1,1,0]]}\n", timeout: 30)
        let lines = swipe.error.split(separator: "\n")
        XCTAssertGreaterThanOrEqual(lines.filter { $0.hasPrefix("clavis swipe: line 1: layout: \(layout.path):") }.count, 2, swipe.error)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("clavis swipe: line ") }, "no continuation line, and no line of xkbcommon's own:\n\(swipe.error)")
        XCTAssertTrue(swipe.error.contains("no layout 'us\\nfake: line'"), swipe.error)
        XCTAssertFalse(lines.contains { $0.hasPrefix("fake: line") })
        XCTAssertTrue(swipe.error.contains("clavis swipe: line 3: layout: "), swipe.error)
    }

    func testAFileThatIsNoLayoutIsNotQuoted() throws {
        let secret = home.appendingPathComponent("shadow")
        try Data("root:$6$salt$hash:20228:0:99999:7:::\nbin:*:20228:0:99999:7:::\n".utf8).write(to: secret)
        let check = try run(["check", secret.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.output, "\(secret.path):1:1: error: not a Clavis layout: none of its fields is a layout's (id, name, language, keys, layers, constraints, portrait, landscape)\n")
    }

    func testDamagedLearnedWordsAreSaidOnceByTheSuggestCommand() throws {
        var bytes = Array("# clavis user words 1\nw\tgood\t2\nw\t".utf8) + [0xFF, 0xFE] + Array("\t1\nend\t2\n".utf8)
        try Data(bytes).write(to: dataFolder.appendingPathComponent("learned-words.tsv"))
        let skipped = try run(["suggest", "--language", "en", "--learned"], input: "goo\n")
        XCTAssertEqual(skipped.error.split(separator: "\n").count, 1, skipped.error)
        XCTAssertTrue(skipped.error.contains("(learned words): 1 record is not UTF-8 text; skipped"), skipped.error)
        bytes = Array("# clavis user words 1\nw\tgood\t2\n".utf8)
        try Data(bytes).write(to: dataFolder.appendingPathComponent("learned-words.tsv"))
        let cut = try run(["suggest", "--language", "en", "--learned"], input: "goo\n")
        XCTAssertTrue(cut.error.contains("cut short or damaged; set aside as"), cut.error)
    }
}
