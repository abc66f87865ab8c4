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
}
