import ClavisHangul
import Testing

@Suite struct HangulComposerTests {
    /// Types `letters` and commits: the whole text.
    func typed(_ letters: String) -> String {
        var composer = HangulComposer()
        var text = ""
        for letter in letters { text += composer.type(letter) }
        return text + composer.commit()
    }

    /// The keys that type a vowel or final, a compound as its two letters.
    func keys(_ letter: Character, compounds: [String: Character]) -> String {
        compounds.first { $0.value == letter }?.key ?? String(letter)
    }

    /// Every one of the 11,172 syllables, typed letter by letter, is the syllable Unicode's
    /// algorithm gives; followed by ㅇㅏ it stays whole (a consonant after it begins the next).
    @Test func everySyllableComposesFromItsLetters() {
        var wrong: [String] = []
        for code in 0..<11_172 {
            let (initial, vowel, final) = (code / 588, code % 588 / 28, code % 28)
            let syllable = String(Character(Unicode.Scalar(UInt32(0xAC00 + code))!))
            let letters = String(HangulJamo.initials[initial]) + keys(HangulJamo.vowels[vowel], compounds: HangulJamo.compoundVowels)
                + (final == 0 ? "" : keys(HangulJamo.finals[final - 1], compounds: HangulJamo.compoundFinals))
            if typed(letters) != syllable || typed(letters + "ㅇㅏ") != syllable + "아" { wrong.append("\(letters) → \(typed(letters))") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func wordsAsTyped() {
        #expect(typed("ㅎㅏㄴㄱㅜㄱㅇㅓ") == "한국어")
        #expect(typed("ㅇㅏㄴㄴㅕㅇㅎㅏㅅㅔㅇㅛ") == "안녕하세요")
        // A vowel after a final takes it as its initial; after a compound final, its second half.
        #expect(typed("ㄷㅏㄹㅏ") == "다라")
        #expect(typed("ㄷㅏㄹㄱㅏ") == "달가")
        #expect(typed("ㄱㅗㅏ") == "과")
        #expect(typed("ㅇㅢㅅㅏ") == "의사")
        #expect(typed("ㄱㅏㅂㅅㅣ") == "갑시")
        // Doubled consonants (Shift) begin syllables but ㄸ ㅃ ㅉ end none.
        #expect(typed("ㅇㅏㄸㅏ") == "아따")
        #expect(typed("ㄲㅗㅊ") == "꽃")
        // Lone letters stay letters; anything else ends the syllable and follows it.
        #expect(typed("ㄱㅅ") == "ㄱㅅ")
        #expect(typed("ㅏㄴ") == "ㅏㄴ")
        #expect(typed("ㅎㅏ ㅎㅏ!") == "하 하!")
    }

    @Test func backspaceTakesBackOneLetterAtATime() {
        var composer = HangulComposer()
        for letter in "ㄷㅏㄹㄱ" { _ = composer.type(letter) }
        var shown: [String] = [composer.composing]
        while composer.backspace() { shown.append(composer.composing) }
        #expect(shown == ["닭", "달", "다", "ㄷ", ""])
        for letter in "ㄱㅗㅏ" { _ = composer.type(letter) }
        let tookOne = composer.backspace()
        #expect(tookOne && composer.composing == "고" && composer.letters == ["ㄱ", "ㅗ"])
    }

    @Test func committingEndsTheSyllable() {
        var composer = HangulComposer()
        _ = composer.type("ㄱ")
        _ = composer.type("ㅏ")
        #expect(composer.commit() == "가")
        #expect(composer.composing.isEmpty)
        let tookOne = composer.backspace()
        #expect(!tookOne)
    }
}
