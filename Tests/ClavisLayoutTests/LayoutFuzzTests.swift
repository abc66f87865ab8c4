import ClavisLayout
import ClavisWorkloads
import Foundation
import Testing

/// `clavis check` must never crash, whatever a file holds: mutate the built-in layouts at
/// random (bytes, lines, tokens) and check every result. A crash kills the test process,
/// which fails the run; the test also asserts every file gets a verdict.
@Suite struct LayoutFuzzTests {
    static let sources: [String] = ["us", "numpad", "fr"].compactMap { id in
        LayoutLibrary().available.first { $0.id == id }.flatMap { try? String(contentsOfFile: $0.file, encoding: .utf8) }
    }

    static let fragments = [
        "~", "~-1", "~99", "{", "}", "[", "]", ":", "- ", "'", "\"", "@", "==", "<=", ">=", "*", "/", "0", "-0",
        "1e308", "nan", "inf", "keyboard.width", "q.width", "x.y", "shift", "layers", "keys", "rows", "constraints",
        "portrait", "landscape", "\t", "\n", "  ", "&a", "*a", "!!binary", "%", "é", "👍🏽", "\u{0}", "width: 0",
        "action: {layer: letters}", "- q.width == 2 * w.width", "- q.width >= 1e6", "- keyboard.height <= 0",
    ]

    func mutate(_ text: String, using random: inout SplitMix64) -> String {
        var characters = Array(text)
        if Bool.random(using: &random) { return text + "\n" + randomConstraints(using: &random) }
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            guard !characters.isEmpty else { break }
            let index = Int.random(in: 0..<characters.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: characters.remove(at: index)
            case 1: characters.insert(contentsOf: Self.fragments.randomElement(using: &random)!, at: index)
            case 2: characters[index] = Character(UnicodeScalar(UInt8.random(in: 32...126, using: &random)))
            case 3:
                let end = min(characters.count, index + Int.random(in: 1...80, using: &random))
                characters.removeSubrange(index..<end)
            default:
                let lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false)
                let line = lines.randomElement(using: &random) ?? ""
                characters.insert(contentsOf: "\n" + line, at: index)
            }
        }
        return String(characters)
    }

    /// A `constraints:` section of random, mostly well-formed constraints over real keys.
    func randomConstraints(using random: inout SplitMix64) -> String {
        let items = ["q", "w", "e", "a", "space", "shift", "return", "keyboard", "backspace", "1", "nope"]
        let attributes = ["width", "height", "leading", "trailing", "top", "bottom", "centerX", "centerY", "left", "wide"]
        let relations = ["==", "<=", ">=", "="]
        let priorities = ["", " @weak", " @strong", " @750", " @required", " @0"]
        func term() -> String {
            let reference = "\(items.randomElement(using: &random)!).\(attributes.randomElement(using: &random)!)"
            return Bool.random(using: &random) ? reference : "\(Int.random(in: -3...300, using: &random)) * \(reference)"
        }
        var lines = ["portrait:", "  constraints:"]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            lines.append("    - '\(term()) \(relations.randomElement(using: &random)!) \(term()) + \(Int.random(in: -50...400, using: &random))\(priorities.randomElement(using: &random)!)'")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: Array(UInt64(1)...8))
    func mutatedLayoutsAlwaysGetAVerdict(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var verdicts = 0
        var checked = 0
        for _ in 0..<150 {
            guard let source = Self.sources.randomElement(using: &random) else { break }
            let text = mutate(source, using: &random)
            do {
                let layout = try LayoutReader(file: "fuzz.yaml").read(text)
                _ = LayoutChecker().check(layout)
                checked += 1
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.description.hasPrefix("fuzz.yaml") })
            }
            verdicts += 1
        }
        #expect(Self.sources.count == 3)
        #expect(verdicts == 150)
        // Some mutants must get past the reader, or the checker was never exercised.
        #expect(checked > 0)
        print("fuzz seed \(seed): \(checked) of 150 mutants parsed and were checked")
    }
}
