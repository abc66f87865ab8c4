import ClavisEngine
import ClavisLayout
import ClavisPrediction

/// The words the Korean keyboard offers: the word being typed finished, and the next word
/// after a space, from the Korean lexicon. Its words are keyed by the 2-set letters that type
/// them (`WordFolding`: 한국 is ㅎㅏㄴㄱㅜㄱ), so the syllable still open matches as far as its
/// letters go: 한 finds 한국 and 하나 alike. Nothing is corrected (Korean keyboards leave the
/// word as typed): the bar only offers.
///
///     let words = HangulSuggestions(loadLexicon: { try lexicons.load(language: $0) })
///     words.load(language: "ko")
///     words.update(before: "", composing: "한", composingInText: true, traits: TextInputTraits())
///     words.bar(composing: "")   // 한국, 한, 하나 (the likeliest in the middle)
@MainActor
public final class HangulSuggestions {
    /// Whether words are offered (the `suggestions` setting).
    public var isOn = true
    /// Says once that no lexicon could be loaded.
    var report: ((String) -> Void)?
    /// The session's timers: the lexicon's pages are let go `pageReleaseDelay` after the
    /// last word was looked up, as the word keyboards' are.
    var scheduler: (any Scheduler)?
    static let pageReleaseDelay = 1.0
    private var pageRelease: (any ScheduledTask)?
    /// The words offered, best first.
    public private(set) var offered: [Suggestion] = []
    /// The letters of the word being typed before the syllable still open: what a chosen
    /// word replaces, with that syllable.
    public private(set) var typedBefore = ""

    private let loadLexicon: ((_ language: String) throws -> Lexicon)?
    /// The language whose lexicon was loaded (or tried).
    private var language: String?
    private var predictor: TextPredictor?
    private var proximity: KeyProximity?

    init(loadLexicon: ((_ language: String) throws -> Lexicon)?) {
        self.loadLexicon = loadLexicon
    }

    /// Maps `language`'s lexicon, once; without one no words are offered (said once).
    func load(language: String) {
        guard let loadLexicon, language != self.language else { return }
        self.language = language
        do {
            predictor = TextPredictor(lexicons: [try loadLexicon(language)], languages: [language], proximity: proximity ?? .qwerty)
        } catch {
            predictor = nil
            report?("no word suggestions in \(language): \(error)")
        }
    }

    /// The keys as drawn, for the completions' near misses.
    func keysArranged(_ geometry: KeyboardGeometry) {
        let proximity = KeyProximity(geometry: geometry)
        self.proximity = proximity
        predictor = predictor?.with(proximity: proximity)
    }

    /// Finds the words for the text before the caret (`before`, the field's, which holds the
    /// open syllable when `composingInText`) and the syllable being typed. None in a name
    /// field: the lexicon's words are no one's name.
    func update(before: String?, composing: String, composingInText: Bool, traits: TextInputTraits?) {
        guard isOn, let predictor, let traits, traits.showsSuggestions, !traits.holdsName, var text = before else {
            offered = []
            typedBefore = ""
            return
        }
        if composingInText, !composing.isEmpty, text.hasSuffix(composing) { text.removeLast(composing.count) }
        let context = TypingContext(before: text + composing)
        typedBefore = String(context.partial.dropLast(composing.count))
        offered = predictor.suggestions(for: context, count: SuggestionBar.slotCount)
        pageRelease?.cancel()
        pageRelease = scheduler?.schedule(after: Self.pageReleaseDelay) { [weak self] in
            self?.predictor?.releaseResidentPages()
        }
    }

    /// The bar: the words offered, the likeliest in the middle; `composing` (the open syllable
    /// where the field cannot show it) first when there is one, then the two likeliest.
    func bar(composing: String) -> SuggestionBar {
        guard !composing.isEmpty else { return SuggestionBar(ranked: offered, typed: "", typedIsKnown: true) }
        return SuggestionBar(slots: [Suggestion(text: composing, kind: .composing)] + offered.prefix(2).map { $0 })
    }
}
