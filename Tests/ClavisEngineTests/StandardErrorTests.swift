@testable import ClavisEngine
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
}
