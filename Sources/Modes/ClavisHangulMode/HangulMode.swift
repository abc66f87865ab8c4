import ClavisEngine
import ClavisHangul
import ClavisLayout
import ClavisSession
import ClavisSettings
import ClavisText

/// Korean input on the keyboards of `language: ko`: the 2-set keys' letters composed into
/// syllable blocks in the field as marked text (`HangulComposer`), as Korean phone keyboards
/// do. A syllable is committed when the next one begins, and by Space, Return, punctuation,
/// an arrow or a key event; Backspace takes back one letter of the syllable being typed,
/// then deletes text as usual.
///
///     SessionDependencies(scheduler: scheduler, modes: [kana, HangulMode(), words])
@MainActor
public final class HangulMode: InputModePlugin, InputMode {
    /// The syllable being typed.
    public private(set) var composer = HangulComposer()
    /// Where the syllable shows: in the field, or on the bar where the field cannot show it.
    private var marked = MarkedComposition()

    public init() {}

    public var editor: (any InputMode)? { self }

    public func accepts(_ layout: KeyboardLayout) -> Bool {
        layout.language == "ko" || layout.language.hasPrefix("ko-")
    }

    public var catalogTag: KeyboardCatalog.ModeTag? {
        KeyboardCatalog.ModeTag(feature: "types Hangul syllables", summary: "Types Hangul, each syllable put together as you type its letters")
    }

    public func attach(_ context: InputModeContext) {}

    public func activate(for layout: KeyboardLayout) {
        composer = HangulComposer()
    }

    public func deactivate() {}

    /// The bar's strip as on the other keyboards (the globe stays where the thumb left it,
    /// the ✎ opens the editing panel), but for passwords; no word suggestions for Korean yet.
    public func showsBar(in traits: TextInputTraits) -> Bool { !traits.isSecureTextEntry }

    public func apply(_ settings: Settings) {}

    // MARK: Typing

    /// The syllable being typed where the field cannot show it (an X11 application reached
    /// with key presses): a tap commits it.
    public var bar: SuggestionBar {
        guard !marked.isInField, !composer.composing.isEmpty else { return .empty }
        return SuggestionBar(slots: [Suggestion(text: composer.composing, kind: .composing)])
    }

    public func choose(slot index: Int, cased: (String) -> String, in proxy: any TextDocumentProxy) {
        _ = finish(in: proxy)
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
}
