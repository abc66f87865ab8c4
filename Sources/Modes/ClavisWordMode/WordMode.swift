import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings

/// Typing words: the suggestion bar, corrections, the double-space period, learned words and
/// swiped words, on every keyboard that is not another mode's (register it last) but the
/// emoji keyboard, which types no words: it gets no word suggestions. A keyboard suggests in
/// its layout's language and in those the `alsoSuggestIn` setting adds for it. Each
/// language's lexicon is mapped the first time one of its keyboards shows and kept; a
/// language without one is left out, said once (no language with one: no bar).
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
    /// The gesture decoder for the keys shown (made again when they or the languages change).
    private var decoder: (geometry: KeyboardGeometry, lexicons: [String], decoder: GestureDecoder)?
    /// The settings last applied (`alsoSuggestIn`: the languages each keyboard adds).
    private var settings = Settings()
    /// The keyboard shown, and the key positions it was last arranged with.
    private var layout: KeyboardLayout?
    private var proximity: KeyProximity?

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
        suggestions.scheduler = context.scheduler
        suggestions.updateDelay = context.barUpdateDelay
        suggestions.storage.onProblem = context.report
        suggestions.addresses.storage.scheduler = context.scheduler
        suggestions.addresses.storage.onProblem = context.report
        suggestions.onChange = context.barChanged
        suggestions.loadLearnedWords()
        suggestions.reloadPredictor = { [weak self] in
            guard let self, let layout = self.layout else { return nil }
            self.decoder = nil
            return self.predictor(for: layout)
        }
    }

    public func activate(for layout: KeyboardLayout) {
        if self.layout?.id != layout.id { proximity = nil }
        self.layout = layout
        suggestions.predictor = predictor(for: layout)
    }

    public func deactivate() { layout = nil }

    public func showsBar(in traits: TextInputTraits) -> Bool {
        isOn && suggestions.predictor != nil && !suggestions.bar.isHidden
    }

    /// Gives the predictor the key positions the user sees (keyboard-aware corrections).
    public func keysArranged(_ geometry: KeyboardGeometry) {
        let proximity = KeyProximity(geometry: geometry)
        self.proximity = proximity
        guard let predictor = suggestions.predictor else { return }
        suggestions.predictor = predictor.with(proximity: proximity)
    }

    public var takesStrokes: Bool { swipes && isOn && suggestions.predictor != nil }

    public func strokeCandidates(_ points: [GestureDecoder.Point], on geometry: KeyboardGeometry, after context: String) -> [String] {
        guard let predictor = suggestions.predictor else { return [] }
        let lexicons = predictor.lexicons
        var gestures: GestureDecoder
        if let cached = decoder, cached.geometry == geometry, cached.lexicons == lexicons.map(\.origin) {
            gestures = cached.decoder
        } else {
            gestures = GestureDecoder(lexicons: lexicons, geometry: geometry)
            decoder = (geometry, lexicons.map(\.origin), gestures)
        }
        // Learned words (with Full Access) are swipeable as they are suggested.
        gestures.userWords = predictor.offeredUserWords
        defer { suggestions.releasePagesWhenIdle() }
        return gestures.candidates(for: points, context: TypingContext(before: context), count: SuggestionBar.slotCount)
    }

    public func apply(_ settings: Settings) {
        isOn = settings.suggestions
        swipes = settings.swipe
        suggestions.storage.fullAccess = settings.allowFullAccess
        suggestions.addresses.storage.fullAccess = settings.allowFullAccess
        suggestions.autoCorrects = settings.autoCorrection
        suggestions.doubleSpacePeriod = settings.doubleSpacePeriod
        let languagesChanged = settings.alsoSuggestIn != self.settings.alsoSuggestIn
        self.settings = settings
        if languagesChanged, let layout { suggestions.predictor = predictor(for: layout) }
    }

    public func forget(_ item: ForgottenItem) {
        if let word = item.single(LearnedListSpec.words.itemKind) { suggestions.forget(learnedWord: word) }
    }

    public func forgetEverything() { suggestions.clearLearnedWords() }

    public func learnNames(_ names: [String]) { suggestions.setNames(names) }

    public func save() {
        suggestions.storage.save()
        suggestions.addresses.storage.save()
    }

    /// The predictor for a layout's languages (lexicons are mapped once and kept), with the
    /// key positions last arranged; `nil` when none of them has a lexicon. Each language
    /// without one is said once.
    private func predictor(for layout: KeyboardLayout) -> TextPredictor? {
        let own = layout.language.isEmpty ? "en" : layout.language
        let found = settings.suggestionLanguages(keyboard: layout.id, language: own).compactMap { language in
            lexicon(for: language, keyboard: layout.id).map { (KeyboardCatalog.baseLanguage(language), $0) }
        }
        return found.isEmpty ? nil : TextPredictor(lexicons: found.map(\.1), languages: found.map(\.0), proximity: proximity ?? .qwerty)
    }

    /// The language's lexicon, mapped on first use; `nil` (said once) when none is installed.
    /// One whose file was written to in place since (`Lexicon.isIntact`) is mapped again.
    private func lexicon(for language: String, keyboard: String) -> Lexicon? {
        let file = LexiconLibrary.fileName(language: language)
        if let known = lexicons[file] {
            guard let lexicon = known, !lexicon.isIntact else { return known }
            context?.report("\(lexicon.origin) changed on disk while in use; reading it again")
        }
        do {
            let lexicon = try loadLexicon(language)
            lexicons[file] = .some(lexicon)
            if let problem = lexicon.knownWordsProblem {
                context?.report("auto-correction knows only the lexicon's words in \(language): \(problem)")
            }
            return lexicon
        } catch {
            lexicons[file] = .some(nil)
            context?.report("suggestions off for \(keyboard)\(language == layout?.language ? "" : " in \(language)"): \(error)")
            return nil
        }
    }
}
