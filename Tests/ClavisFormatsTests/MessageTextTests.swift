import ClavisFormats
import Testing

@Suite struct MessageTextTests {
    @Test func controlCharactersAreWrittenAsEscapes() {
        #expect(MessageText.escaped("us\nfake: line") == "us\\nfake: line")
        #expect(MessageText.escaped("a\tb\rc") == "a\\tb\\rc")
        #expect(MessageText.escaped("bell\u{7}") == "bell\\u{7}")
        #expect(MessageText.escaped("esc\u{1B}[31m") == "esc\\u{1B}[31m")
        #expect(MessageText.escaped("line\u{2028}separator") == "line\\u{2028}separator")
    }

    @Test func ordinaryTextIsLeftAsItIs() {
        for text in ["", "us", "xkb:de(neo)", "日本語", "😀 emoji", "/home/ü/layout.yaml"] {
            #expect(MessageText.escaped(text) == text)
        }
    }
}

@Suite struct MessageTextQuotedTests {
    @Test func aLongValueIsCutSoTheMessageEndsAsWritten() {
        #expect(MessageText.quoted("short") == "short")
        #expect(MessageText.quoted(String(repeating: "9", count: 100_000)) == String(repeating: "9", count: 40) + "…")
        #expect(MessageText.quoted("a\nb", limit: 2) == "a\\n…", "escaped after the cut")
    }
}
