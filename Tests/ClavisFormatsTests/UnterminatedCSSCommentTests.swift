import ClavisFormats
import Testing

@Suite struct UnterminatedCSSCommentTests {
    func check(_ text: String) -> ClavisFormats.SourceLocation? { unterminatedCSSComment(in: Array(text.utf8)) }

    @Test func aCommentThatRunsToTheEndIsFoundWhereItOpens() {
        #expect(check("a { color: red; } /* oops") == ClavisFormats.SourceLocation(line: 1, column: 19))
        #expect(check("/* one */\nb {}\n  /* two") == ClavisFormats.SourceLocation(line: 3, column: 3))
        #expect(check("/* ends with a star *") == ClavisFormats.SourceLocation(line: 1, column: 1))
    }

    @Test func closedCommentsAndStringsAreFine() {
        #expect(check("/* a */ b { c: d; } /**/ /* ** */") == nil)
        #expect(check("a { content: \"/*\"; font-family: '/* x'; }") == nil)
        #expect(check("a { content: \"\\\"/*\"; }") == nil, "an escaped quote does not end the string")
        #expect(check("") == nil)
        #expect(check("a /") == nil)
    }
}
