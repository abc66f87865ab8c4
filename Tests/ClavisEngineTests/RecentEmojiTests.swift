import ClavisEngine
import ClavisText
import Foundation
import Testing
import TestSupport

@MainActor @Suite struct RecentEmojiTests {
    let traits = TextInputTraits()

    @Test func mostRecentFirstEachOnceAndOnlyTheNewestKept() {
        let recent = RecentEmoji()
        recent.storage.fullAccess = true
        for emoji in ["😀", "🎉", "😀"] { recent.use(emoji, traits: traits) }
        #expect(recent.recent() == ["😀", "🎉"])
        for value in 0x1F400..<(0x1F400 + 40) { recent.use(String(Character(Unicode.Scalar(value)!)), traits: traits) }
        #expect(recent.recent().count == RecentEmoji.limit)
        #expect(!recent.recent().contains("🎉"), "the oldest fell off")
    }

    @Test func nothingWithoutFullAccessOrInAPassword() {
        let recent = RecentEmoji()
        recent.use("😀", traits: traits)
        recent.storage.fullAccess = true
        recent.use("🎉", traits: TextInputTraits(isSecureTextEntry: true))
        #expect(recent.recent().isEmpty)
    }

    @Test func keptInTheStoreAndForgotten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-recent-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = UserWordStore(path: folder.appendingPathComponent("recent-emoji.tsv").path)
        let recent = RecentEmoji()
        recent.storage.fullAccess = true
        recent.storage.store = store
        recent.use("🦊", traits: traits)
        let again = RecentEmoji()
        again.storage.store = store
        again.storage.load()
        #expect(again.recent() == ["🦊"])
        again.storage.forget()
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
