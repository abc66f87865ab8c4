import ClavisFormats
import ClavisLayout
import Testing

@Suite struct YAMLNodeTests {
    @Test func mappingsKeepFileOrderAndNodesTheirPlace() throws {
        let root = try #require(try YAMLNode.compose("id: us\nkeys:\n  q: {label: 'Q'}\n  w: \"w\"\nrows: [a, b]\n"))
        let pairs = try #require(root.mapping)
        #expect(pairs.map { $0.0.scalar?.string } == ["id", "keys", "rows"])
        let keys = try #require(pairs[1].1.mapping)
        #expect(keys[0].0.location == SourceLocation(line: 3, column: 3))
        #expect(keys[0].1.mapping?.first?.1.scalar?.style == .singleQuoted)
        #expect(keys[1].1.scalar?.style == .doubleQuoted)
        #expect(pairs[2].1.sequence?.map { $0.scalar?.string } == ["a", "b"])
        #expect(pairs[2].1.sequence?[1].location == SourceLocation(line: 5, column: 11))
    }

    @Test func everyScalarIsAString() throws {
        let root = try #require(try YAMLNode.compose("width: 1.5\nnothing: ~\nyes: true\n"))
        #expect(root.mapping?.map { $0.1.scalar?.string } == ["1.5", "~", "true"])
    }

    @Test func aliasesRepeatTheirAnchorsNode() throws {
        let root = try #require(try YAMLNode.compose("a: &row [q, w]\nb: *row\n"))
        #expect(root.mapping?[1].1.sequence?.map { $0.scalar?.string } == ["q", "w"])
    }

    @Test func anEmptyFileHasNoDocument() throws {
        #expect(try YAMLNode.compose("") == nil)
        #expect(try YAMLNode.compose("# only a comment\n") == nil)
    }

    @Test func problemsAreLocated() {
        #expect(throws: YAMLError(location: SourceLocation(line: 2, column: 1), message: "duplicate key 'id' in a mapping")) {
            try YAMLNode.compose("id: a\nid: b\n")
        }
        #expect(throws: YAMLError(location: SourceLocation(line: 2, column: 1), message: "YAML: expected a single document in the file")) {
            try YAMLNode.compose("a: 1\n---\nb: 2\n")
        }
        do {
            _ = try YAMLNode.compose("a: [1, 2\nb: 3\n")
            Issue.record("an unclosed flow sequence parsed")
        } catch {
            #expect(error.message.hasPrefix("YAML: ") && error.location.line >= 2)
        }
    }

    /// 60,000 nested brackets crashed the reader (its nodes freed recursively), and parsing
    /// took time with the square of the depth: nesting stops, located, at the limit.
    @Test func deepNestingIsRefusedWhereItPassesTheLimit() {
        let depth = YAMLNode.maximumDepth
        let cases = [
            ("layers: " + String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000), "["),
            ("layers: " + String(repeating: "{a: ", count: 50_000) + "1" + String(repeating: "}", count: 50_000), "{"),
        ]
        for (line, opener) in cases {
            // The document's mapping is the first level; the opener that makes one too many:
            let column = line.firstIndex(of: Character(opener))!.utf16Offset(in: line) + 1 + (depth - 1) * (opener == "[" ? 1 : 4)
            #expect(throws: YAMLError(location: SourceLocation(line: 2, column: column),
                                      message: "YAML: collections nested more than \(depth) levels deep")) {
                try YAMLNode.compose("id: t\n" + line + "\n")
            }
        }
        let fits = "a: " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
        #expect((try? YAMLNode.compose(fits)) != nil)
    }

    /// An alias repeats its anchor's whole node: nesting counts through it, so a chain of
    /// anchors cannot build a tree deeper than the limit.
    @Test func aliasesCountTheDepthOfWhatTheyRepeat() {
        let half = YAMLNode.maximumDepth / 2
        func nest(_ inner: String) -> String { String(repeating: "[", count: half) + inner + String(repeating: "]", count: half) }
        let text = "a: &a \(nest("1"))\nb: &b \(nest("*a"))\n"
        #expect(throws: YAMLError.self) { try YAMLNode.compose(text) }
        #expect((try? YAMLNode.compose("a: &a \(nest("1"))\nb: *a\n")) != nil)
    }
}
