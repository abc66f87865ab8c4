import ClavisWorkloads
import Foundation
import XCTest

/// Seeded random damage to every built-in layout and theme, checked by the real
/// `clavis check`: it never crashes or hangs, exits 0, 1 or 2 as its help says, says of each
/// file either "ok" or what is wrong, and every problem it prints names FILE:LINE:COLUMN.
///
/// `CLAVIS_MUTATION_SEED=N` changes the seed (the failing file is kept and named).
final class CheckMutationTests: XCTestCase {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")
    let seed = ProcessInfo.processInfo.environment["CLAVIS_MUTATION_SEED"].flatMap(UInt64.init) ?? 14

    func testDamagedLayoutsAreReportedWithTheirPlace() throws {
        try checkMutants(of: "layouts", extension: "yaml", perFile: 200)
    }

    func testDamagedThemesAreReportedWithTheirPlace() throws {
        try checkMutants(of: "themes", extension: "css", perFile: 120)
    }

    private func checkMutants(of kind: String, extension ext: String, perFile count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-mutants-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var keep = false
        defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
        let sources = try FileManager.default.contentsOfDirectory(at: Self.data.appendingPathComponent(kind),
                                                                   includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
        XCTAssertFalse(sources.isEmpty)
        var random = SplitMix64(seed: seed)
        var summary = (files: 0, clean: 0, problems: 0)
        for source in sources {
            let original = try String(contentsOf: source, encoding: .utf8)
            var mutants: [String] = []
            for index in 0..<count {
                let mutant = folder.appendingPathComponent("\(source.deletingPathExtension().lastPathComponent)-\(index).\(ext)")
                try Data(Mutator.mutate(original, yaml: ext == "yaml", using: &random)).write(to: mutant)
                mutants.append(mutant.path)
            }
            // One missing file among them: reported on its own, exit status 2.
            let missing = folder.appendingPathComponent("missing.\(ext)").path
            let result = try runChecked(mutants + [missing], seconds: 120)
            guard let result else {
                keep = true
                return XCTFail("clavis check hung on the mutants of \(source.lastPathComponent) (kept in \(folder.path))")
            }
            XCTAssertEqual(result.status, 2, "a missing file makes the exit status 2\n\(result.error.suffix(500))")
            let lines = result.output.split(separator: "\n").map(String.init)
            for line in lines {
                guard let file = Self.locatedFile(line) else {
                    keep = true
                    XCTFail("an error without FILE:LINE:COLUMN (kept in \(folder.path)): \(line)")
                    continue
                }
                XCTAssertTrue(mutants.contains(file), "the problem names its file: \(line)")
            }
            let ok = Set(result.error.split(separator: "\n").filter { $0.hasSuffix(": ok") }.map { String($0.dropLast(4)) })
            let faulty = Set(lines.compactMap(Self.locatedFile))
            for mutant in mutants {
                XCTAssertTrue(ok.contains(mutant) != faulty.contains(mutant), "\(mutant): exactly one of ok and problems")
            }
            XCTAssertTrue(result.error.contains("\(missing): error: cannot read the file"), result.error)
            XCTAssertFalse(ok.contains(missing) || faulty.contains(missing))
            summary.files += mutants.count
            summary.clean += ok.count
            summary.problems += lines.count
            // Status 1 alone, without the missing file, when a mutant has problems.
            if let first = faulty.first, let clean = ok.first {
                XCTAssertEqual(try runChecked([clean], seconds: 60)?.status, 0)
                XCTAssertEqual(try runChecked([first, clean], seconds: 60)?.status, 1)
            }
        }
        print("clavis check on \(summary.files) damaged \(kind) (seed \(seed)): \(summary.clean) still clean, "
              + "\(summary.problems) located problems")
        XCTAssertGreaterThan(summary.problems, summary.files / 2, "the mutations damage most files")
    }

    /// The file a `FILE:LINE:COLUMN: error: …` line names (line and column at least 1), or `nil`.
    static func locatedFile(_ line: String) -> String? {
        guard let range = line.range(of: ": error: ") else { return nil }
        let parts = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let row = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
              row >= 1, column >= 1 else { return nil }
        return parts.dropLast(2).joined(separator: ":")
    }

    /// Runs `clavis check` without a display, killing it after `seconds` (`nil`: it hung).
    private func runChecked(_ files: [String], seconds: Double) throws -> ProgramResult? {
        let result = try runProgram(clavisExecutable, ["check"] + files, environment: ["DISPLAY": nil], timeout: seconds)
        if result.hung { return nil }
        XCTAssertFalse(result.signalled, "clavis check crashed (signal \(result.status))")
        return result
    }
}

/// Text-level damage of the kinds people make when editing by hand.
enum Mutator {
    static func mutate(_ text: String, yaml: Bool, using random: inout SplitMix64) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !lines.isEmpty else { break }
            let index = Int.random(in: 0..<lines.count, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: lines.remove(at: index)                                   // a line deleted
            case 1: lines.insert(lines[index], at: index)                     // a line (a key, a rule) duplicated
            case 2: lines[index] = replacingNumber(in: lines[index], with: "wide", using: &random)  // a number as text
            case 3: lines[index] = replacingWord(in: lines[index], with: yaml ? "nokey" : "nowhere", using: &random)  // a reference to nothing
            case 4: lines[index] = lines[index].replacingOccurrences(of: "layer: ", with: "layer: nolayer")
                + (yaml ? "" : ";")                                             // a missing layer
            case 5:                                                           // indentation swapped
                lines[index] = lines[index].hasPrefix("  ") ? String(lines[index].dropFirst(1)) : "   " + lines[index]
            case 6:                                                           // truncated
                let joined = lines.joined(separator: "\n")
                let cut = Int.random(in: 0...joined.utf8.count, using: &random)
                return Array(joined.utf8.prefix(cut))
            case 7:                                                           // a stray character
                let stray = ["\t", ":", "{", "}", "\"", "'", "-", "#", ";", "\u{7}", "ü"].randomElement(using: &random)!
                var line = Array(lines[index])
                line.insert(contentsOf: stray, at: Int.random(in: 0...line.count, using: &random))
                lines[index] = String(line)
            default:                                                          // two lines swapped
                lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
            }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    private static func replacingNumber(in line: String, with word: String, using random: inout SplitMix64) -> String {
        let numbers = line.ranges(where: { $0.isNumber })
        guard let range = numbers.randomElement(using: &random) else { return line + " " + word }
        return line.replacingCharacters(in: range, with: word)
    }

    private static func replacingWord(in line: String, with word: String, using random: inout SplitMix64) -> String {
        let words = line.ranges(where: { $0.isLetter })
        guard let range = words.randomElement(using: &random) else { return line }
        return line.replacingCharacters(in: range, with: word)
    }
}

private extension String {
    /// The maximal runs of characters that satisfy `predicate`.
    func ranges(where predicate: (Character) -> Bool) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var start: String.Index?
        for index in indices {
            if predicate(self[index]) {
                if start == nil { start = index }
            } else if let begun = start {
                result.append(begun..<index)
                start = nil
            }
        }
        if let begun = start { result.append(begun..<endIndex) }
        return result
    }
}
