import ClavisFuzzing
import ClavisText
import Foundation
import XCTest

/// Each committed fuzz corpus run once through its target: what fuzzing found stays fixed
/// (scripts/fuzz.sh adds the inputs that found a crash here), and every target has seeds.
final class FuzzTargetTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    func testEveryCorpusRunsThroughItsTarget() throws {
        for target in FuzzTarget.allCases {
            let folder = Self.corpus.appendingPathComponent(target.rawValue)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertFalse(files.isEmpty, "no seeds for \(target.rawValue)")
            for file in files {
                target.run([UInt8](try Data(contentsOf: folder.appendingPathComponent(file))))
            }
        }
    }

    /// The lexicon seed is a real lexicon (the target would only test refusals otherwise).
    func testTheLexiconSeedIsRead() throws {
        let seed = Self.corpus.appendingPathComponent("lexicon/small.clx")
        let bytes = [UInt8](try Data(contentsOf: seed))
        XCTAssertEqual(try Lexicon(bytes: bytes).wordCount, 18, "rebuild it with clavis-lexicon when the format changes")
    }
}
