import ClavisEngine
import ClavisHangul
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings

/// Korean input on the keyboards of `language: ko`: the 2-set keys' letters composed into
/// syllable blocks in the field as marked text (`HangulComposer`), as Korean phone keyboards
/// do. A syllable is committed when the next one begins, and by Space, Return, punctuation,
/// an arrow or a key event; Backspace takes back one letter of the syllable being typed (the
/// whole syllable with its setting on), then deletes text as usual.
///
/// The bar offers words (`HangulSuggestions`): the word being typed finished, the open
/// syllable included letter by letter (한 may still become 하나), and the next word after a
/// space; a tap types the word in place of what was typed of it, then a space.
///
///     SessionDependencies(scheduler: scheduler, modes: [kana, HangulMode(loadLexicon: load), words])
@MainActor
public final class HangulMode: InputModePlugin, InputMode {
    /// The syllable being typed.
    public private(set) var composer = HangulComposer()
    /// Where the syllable shows: in the field, or on the bar where the field cannot show it.
    private var marked = MarkedComposition()
    /// The words offered, and the lexicon they come from.
    public let words: HangulSuggestions
    /// Whether Backspace takes back the whole open syllable (`wholeSyllableBackspace`).
    public private(set) var deletesWholeSyllable = false

    /// Its one setting: Backspace takes back the whole syllable being typed rather than its
    /// last letter, as some Korean phone keyboards offer.
    public nonisolated static let wholeSyllableBackspace = Settings.modeFlag(
        "koreanBackspaceDeletesSyllable", summary: "Backspace takes back the whole Korean syllable being typed, not only its last letter",
        window: (page: "typing", section: "Korean", label: "Backspace takes back the whole syllable being typed"))

    /// `loadLexicon` maps a language's lexicon ("ko") and throws when none is installed (no
    /// word suggestions then, said once).
    public init(loadLexicon: ((_ language: String) throws -> Lexicon)? = nil) {
        words = HangulSuggestions(loadLexicon: loadLexicon)
    }

    public var editor: (any InputMode)? { self }

    public func accepts(_ layout: KeyboardLayout) -> Bool {
        layout.language == "ko" || layout.language.hasPrefix("ko-")
    }

    public var catalogTag: KeyboardCatalog.ModeTag? {
        KeyboardCatalog.ModeTag(feature: "types Hangul syllables", summary: "Types Hangul, each syllable put together as you type its letters",
                                suggestsWords: true)
    }

    public func attach(_ context: InputModeContext) {
        words.report = context.report
        words.scheduler = context.scheduler
    }

    public func activate(for layout: KeyboardLayout) {
        composer = HangulComposer()
        words.load(language: KeyboardCatalog.baseLanguage(layout.language))
    }

    public func deactivate() {}

    /// The bar's strip as on the other keyboards (the globe stays where the thumb left it,
    /// the ✎ opens the editing panel), but for passwords.
    public func showsBar(in traits: TextInputTraits) -> Bool { !traits.isSecureTextEntry }

    public func keysArranged(_ geometry: KeyboardGeometry) { words.keysArranged(geometry) }

    public var settingDeclarations: [Settings.Declaration] { [Self.wholeSyllableBackspace] }

    public func apply(_ settings: Settings) {
        words.isOn = settings.suggestions
        deletesWholeSyllable = settings[option: Self.wholeSyllableBackspace.name]
    }

    // MARK: Typing

    /// The words offered; where the field cannot show the syllable being typed (an X11
    /// application reached with key presses), the syllable first: a tap commits it.
    public var bar: SuggestionBar {
        let composing = marked.isInField ? "" : composer.composing
        return words.bar(composing: composing)
    }

    public func choose(slot index: Int, cased: (String) -> String, in proxy: any TextDocumentProxy) {
        let bar = self.bar
        guard bar.slots.indices.contains(index), let slot = bar.slots[index], slot.kind != .composing else {
            _ = finish(in: proxy)
            return
        }
        // The syllable being typed and the letters before it give way to the word.
        composer = HangulComposer()
        marked.clear(in: proxy)
        for _ in 0..<words.typedBefore.count { proxy.deleteBackward() }
        proxy.insertText(slot.text + " ")
    }

    /// Hangul has no capitals.
    public var capitalises: Bool { false }

    public func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping {
        guard typed.count == 1, let letter = typed.first, HangulJamo.isVowel(letter) || HangulJamo.isConsonant(letter) else {
            _ = finish(in: proxy)
            return .passed
        }
        let closed = composer.type(letter)
        if !closed.isEmpty { proxy.insertText(closed) }
        marked.show(composer.composing, in: proxy)
        return .composed
    }

    public func deleteBackward(in proxy: any TextDocumentProxy) -> Bool {
        if deletesWholeSyllable, !composer.composing.isEmpty {
            composer = HangulComposer()
            marked.clear(in: proxy)
            return true
        }
        guard composer.backspace() else { return false }
        let shown = composer.composing
        if shown.isEmpty { marked.clear(in: proxy) } else { marked.show(shown, in: proxy) }
        return true
    }

    public func moveCaret(by offset: Int, resizing: Bool, in proxy: any TextDocumentProxy) -> Bool {
        _ = finish(in: proxy)
        return false
    }

    public func keyWillBeSent(in proxy: any TextDocumentProxy) {
        _ = finish(in: proxy)
    }

    /// Commits the syllable being typed as ordinary text; whether there was one.
    public func finish(in proxy: any TextDocumentProxy) -> Bool {
        let syllable = composer.commit()
        guard !syllable.isEmpty else { return false }
        marked.commit(syllable, in: proxy)
        return true
    }

    public func textDidChange(_ proxy: (any TextDocumentProxy)?) {
        words.update(before: proxy?.suggestionContext, composing: composer.composing,
                     composingInText: marked.isInField, traits: proxy?.traits)
    }
}
