import ClavisEngine
import ClavisHangulMode
import ClavisLayout
import ClavisSession
import ClavisSettings
import TestSupport
import Testing

/// The Korean keyboard (data/layouts/ko.yaml) in a session with the Hangul mode: keys
/// activated as a tap would, the text read from an in-memory document.
@MainActor @Suite struct HangulModeTests {
    let mode = HangulMode()
    let korean: KoreanSession
    var proxy: RecordingProxy { korean.proxy }
    var session: KeyboardSession { korean.session }

    init() throws { korean = try KoreanSession(mode: mode) }

    func tap(_ letters: String) { korean.tap(letters) }

    @Test func lettersComposeSyllablesAsMarkedText() {
        tap("ㅎㅏㄴ")
        #expect(proxy.text == "한")
        #expect(proxy.document.markedRange == 0..<1, "the syllable being typed is marked")
        tap("ㄱㅜㄱㅇㅓ")
        #expect(proxy.text == "한국어")
        #expect(proxy.document.markedRange == 2..<3, "only the last syllable is still open")
        tap(" ")
        #expect(proxy.text == "한국어 ")
        #expect(proxy.document.markedRange == nil)
    }

    @Test func aVowelTakesTheFinalConsonantIntoTheNextSyllable() {
        tap("ㄷㅏㄹㄱㅏ")
        #expect(proxy.text == "달가")
    }

    @Test func backspaceTakesBackOneLetterThenDeletesText() {
        tap("ㅇㅏ ㄷㅏㄹㄱ")
        #expect(proxy.text == "아 닭")
        var seen: [String] = []
        for _ in 0..<5 {
            tap("⌫")
            seen.append(proxy.text)
        }
        #expect(seen == ["아 달", "아 다", "아 ㄷ", "아 ", "아"])
    }

    /// The mode's own setting (declared by the mode, applied through the session).
    @Test func withItsSettingBackspaceTakesBackTheWholeSyllable() {
        var settings = Settings()
        settings[option: HangulMode.wholeSyllableBackspace.name] = true
        session.apply(settings, loadKeyboards: nil)
        tap("ㅇㅏ ㄷㅏㄹㄱ")
        tap("⌫")
        #expect(proxy.text == "아 ")
        #expect(proxy.document.markedRange == nil)
        tap("⌫")
        #expect(proxy.text == "아")
    }

    @Test func shiftTypesTheDoubledConsonants() {
        tap("⇧ㄱㅗㅊ")
        #expect(proxy.text == "꽃")
        tap(" ⇧ㅔ")
        #expect(proxy.text == "꽃 ㅖ")
    }

    @Test func returnAndPunctuationCommitTheSyllable() {
        tap("ㄴㅏ.")
        #expect(proxy.text == "나.")
        #expect(proxy.document.markedRange == nil)
        tap("ㄴㅏ\n")
        #expect(proxy.text == "나.나\n")
    }

    /// No capitals; the bar's strip as on the other keyboards (so the globe does not move),
    /// empty without a Korean lexicon (this mode has none: `HangulSuggestionsTests` has one).
    @Test func noCapitalsAndAnEmptyBar() {
        #expect(session.scene.labels["r"] == "ㄱ")
        tap("ㅎㅏ")
        #expect(session.scene.bar != nil)
        #expect(session.scene.bar?.content.slots.allSatisfy { $0 == nil } == true)
        #expect(mode.accepts(session.layout))
    }

    /// Where the field cannot show marked text (an X11 application reached with key
    /// presses), only finished syllables are typed; the one being typed shows on the bar, and
    /// a tap on it types it.
    @Test func aFieldWithoutMarkedTextGetsFinishedSyllablesAndTheBarTheOpenOne() {
        proxy.showsMarkedText = false
        tap("ㅎㅏㄴㄱㅜ")
        #expect(proxy.text == "한", "구 is still open: not typed")
        #expect(proxy.document.markedRange == nil)
        #expect(session.scene.bar?.content.slots.compactMap { $0?.text } == ["구"])
        tap("ㄱ⌫⌫")
        #expect(session.scene.bar?.content.slots.compactMap { $0?.text } == ["ㄱ"], "Backspace takes back one letter at a time")
        tap("ㅜㄱ")
        session.bar.choose(slot: 0)
        #expect(proxy.text == "한국")
        #expect(session.scene.bar?.content.slots.compactMap { $0?.text } == [])
        tap("ㅇㅓ.")
        #expect(proxy.text == "한국어.")
    }
}
