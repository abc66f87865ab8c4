import ClavisEngine
import ClavisKanaMode
import ClavisPrediction
import Foundation
import TestSupport
import Testing

@MainActor @Suite struct ConversionMemoryTests {
    let traits = TextInputTraits()

    @Test func theMostChosenWordsComeFirst() {
        let memory = ConversionMemory()
        memory.storage.fullAccess = true
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
        memory.storage.fullAccess = true
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
        memory.storage.fullAccess = true
        memory.storage.store = UserWordStore(path: path)
        memory.storage.scheduler = scheduler
        memory.learn(reading: "さくら", word: "桜", traits: traits)
        #expect(!FileManager.default.fileExists(atPath: path))
        scheduler.advance(by: 2)
        let again = ConversionMemory()
        again.storage.store = UserWordStore(path: path)
        again.storage.load()
        #expect(again.ranked([], for: "さくら") == ["桜"])
        again.storage.forget()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A newer Clavis's file was rewritten as version 1 at the first save: it is left alone.
    @Test func aFileOfAnotherVersionIsNeverWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-memory-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("learned-conversions.tsv").path
        let newer = "# clavis user words 3\nsomething new\n"
        try newer.write(toFile: path, atomically: true, encoding: .utf8)
        var problems: [String] = []
        let memory = ConversionMemory()
        memory.storage.fullAccess = true
        memory.storage.store = UserWordStore(path: path)
        memory.storage.onProblem = { problems.append($0) }
        memory.storage.load()
        memory.learn(reading: "さくら", word: "桜", traits: traits)
        memory.storage.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == newer)
        #expect(problems.count == 1 && problems[0].contains("format version '3'"))
        #expect(memory.ranked(["咲くら", "桜"], for: "さくら") == ["桜", "咲くら"], "learned for this session")
    }

    @Test func aStoredCountAtTheLimitOfNumbersIsCountedNoHigher() {
        let memory = ConversionMemory()
        memory.storage.fullAccess = true
        memory.storage.change { $0.set(pair: .init("さくら", "桜"), count: Int.max) }
        memory.learn(reading: "さくら", word: "桜", traits: traits)
        #expect(memory.storage.learned.count(of: "桜", after: "さくら") == UserLexicon.maximumCount)
        #expect(memory.ranked(["佐倉"], for: "さくら") == ["桜", "佐倉"])
    }
}
