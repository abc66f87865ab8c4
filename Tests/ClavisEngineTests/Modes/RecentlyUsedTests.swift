import ClavisEngine
import ClavisPrediction
import Foundation
import TestSupport
import Testing

@MainActor @Suite struct RecentlyUsedTests {
    let traits = TextInputTraits()

    @Test func mostRecentFirstEachOnceAndOnlyTheNewestKept() {
        let recent = RecentlyUsed()
        recent.storage.fullAccess = true
        for emoji in ["😀", "🎉", "😀"] { recent.use(emoji, traits: traits) }
        #expect(recent.recent() == ["😀", "🎉"])
        for value in 0x1F400..<(0x1F400 + 40) { recent.use(String(Character(Unicode.Scalar(value)!)), traits: traits) }
        #expect(recent.recent().count == recent.limit)
        #expect(!recent.recent().contains("🎉"), "the oldest fell off")
    }

    @Test func nothingWithoutFullAccessOrInAPassword() {
        let recent = RecentlyUsed()
        recent.use("😀", traits: traits)
        recent.storage.fullAccess = true
        recent.use("🎉", traits: TextInputTraits(isSecureTextEntry: true))
        #expect(recent.recent().isEmpty)
    }

    @Test func keptInTheStoreAndForgotten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-recent-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = UserWordStore(path: folder.appendingPathComponent("recent-emoji.tsv").path)
        let recent = RecentlyUsed()
        recent.storage.fullAccess = true
        recent.storage.store = store
        recent.use("🦊", traits: traits)
        let again = RecentlyUsed()
        again.storage.store = store
        again.storage.load()
        #expect(again.recent() == ["🦊"])
        again.storage.forget()
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func aStoredOrderAtTheLimitOfNumbersStillTakesANewEmoji() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-recent-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("recent-emoji.tsv").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# clavis user words 1\nw\t😀\t9223372036854775807\nw\t🦊\t3\nend\t2\n".write(toFile: path, atomically: true, encoding: .utf8)
        let recent = RecentlyUsed()
        recent.storage.fullAccess = true
        recent.storage.store = UserWordStore(path: path)
        recent.storage.load()
        recent.use("🎉", traits: traits)
        #expect(recent.recent() == ["🎉", "😀", "🦊"])
        #expect(recent.storage.learned.allWords.map(\.count).sorted() == [1, 2, 3], "numbered afresh")
        for _ in 0..<100 { recent.use("🦊", traits: traits) }
        #expect(recent.recent() == ["🦊", "🎉", "😀"])
        #expect(recent.storage.learned.allWords.map(\.count).max() == 3)
    }
}
