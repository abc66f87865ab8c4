import ClavisFuzzTargets
import ClavisKanaKanji
import ClavisPrediction
import Foundation
import XCTest

/// Each committed fuzz corpus run once through its target: what fuzzing found stays fixed
/// (scripts/fuzz.sh adds the inputs that found a crash here), and every target has seeds.
final class FuzzTargetTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    func testEveryCorpusRunsThroughItsTarget() throws {
        let root = Self.corpus.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for target in FuzzTarget.allCases {
            let folders = [Self.corpus.appendingPathComponent(target.rawValue)] + target.repositorySeeds.map(root.appendingPathComponent)
            var count = 0
            for folder in folders {
                for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                    target.run([UInt8](try Data(contentsOf: folder.appendingPathComponent(file))))
                    count += 1
                }
            }
            XCTAssertGreaterThan(count, 0, "no seeds for \(target.rawValue)")
        }
    }

    /// The lexicon seed is a real lexicon (the target would only test refusals otherwise).
    func testTheLexiconSeedIsRead() throws {
        let seed = Self.corpus.appendingPathComponent("lexicon/small.clx")
        let bytes = [UInt8](try Data(contentsOf: seed))
        XCTAssertEqual(try Lexicon(bytes: bytes).wordCount, 18, "rebuild it with clavis-lexicon when the format changes")
    }

    /// The kana–kanji seed is a real model, built by `clavis-lexicon kana-kanji` from a few
    /// words with n-grams; the other seed is the same file cut short.
    func testTheKanaKanjiSeedIsRead() throws {
        let seed = Self.corpus.appendingPathComponent("kana-kanji-model/small.kkm")
        let model = try KanaKanjiModel(bytes: [UInt8](try Data(contentsOf: seed)))
        XCTAssertEqual(model.wordCount, 14, "rebuild it with clavis-lexicon kana-kanji when the format changes")
        XCTAssertEqual(LatticeConverter(model: model).convert("きょうはいいてんきです").sentences.first, "今日はいい天気です")
    }
}
