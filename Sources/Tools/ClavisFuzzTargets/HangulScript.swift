import ClavisEngine
import ClavisHangul
import ClavisHangulMode
import ClavisLayout
import ClavisPrediction
import ClavisProtocolProxy
import ClavisSettings

/// The `hangul` fuzz target: bytes read as a script of what a Korean typist does — 2-set
/// letters, Backspace (one letter or the whole syllable, by the mode's setting), Space, a
/// word from the bar, the caret moved, the field's text replaced — run through the Korean
/// mode over an input method's proxy and a small Korean lexicon. What it checks: at most one
/// syllable is ever open, a finished or chosen word leaves none, and a word chosen from the
/// bar is what the field then ends with (while no key event holds the proxy's text back).
///
///     HangulScript.run([144, 152, 2])   // ㅎ ㅏ (a letter a byte), then Space
@MainActor
enum HangulScript {
    static func run(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let compositor = NullInputMethod()
        let proxy = InputMethodProxy(connection: compositor, scheduler: NeverScheduler())
        proxy.update { $0.activate(); $0.done() }
        let mode = HangulMode(loadLexicon: { _ in lexicon })
        mode.activate(for: KeyboardLayout(id: "ko", name: "한국어", language: "ko", keys: [], layers: []))
        var steps = 0
        while let op = reader.byte(), steps < 500 {
            steps += 1
            switch op % 8 {
            case 0, 1, 4:
                // The top five bits pick the letter; 4 reaches the vowels past the 32nd.
                let letter = letters[(Int(op >> 3) + (op % 8 == 4 ? 32 : 0)) % letters.count]
                _ = mode.type(String(letter), as: String(letter), key: key, in: proxy)
            case 2:
                _ = mode.finish(in: proxy)
                proxy.insertText(" ")
                precondition(mode.composer.composing.isEmpty, "Space left a syllable open")
            case 3:
                if !mode.deleteBackward(in: proxy) { proxy.deleteBackward() }
            case 5:
                let bar = mode.bar
                let index = Int(op / 8) % SuggestionBar.slotCount
                let chosen = bar.slots.indices.contains(index) ? bar.slots[index] : nil
                mode.choose(slot: index, cased: { $0 }, in: proxy)
                // (Once a key was sent, the proxy holds text back for good here: nothing reports it.)
                if let chosen, chosen.kind != .composing, compositor.keysSent == 0 {
                    precondition(proxy.documentContextBeforeInput?.hasSuffix(chosen.text + " ") != false, "a chosen word is not what the field ends with")
                }
                precondition(mode.composer.composing.isEmpty, "a chosen word left a syllable open")
            case 6:
                var settings = Settings()
                settings[option: HangulMode.wholeSyllableBackspace.name] = op & 0x80 != 0
                settings.suggestions = op & 0x40 == 0
                mode.apply(settings)
            default:
                let text = reader.text()
                let cursor = Int(reader.word())
                proxy.update { $0.surroundingText(text, cursor: cursor, anchor: cursor); $0.done() }
                _ = mode.moveCaret(by: Int(op / 8) % 3 - 1, resizing: false, in: proxy)
            }
            mode.textDidChange(proxy)
            precondition(mode.composer.composing.count <= 1, "more than one syllable open: \(mode.composer.composing)")
            precondition(mode.bar.slots.count <= SuggestionBar.slotCount, "a bar of \(mode.bar.slots.count) slots")
        }
        _ = mode.finish(in: proxy)
        precondition(mode.composer.composing.isEmpty, "finishing left a syllable open")
    }

    /// Every letter a 2-set key types, Shift's included.
    static let letters: [Character] = HangulJamo.initials + HangulJamo.vowels

    /// The key the letters come from (the mode reads only the letter).
    static let key = KeyDefinition(id: "letter", action: .insert("ㄱ"))

    /// A small Korean lexicon: words sharing their first letters, and a word sequence.
    static let lexicon: Lexicon = {
        var builder = LexiconBuilder()
        for (index, word) in ["한국", "한국어", "하나", "한", "할", "사람", "사람들", "닭", "과일", "안녕하세요"].enumerated() {
            builder.add(word: word, count: 1000 - index * 50)
        }
        builder.add(ngram: ["한국", "사람"], count: 5)
        return try! Lexicon(bytes: builder.build(), origin: "fuzz-ko")
    }()
}
