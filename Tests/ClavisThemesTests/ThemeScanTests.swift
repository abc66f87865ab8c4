import ClavisThemes
import Testing

/// What a theme must pass before GTK sees it: each of these was accepted by `clavis check`.
@Suite struct ThemeScanTests {
    /// The problems with `files` there, of which `pipes` are named pipes.
    func problems(_ text: String, files: Set<String> = [], pipes: Set<String> = []) -> [String] {
        ThemeScan.problems(in: Array(text.utf8), file: "/themes/mine.css", exists: { files.contains($0) || pipes.contains($0) },
                           isRegular: { files.contains($0) })
    }

    /// GTK would block reading an image from a named pipe.
    @Test func urlsNameRegularFiles() {
        #expect(problems("a { background-image: url('x.png'); }", pipes: ["/themes/x.png"]) == [
            "/themes/mine.css:1:23: error: url() names 'x.png', which is not a regular file (/themes/x.png)",
        ])
    }

    @Test func urlsNameLocalFilesThatAreThere() {
        #expect(problems("a { background-image: url('x.png'); }") == [
            "/themes/mine.css:1:23: error: url() names 'x.png', which is not there (/themes/x.png)",
        ])
        #expect(problems("a { background-image: url( \"x.png\" ), URL(/img/y.png); }", files: ["/themes/x.png", "/img/y.png"]).isEmpty)
        #expect(problems("a { background-image: url(file:///img/y.png); }", files: ["/img/y.png"]).isEmpty)
        #expect(problems("a {\n  background-image: url(http://example.com/k.png);\n}") == [
            "/themes/mine.css:2:21: error: url() names 'http://example.com/k.png': a theme loads local files only",
        ])
        // Not a url(): in a comment, in a string, or part of a longer name.
        #expect(problems("/* url(a.png) */ a { content: \"url(b.png)\"; -x-url(c.png); }").isEmpty)
    }

    @Test func colourDefinitionsMustNotGoRoundInACircle() {
        #expect(problems("@define-color a @b;\n@define-color b shade(@c, 1.1);\n@define-color c @a;\n@define-color d @a;\n") == [
            "/themes/mine.css:1:1: error: @define-color a is defined in terms of itself (a → b → c → a)",
        ])
        #expect(problems("@define-color self mix(@self, red, 0.5);") == [
            "/themes/mine.css:1:1: error: @define-color self is defined in terms of itself (self → self)",
        ])
        #expect(problems("@define-color a red;\n@define-color b @a;\n@define-color c shade(@b, 0.9);\n@define-color d @unknown;").isEmpty)
    }

    @Test func bytesGTKWouldStopAtAreRefusedWhereTheyStand() {
        #expect(ThemeScan.problems(in: Array("a {}\n b\0 {}".utf8), file: "t.css")
            == ["t.css:2:3: error: a NUL byte (is this a text file?)"])
        #expect(ThemeScan.problems(in: Array("a {}\n".utf8) + [0xFF], file: "t.css")
            == ["t.css:2:1: error: the file is not UTF-8 text (an invalid byte here)"])
        #expect(ThemeScan.problems(in: Array("a {} /* open".utf8), file: "t.css")
            == ["t.css:1:6: error: unterminated comment (it runs to the end of the file)"])
    }

    /// 20,000 rules took GTK 12 GB: a theme over the limit is refused before it is parsed.
    @Test func aThemeOverTheSizeLimitIsRefusedUnread() {
        let rules = String(repeating: "a { color: red; }\n", count: ThemeScan.maximumSize / 18 + 1)
        #expect(problems(rules) == ["/themes/mine.css: error: the theme is over 65536 bytes; at most that many are read"])
        #expect(problems(String(rules.utf8.prefix(ThemeScan.maximumSize - 100))!).isEmpty)
    }
}
