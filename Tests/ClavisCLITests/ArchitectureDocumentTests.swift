import Foundation
import XCTest

/// docs/architecture.md stays the map of the code: its target table names every target of
/// Package.swift (tests aside) and nothing else, and the session's counts are the code's.
final class ArchitectureDocumentTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func matches(_ pattern: String, in text: String, group: Int = 1) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    func testTheTargetTableNamesEveryTargetOfThePackage() throws {
        let package = try read("Package.swift")
        let declared = Set(try matches(#"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#, in: package))
        let document = try read("docs/architecture.md")
        let table = document.components(separatedBy: "| Target | Layer | Holds |")[1].components(separatedBy: "\n\n")[0]
        let firstColumns = try matches(#"^\| ([^|]+) \|"#, in: table)
        let named = Set(try firstColumns.flatMap { try matches("`([^`]+)`", in: $0) }.filter { !$0.contains("/") })
        XCTAssertFalse(declared.isEmpty)
        XCTAssertEqual(declared.subtracting(named).sorted(), [], "targets the document's table does not name")
        XCTAssertEqual(named.subtracting(declared).sorted(), [], "names in the table that are no target")
    }

    func testSourcesHoldsTheLayerFoldersTheDocumentNames() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(folders, ["App", "Core", "Modes", "Platform", "Tools", "UI"], "a target goes into its layer's folder")
        let document = try read("docs/architecture.md")
        for folder in folders { XCTAssertTrue(document.contains("**`\(folder)/`**"), "the document says what \(folder)/ holds") }
    }

    func testTheSessionsCountsAreTheCodes() throws {
        let folder = root.appendingPathComponent("Sources/Core/ClavisSession")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("KeyboardSession") && $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty)
        var publicMembers = 0
        var stored = 0
        for file in files {
            let text = try read("Sources/Core/ClavisSession/" + file)
            publicMembers += try matches(#"^\s*(public (func|var|let|init|private\(set\) (lazy )?var|static))"#, in: text).count
            // Stored: a property declared at the type's level with no body of its own, or
            // whose body is an observer (`didSet`).
            let lines = text.components(separatedBy: "\n")
            let declaration = try NSRegularExpression(pattern: #"^    (public |private |public private\(set\) |private\(set\) )?(lazy )?(let|var) \w+"#)
            for (index, line) in lines.enumerated()
            where declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                guard line.hasSuffix("{") else {
                    if line.range(of: #"\{ [^}]*\}$"#, options: .regularExpression) == nil { stored += 1 }
                    continue
                }
                let body = lines[index + 1].trimmingCharacters(in: .whitespaces)
                if body.hasPrefix("didSet") || body.hasPrefix("willSet") { stored += 1 }
            }
        }
        let document = try read("docs/architecture.md")
        XCTAssertTrue(document.contains("**\(publicMembers) members and `scene`**"), "the document's public member count; the code has \(publicMembers)")
        XCTAssertTrue(document.contains("**\(stored) stored properties**"), "the document's stored property count; the code has \(stored)")
    }
}
