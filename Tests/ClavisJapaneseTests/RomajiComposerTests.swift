import ClavisJapanese
import Testing

@Suite struct RomajiComposerTests {
    @Test(arguments: [
        ("aiueo", "あいうえお"), ("ka", "か"), ("kya", "きゃ"), ("shi", "し"), ("si", "し"), ("chi", "ち"), ("ti", "ち"),
        ("tsu", "つ"), ("tu", "つ"), ("fu", "ふ"), ("hu", "ふ"), ("ji", "じ"), ("zi", "じ"), ("sha", "しゃ"),
        ("sya", "しゃ"), ("cho", "ちょ"), ("tyo", "ちょ"), ("ja", "じゃ"), ("jya", "じゃ"), ("nya", "にゃ"),
        ("ryu", "りゅ"), ("gyo", "ぎょ"), ("byo", "びょ"), ("pyu", "ぴゅ"), ("wo", "を"), ("wa", "わ"),
        ("fa", "ふぁ"), ("thi", "てぃ"), ("dhi", "でぃ"), ("vu", "ゔ"), ("she", "しぇ"), ("che", "ちぇ"),
        ("xa", "ぁ"), ("la", "ぁ"), ("xtu", "っ"), ("ltsu", "っ"), ("xya", "ゃ"), ("xwa", "ゎ"),
    ])
    func spellings(romaji: String, kana: String) {
        #expect(RomajiComposer.convert(romaji) == kana)
    }

    @Test(arguments: [
        ("nn", "ん"), ("n'", "ん"), ("kantan", "かんたん"), ("honya", "ほにゃ"), ("hon'ya", "ほんや"),
        ("shinbun", "しんぶん"), ("onnna", "おんな"), ("n", "ん"), ("nihongo", "にほんご"),
    ])
    func theSyllabicN(romaji: String, kana: String) {
        #expect(RomajiComposer.convert(romaji) == kana)
    }

    @Test(arguments: [
        ("kitte", "きって"), ("zasshi", "ざっし"), ("matcha", "まっちゃ"), ("kocchi", "こっち"), ("happa", "はっぱ"),
        ("motto", "もっと"),
    ])
    func doubledConsonantsMakeASmallTsu(romaji: String, kana: String) {
        #expect(RomajiComposer.convert(romaji) == kana)
    }

    @Test func punctuationAndTheLongVowelMark() {
        #expect(RomajiComposer.convert("ra-menn,oishii.") == "らーめん、おいしい。")
        #expect(RomajiComposer.convert("[hai]") == "「はい」")
    }

    @Test func capitalsAreLettersAndWhatIsNotRomajiPassesThrough() {
        #expect(RomajiComposer.convert("NIHONGO") == "にほんご")
        #expect(RomajiComposer.convert("a1b") == "あ1b")
        #expect(RomajiComposer.convert("q") == "q")
        #expect(RomajiComposer.convert("ky") == "ky", "an unfinished spelling stays as typed")
    }

    @Test func lettersWaitWhileTheyMayStillBecomeKana() {
        var composer = RomajiComposer()
        composer.type("k")
        #expect(composer.kana == "" && composer.pending == "k" && composer.text == "k")
        composer.type("y")
        #expect(composer.text == "ky")
        composer.type("o")
        #expect(composer.kana == "きょ" && composer.pending == "")
        composer.type("n")
        #expect(composer.text == "きょn", "n may still be な or ん")
        composer.type("t")
        #expect(composer.kana == "きょん" && composer.pending == "t")
    }

    @Test func backspaceRemovesAPendingLetterThenAKana() {
        var composer = RomajiComposer()
        for letter in "kak" { composer.type(letter) }
        let removedLetter = composer.deleteBackward()
        #expect(removedLetter && composer.text == "か")
        let removedKana = composer.deleteBackward()
        #expect(removedKana && composer.isEmpty)
        let removedNothing = composer.deleteBackward()
        #expect(!removedNothing)
    }

    @Test func finishingEmptiesTheComposer() {
        var composer = RomajiComposer()
        for letter in "hon" { composer.type(letter) }
        #expect(composer.finish() == "ほん")
        #expect(composer.isEmpty)
    }
}
