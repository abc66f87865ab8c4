import ClavisJapanese
import Testing

@Suite struct TextFormsTests {
    @Test func kanaInKatakanaAndHalfWidth() {
        #expect(TextForms.katakana("きゃべつゔー") == "キャベツヴー")
        #expect(TextForms.halfWidth("がっこう・パン") == "ｶﾞｯｺｳ･ﾊﾟﾝ")
        #expect(TextForms.halfWidth("ＡＢＣ　１") == "ABC 1")
        #expect(TextForms.halfWidth("漢字") == "漢字")
    }

    @Test func lettersInFullWidth() {
        #expect(TextForms.fullWidth("Abc 1!~") == "Ａｂｃ　１！～")
        #expect(TextForms.fullWidth("かな") == "かな")
    }

    @Test func theOtherFormsEachOnce() {
        #expect(TextForms.alternatives(of: "てれび") == ["テレビ", "ﾃﾚﾋﾞ"])
        #expect(TextForms.alternatives(of: "abc") == ["ａｂｃ"])
        #expect(TextForms.alternatives(of: "ａｂｃ") == ["abc"])
        #expect(TextForms.alternatives(of: "漢字").isEmpty)
    }
}
