import ClavisHangul
import Testing

@Suite struct HangulJamoTests {
    /// The keys of every syllable, typed into the composer, give the syllable back: the
    /// folding the lexicon sorts Korean by is exactly what the keyboard types.
    @Test func everySyllablesKeystrokesComposeIntoItAgain() {
        var wrong: [String] = []
        for value in UInt32(0xAC00)...0xD7A3 {
            let scalar = Unicode.Scalar(value)!
            guard let keys = HangulJamo.keystrokes(of: scalar) else {
                wrong.append("\(scalar): none")
                continue
            }
            var composer = HangulComposer()
            var typed = ""
            for key in keys { typed += composer.type(key) }
            typed += composer.commit()
            if typed != String(scalar) { wrong.append("\(scalar): \(String(keys)) → \(typed)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func compoundLettersAreTheirTwoKeys() {
        #expect(HangulJamo.keystrokes(of: "닭") == ["ㄷ", "ㅏ", "ㄹ", "ㄱ"])
        #expect(HangulJamo.keystrokes(of: "과") == ["ㄱ", "ㅗ", "ㅏ"])
        #expect(HangulJamo.keystrokes(of: "ㄳ") == ["ㄱ", "ㅅ"])
        #expect(HangulJamo.keystrokes(of: "꽃") == ["ㄲ", "ㅗ", "ㅊ"], "a doubled consonant is one key (Shift)")
        #expect(HangulJamo.keystrokes(of: "ㅋ") == ["ㅋ"])
        #expect(HangulJamo.keystrokes(of: "a") == nil)
        #expect(HangulJamo.keystrokes(of: "漢") == nil)
    }
}
