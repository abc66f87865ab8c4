import ClavisEngine
import ClavisText
import Foundation
import Testing
import TestSupport

@MainActor @Suite struct ConversionMemoryTests {
    let traits = TextInputTraits()

    @Test func theMostChosenWordsComeFirst() {
        let memory = ConversionMemory()
        memory.fullAccess = true
        memory.learn(reading: "さくら", word: "佐倉", traits: traits)
        memory.learn(reading: "さくら", word: "桜", traits: traits)
        memory.learn(reading: "さくら", word: "桜", traits: traits)
        #expect(memory.ranked(["咲くら", "佐倉", "さくら"], for: "さくら") == ["桜", "佐倉", "咲くら", "さくら"])
        #expect(memory.ranked(["花"], for: "はな") == ["花"], "nothing learned for it")
        #expect(memory.predictions(for: "さく").map(\.word) == ["桜", "佐倉"])
        #expect(memory.predictions(for: "").isEmpty)
    }

    @Test func fieldsThatDoNotLearnTeachNothing() {
        let memory = ConversionMemory()
        memory.fullAccess = true
        memory.learn(reading: "あい", word: "愛", traits: TextInputTraits(isSecureTextEntry: true))
        memory.learn(reading: "あい", word: "藍", traits: TextInputTraits(allowsLearning: false))
        #expect(memory.predictions(for: "あ").isEmpty)
    }

    @Test func learnedConversionsAreWrittenAfterADelayAndReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-memory-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("learned-conversions.tsv").path
        let scheduler = ManualScheduler()
        let memory = ConversionMemory()
        memory.fullAccess = true
        memory.store = UserWordStore(path: path)
        memory.scheduler = scheduler
        memory.learn(reading: "さくら", word: "桜", traits: traits)
        #expect(!FileManager.default.fileExists(atPath: path))
        scheduler.advance(by: 2)
        let again = ConversionMemory()
        again.store = UserWordStore(path: path)
        again.load()
        #expect(again.ranked([], for: "さくら") == ["桜"])
        again.clear()
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
