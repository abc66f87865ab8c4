import ClavisFormats
import Testing

@Suite struct JSONSyntaxTests {
    func problem(_ text: String) -> JSONSyntax.Problem? { JSONSyntax.problem(in: Array(text.utf8)) }

    @Test func wellFormedJSONHasNoProblem() {
        for text in ["{}", "[]", "0", "-1.5e+3", "\"a\\u00e9\\n\"", "null", " {\"a\": [1, true, false, null, {\"b\": \"ü\"}]} \n"] {
            #expect(problem(text) == nil, "\(text)")
        }
    }

    @Test func theFirstProblemIsLocatedByLineAndCharacter() {
        #expect(problem("{\"constraints\": [\n  {\"terms\": {} \"op\": \"==\"}]}")
                == .init(line: 2, column: 16, message: "expected ',' or '}' but found '\"'"))
        #expect(problem("{\"ä\": 1,}") == .init(line: 1, column: 9, message: "expected a field name in quotes but found '}'"))
        #expect(problem("[1, 2") == .init(line: 1, column: 6, message: "expected ',' or ']' but found the end of the data"))
        #expect(problem("{\"a\": tru}") == .init(line: 1, column: 10, message: "expected 'true' but found '}'"))
        #expect(problem("{} x")?.message == "expected the end but found 'x'")
        #expect(problem("\"a\u{1}\"")?.message.hasPrefix("expected a character") == true)
        #expect(problem("01")?.message == "expected the end but found '1'")
    }

    @Test func aStringThatIsNotUTF8IsRefusedWhereItStarts() {
        let bytes: [UInt8] = Array("{\"theme\": \"da".utf8) + [0xFF] + Array("rk\"}".utf8)
        #expect(throws: JSONSyntax.Problem.self) { try JSONSyntax.parse(bytes) }
        do {
            _ = try JSONSyntax.parse(bytes)
        } catch {
            #expect(error.line == 1 && error.column == 11, "at the string's opening quote")
            #expect(error.message.contains("not UTF-8"))
        }
    }
}
