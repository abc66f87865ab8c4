import ClavisEngine
import ClavisHangulMode
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings
import TestSupport
import Testing

/// The Korean keyboard's words, over a small Korean lexicon built here: taps as a user makes
/// them, the text read from an in-memory document.
@MainActor @Suite struct HangulSuggestionsTests {
    static let words: [(String, Int)] = [
        ("한국", 9_000), ("한국어", 5_000), ("하나", 4_000), ("한", 3_000), ("할", 2_500), ("사람", 8_000),
        ("사람들", 3_000), ("사람이", 2_000), ("안녕하세요", 2_000), ("감사합니다", 1_500),
    ]

    static func lexicon() throws -> Lexicon {
        var builder = LexiconBuilder()
        for (word, count) in words { builder.add(word: word, count: count) }
        builder.add(ngram: ["<s>", "안녕하세요"], count: 40)
        builder.add(ngram: ["한국", "사람"], count: 30)
        return try Lexicon(bytes: builder.build(), origin: "ko-test")
    }

    let mode: HangulMode
    let korean: KoreanSession
    var proxy: RecordingProxy { korean.proxy }
    var session: KeyboardSession { korean.session }
    var shown: [String] { korean.shown }

    init() throws {
        let lexicon = try Self.lexicon()
        mode = HangulMode(loadLexicon: { language in
            guard language == "ko" else { throw LexiconError.unknownLanguage(language, searched: []) }
            return lexicon
        })
        korean = try KoreanSession(mode: mode)
    }

    func tap(_ letters: String) { korean.tap(letters) }

    /// The open syllable matches as far as its letters go: 한 may still be 하나.
    @Test func theOpenSyllableFindsEveryWordItsLettersBegin() {
        tap("ㅎㅏㄴ")
        #expect(Set(shown) == ["한국", "한국어", "하나"], "\(shown)")
        #expect(shown[1] == "한국", "the likeliest in the middle")
        tap("ㄱ")
        #expect(proxy.text == "한ㄱ")
        #expect(Array(shown.prefix(2)) == ["한국어", "한국"], "the words 한ㄱ begins, the likeliest in the middle: \(shown)")
    }

    @Test func choosingAWordReplacesWhatWasTypedOfItAndAddsASpace() {
        tap("ㅅㅏㄹㅏㅁㄷ")
        #expect(proxy.text == "사람ㄷ")
        #expect(shown.count > 1 && shown[1] == "사람들", "\(shown)")
        session.bar.choose(slot: 1)
        #expect(proxy.text == "사람들 ")
        #expect(proxy.document.markedRange == nil)
        tap("ㅎㅏ")
        #expect(proxy.text == "사람들 하", "typing goes on after the chosen word")
    }

    @Test func afterASpaceTheNextWordIsOffered() {
        tap("ㅎㅏㄴㄱㅜㄱ ")
        #expect(proxy.text == "한국 ")
        #expect(shown.contains("사람"), "\(shown)")
        let slot = session.scene.bar?.content.slots.firstIndex { $0?.text == "사람" }
        session.bar.choose(slot: slot ?? 0)
        #expect(proxy.text == "한국 사람 ")
    }

    /// Where the field cannot show the open syllable (X11 with key presses), it is the
    /// bar's first slot and the words follow; a word still replaces what was typed.
    @Test func withoutMarkedTextTheOpenSyllableComesFirst() {
        proxy.showsMarkedText = false
        tap("ㅅㅏㄹㅏㅁ")
        #expect(proxy.text == "사", "람 is still open")
        #expect(shown == ["람", "사람", "사람들"])
        session.bar.choose(slot: 1)
        #expect(proxy.text == "사람 ")
        #expect(!shown.contains("람"), "no syllable open: no slot for it")
    }

    @Test func theSuggestionsSettingTurnsTheWordsOff() {
        var settings = Settings()
        settings.suggestions = false
        session.apply(settings, loadKeyboards: nil)
        tap("ㅎㅏㄴ")
        #expect(shown.isEmpty, "\(shown)")
        #expect(proxy.text == "한")
    }

    @Test func noWordsInANameField() {
        proxy.traits = TextInputTraits(textContentType: .givenName)
        tap("ㅎㅏㄴ")
        #expect(shown.isEmpty, "\(shown)")
    }

    @Test func noWordsInAPasswordField() {
        proxy.traits = TextInputTraits(isSecureTextEntry: true)
        tap("ㅎㅏㄴ")
        #expect(shown.isEmpty)
    }
}
