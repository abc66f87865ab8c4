@testable import ClavisFiles
import ClavisFiles
import ClavisLayout
#if canImport(Glibc)
import Glibc
#endif
import Testing

@Suite struct StandardErrorTests {
    /// A 10 MB theme name in settings.json was printed as one 10 MB line.
    @Test func longLinesAreCutAtACharacterAndSaySo() {
        let name = String(repeating: "é", count: 5_000_000)
        let cut = cutForReport("clavis: unknown theme '\(name)'")
        #expect(cut.utf8.count < maximumProblemLength + 40)
        #expect(cut.hasPrefix("clavis: unknown theme 'éé"))
        #expect(cut.hasSuffix("é… (\(10_000_024 - 1999) more bytes)"))
        #expect(cutForReport("short") == "short")
    }

    @Test func aLayoutsProblemsAreOneLineEachAndNamesCannotSplitThem() throws {
        let errors = LayoutErrors(errors: [
            LayoutError(file: "bad.yaml", line: 2, column: 1, message: "unknown field 'a'"),
            LayoutError(file: "bad\nyaml", line: 3, column: 1, message: "no layout 'us\nfake: line'"),
        ])
        #expect(problemLines(errors) == ["bad.yaml:2:1: error: unknown field 'a'", "bad\\nyaml:3:1: error: no layout 'us\\nfake: line'"])
        #expect(problemLines(FileError(path: "/x", code: ENOENT)) == ["/x: no such file"])
    }
}
