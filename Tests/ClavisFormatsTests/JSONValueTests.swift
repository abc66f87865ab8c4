import ClavisFormats
import Testing

@Suite struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue { try JSONSyntax.parse(Array(text.utf8)) }

    @Test func valuesAreRead() throws {
        let value = try parse(#" {"a": [1, -2.5e1, true, false, null], "b": {"c": "d"}, "": 0} "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null]),
            "b": .object(["c": .string("d")]), "": .number(0),
        ]))
        #expect(value["a"]?[1]?.number == -25)
        #expect(value["a"]?[0]?.integer == 1)
        #expect(value["a"]?[1]?.integer == -25)
        #expect(try parse("2.5").integer == nil)
        #expect(value["b"]?["c"]?.string == "d")
        #expect(value["a"]?[9] == nil && value["z"] == nil && value["a"]?["x"] == nil)
    }

    @Test func escapesAreDecoded() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\r\b\f""#) == .string("a\"b\\c/d\n\t\r\u{8}\u{C}"))
        #expect(try parse(#""\u00e9\u4e2d""#) == .string("é中"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(throws: JSONSyntax.Problem(line: 1, column: 2, message: "a lone surrogate (\\ud83d) names no character")) { try parse(#""\ud83d x""#) }
        #expect(try parse(#""ü 中""#) == .string("ü 中"))
    }

    @Test func textIsCompactWithSortedFields() {
        let value = JSONValue.object(["b": .array([.number(1), .number(0.4), .number(-12)]), "a": .string("x\"y\n\u{1}"),
                                      "c": .object([:]), "d": .array([]), "e": .null, "f": .bool(true)])
        #expect(value.text() == #"{"a":"x\"y\n\u0001","b":[1,0.4,-12],"c":{},"d":[],"e":null,"f":true}"#)
    }

    @Test func prettyTextPutsEachFieldAndElementOnALine() {
        let value = JSONValue.object(["keys": .array([.string("us"), .string("emoji")]), "on": .bool(false),
                                      "inner": .object(["x": .number(1)])])
        #expect(value.text(pretty: true) == """
            {
              "inner" : {
                "x" : 1
              },
              "keys" : [
                "us",
                "emoji"
              ],
              "on" : false
            }
            """)
    }

    @Test func writtenTextReadsBackTheSame() throws {
        let value = JSONValue.object(["name": .string("é \\ \" / \t 😀"), "n": .number(0.1), "big": .number(1e300),
                                      "list": .array([.object(["deep": .array([.null])])])])
        #expect(try parse(value.text()) == value)
        #expect(try parse(value.text(pretty: true)) == value)
    }

    @Test func indentingOnlyTheOuterLevelsKeepsDeepValuesCompact() throws {
        var deep = JSONValue.number(1)
        for _ in 0..<500 { deep = .array([deep]) }
        let value = JSONValue.object(["a": deep, "b": .array([.string("x"), .bool(true)])])
        let text = value.text(indentingLevels: 1)
        #expect(text.hasPrefix("{\n  \"a\" : [[["))
        #expect(text.contains("\n  \"b\" : [\"x\",true]\n}"))
        #expect(text.utf8.count < 1_100, "one byte a bracket, not an indented line each: \(text.utf8.count)")
        #expect(value.text(pretty: true).utf8.count > 200_000, "indenting every level grows with the square of the depth")
        #expect(try JSONSyntax.parse(Array(text.utf8)) == value)
    }
}
