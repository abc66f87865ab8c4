import ClavisEngine
import ClavisLayout
import ClavisSession
import ClavisSettings
import ClavisText

/// Typing words: the suggestion bar, corrections, the double-space period, learned words and
/// swiped words, on every keyboard that is not another mode's (register it last) but the
/// emoji keyboard, which types no words: it gets no word suggestions. Each
/// language's lexicon is mapped the first time one of its keyboards shows and kept; a
/// language without one types without suggestions, said once.
///
///     let words = WordMode(loadLexicon: { try Lexicon(contentsOf: "data/lexicons/\($0).clx") })
///     SessionDependencies(scheduler: scheduler, modes: [words])
@MainActor
public final class WordMode: InputModePlugin {
    /// The bar, the corrections and what is learned, the same across languages.
    public let suggestions = SuggestionSession()
    /// Whether the bar and corrections are on (the `suggestions` setting).
    public private(set) var isOn = true
    /// Whether a stroke across the letters types a word (the `swipe` setting).
    public private(set) var swipes = true

    private let loadLexicon: (_ language: String) throws -> Lexicon
    private var context: InputModeContext?
    /// Lexicons mapped so far, by language (`nil`: none could be loaded for it).
    private var lexicons: [String: Lexicon?] = [:]
    /// The gesture decoder for the keys shown (made again when they change).
    private var decoder: (geometry: KeyboardGeometry, lexicon: String, decoder: GestureDecoder)?

    /// `loadLexicon` maps a language's lexicon ("en", "de") and throws when none is installed;
    /// `store` keeps the learned words and `addressStore` the addresses typed (with Full Access).
    public init(loadLexicon: @escaping (_ language: String) throws -> Lexicon, store: UserWordStore? = nil,
                addressStore: UserWordStore? = nil) {
        self.loadLexicon = loadLexicon
        suggestions.storage.store = store
        suggestions.addresses.storage.store = addressStore
    }

    public var editor: (any InputMode)? { isOn ? suggestions : nil }

    public func accepts(_ layout: KeyboardLayout) -> Bool { layout.id != EmojiKeyboard.id }

    public func attach(_ context: InputModeContext) {
        self.context = context
        suggestions.storage.scheduler = context.scheduler
        suggestions.storage.onProblem = context.report
        suggestions.addresses.storage.scheduler = context.scheduler
        suggestions.addresses.storage.onProblem = context.report
        suggestions.onChange = context.barChanged
        suggestions.loadLearnedWords()
    }

    public func activate(for layout: KeyboardLayout) {
        suggestions.predictor = predictor(for: layout)
    }

    public func deactivate() {}

    public func showsBar(in traits: TextInputTraits) -> Bool {
        isOn && suggestions.predictor != nil && !suggestions.bar.isHidden
    }

    /// Gives the predictor the key positions the user sees (keyboard-aware corrections).
    public func keysArranged(_ geometry: KeyboardGeometry) {
        guard let predictor = suggestions.predictor else { return }
        suggestions.predictor = predictor.with(proximity: KeyProximity(geometry: geometry))
    }

    public var takesStrokes: Bool { swipes && isOn && suggestions.predictor != nil }

    public func strokeCandidates(_ points: [GestureDecoder.Point], on geometry: KeyboardGeometry, after context: String) -> [String] {
        guard let predictor = suggestions.predictor else { return [] }
        let lexicon = predictor.lexicon
        var gestures: GestureDecoder
        if let cached = decoder, cached.geometry == geometry, cached.lexicon == lexicon.origin {
            gestures = cached.decoder
        } else {
            gestures = GestureDecoder(lexicon: lexicon, geometry: geometry)
            decoder = (geometry, lexicon.origin, gestures)
        }
        // Learned words (with Full Access) are swipeable as they are suggested.
        gestures.userWords = predictor.userWords
        return gestures.candidates(for: points, context: TypingContext(before: context), count: SuggestionBar.slotCount)
    }

    public func apply(_ settings: Settings) {
        isOn = settings.suggestions
        swipes = settings.swipe
        suggestions.storage.fullAccess = settings.allowFullAccess
        suggestions.addresses.storage.fullAccess = settings.allowFullAccess
        suggestions.autoCorrects = settings.autoCorrection
        suggestions.doubleSpacePeriod = settings.doubleSpacePeriod
    }

    public func forget(_ item: ForgottenItem) {
        if case .word(let word) = item { suggestions.forget(learnedWord: word) }
    }

    public func forgetEverything() { suggestions.clearLearnedWords() }

    public func learnNames(_ names: [String]) { suggestions.setNames(names) }

    public func save() {
        suggestions.storage.save()
        suggestions.addresses.storage.save()
    }

    /// The predictor for a layout's language (lexicons are mapped once and kept); `nil` when
    /// no lexicon can be loaded for it, said once.
    private func predictor(for layout: KeyboardLayout) -> TextPredictor? {
        let language = layout.language.isEmpty ? "en" : layout.language
        if let lexicon = lexicons[language] { return lexicon.map { TextPredictor(lexicon: $0) } }
        do {
            let lexicon = try loadLexicon(language)
            lexicons[language] = .some(lexicon)
            return TextPredictor(lexicon: lexicon)
        } catch {
            lexicons[language] = .some(nil)
            context?.report("suggestions off for \(layout.id): \(error)")
            return nil
        }
    }
}
