import ClavisEngine
import ClavisHangul
import ClavisLayout
import ClavisSession
import ClavisSettings

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

    public var bar: SuggestionBar { .empty }

    /// Hangul has no capitals.
    public var capitalises: Bool { false }

    public func type(_ text: String, as typed: String, key: KeyDefinition, in proxy: any TextDocumentProxy) -> InputModeTyping {
        guard typed.count == 1, let letter = typed.first, HangulJamo.isVowel(letter) || HangulJamo.isConsonant(letter) else {
            _ = finish(in: proxy)
            return .passed
        }
        let closed = composer.type(letter)
        if !closed.isEmpty { proxy.insertText(closed) }
        proxy.setMarkedText(composer.composing, selectedRange: composer.composing.count..<composer.composing.count)
        return .composed
    }

    public func deleteBackward(in proxy: any TextDocumentProxy) -> Bool {
        guard composer.backspace() else { return false }
        let shown = composer.composing
        if shown.isEmpty {
            proxy.setMarkedText("", selectedRange: 0..<0)
            proxy.unmarkText()
        } else {
            proxy.setMarkedText(shown, selectedRange: shown.count..<shown.count)
        }
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
        proxy.insertText(syllable)
        return true
    }
}
