/// Every keyboard a person can add, as the settings window's "Add a keyboard…" list shows
/// them: built-ins, the user's own layout files, the scanning keyboards and every XKB layout
/// and variant, each by its human name, marked with what it brings (suggestions for its
/// language, an input mode of its own: Japanese's converter, Korean's syllables).
///
/// Search matches every word of the query, ignoring case and accents, at the start of a word
/// of the name, the id or the language's names ("russian", "deutsch", "neo", "fr").
///
///     catalog.matching("deutsch").map(\.id)   // ["de", "scan:de", "xkb:de", …]
public struct KeyboardCatalog: Sendable {
    /// One keyboard.
    public struct Entry: Equatable, Sendable {
        public enum Source: String, Sendable {
            case builtIn = "built in"
            case user = "your layout"
            case scanning
            case xkb = "XKB"
        }

        public var id: String
        public var name: String
        /// The language code its lexicon would be found by (`en`, `de`).
        public var language: String
        public var source: Source
        /// Its language has a lexicon: a suggestion bar, corrections, swipe typing.
        public var suggestions: Bool
        /// What the input mode that types on it says it does (`nil`: words, or nothing).
        public var inputMode: ModeTag?

        public init(id: String, name: String, language: String, source: Source, suggestions: Bool = false, inputMode: ModeTag? = nil) {
            self.id = id
            self.name = name
            self.language = language
            self.source = source
            self.suggestions = suggestions
            self.inputMode = inputMode
        }

        /// What it brings, for the list: "suggestions", "types kana and kanji"; and what a
        /// keyboard named for a language does not do where that would surprise: XKB's Japanese
        /// PC layouts type Latin letters.
        public var features: [String] {
            var features = suggestions && inputMode?.suggestsWords != false ? ["suggestions"] : []
            if let inputMode {
                features.append(inputMode.feature)
            } else if source == .xkb, KeyboardCatalog.baseLanguage(language) == "ja" {
                features.append(id.contains("kana") ? "types kana, no kanji" : "types Latin letters in a Japanese PC layout")
            }
            return features
        }
    }

    /// What an input mode of a keyboard's own brings, in the words "Add a keyboard" uses;
    /// the mode says it (`InputModePlugin.catalogTag`), so no layer below names a mode.
    ///
    ///     ModeTag(feature: "types kana and kanji", summary: "Types kana and kanji with its own converter")
    public struct ModeTag: Equatable, Sendable {
        /// A few words in the search list's row ("types Hangul syllables").
        public var feature: String
        /// The line under the keyboard in the enabled list, where a word keyboard says the
        /// languages it suggests in.
        public var summary: String
        /// Whether the mode offers the words of the keyboard's language lexicon (Korean's),
        /// so the list says "suggestions" where that lexicon is installed; a converting mode's
        /// words are its own (Japanese's).
        public var suggestsWords: Bool

        public init(feature: String, summary: String, suggestsWords: Bool = false) {
            self.feature = feature
            self.summary = summary
            self.suggestsWords = suggestsWords
        }
    }

    public let entries: [Entry]
    /// The languages with a lexicon installed, which any keyboard may also suggest in.
    public let suggestionLanguages: [String]

    /// The entries in the order given (the settings window gives built-ins first).
    public init(entries: [Entry], suggestionLanguages: [String] = []) {
        self.entries = entries
        self.suggestionLanguages = suggestionLanguages
    }

    /// The entries every word of `query` matches: the keyboards of an input mode of their
    /// own first (for "japanese", the ones that convert to kanji before XKB's Japanese PC
    /// layouts, which type Latin letters), then those whose name starts with the query; every
    /// entry for an empty query.
    public func matching(_ query: String) -> [Entry] {
        let words = Self.words(of: query)
        guard !words.isEmpty else { return entries }
        let found = entries.filter { entry in
            let haystack = Self.words(of: "\(entry.name) \(entry.id) \(entry.language) \(Self.languageNames[entry.language] ?? "")")
            return words.allSatisfy { word in haystack.contains { $0.hasPrefix(word) } }
        }
        let first = words[0]
        func rank(_ entry: Entry) -> Int {
            if entry.inputMode != nil { return 0 }
            return Self.words(of: entry.name).first?.hasPrefix(first) == true ? 1 : 2
        }
        return found.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// The keyboards a field picks by itself (an email field the email keyboard): not
    /// keyboards to add, whose names ("English (US), email") would only confuse. Their ids are
    /// the ones `KeyboardType.preferredLayoutID` names, but the number pad, which people do
    /// enable.
    public static let fieldVariants: Set<String> = ["email", "url", "phone"]

    /// The catalog as "Add a keyboard" lists it: no field variants; the keyboards of
    /// `languages` (the user's: their keyboards', their locale's) first, Clavis's own and the
    /// user's before XKB's (English (US) before Cameroon's Dvorak, which XKB lists as
    /// English), then the others, each group by name.
    ///
    ///     catalog.forPicking(languages: ["de"]).entries.first?.name   // "Deutsch"
    public func forPicking(languages: Set<String>) -> KeyboardCatalog {
        let wanted = Set(languages.map(Self.baseLanguage))
        let kept = entries.filter { !Self.fieldVariants.contains($0.id) }
        func key(_ entry: Entry) -> (Int, String) {
            let group = !wanted.contains(Self.baseLanguage(entry.language)) ? 2 : entry.source == .xkb ? 1 : 0
            return (group, Self.words(of: entry.name).joined(separator: " "))
        }
        return KeyboardCatalog(entries: kept.sorted { key($0) < key($1) }, suggestionLanguages: suggestionLanguages)
    }

    /// The language of a BCP 47 tag, as lexicons and names are found by: "en-US" → "en",
    /// "pt_BR" → "pt", "dsb" → "dsb".
    public static func baseLanguage(_ code: String) -> String {
        code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? ""
    }

    /// The language typed on an XKB layout read from its name, for when XKB's registry (which
    /// says, `XkbLayouts.list()`) cannot be read: layouts named for a country by the language
    /// typed there ("us" → "en", "se" → "sv", "ch" → "de"), others by their language ("fr", "ru").
    public static func language(ofXkbLayout name: String) -> String {
        let lowered = name.lowercased()
        return xkbLanguages[lowered] ?? lowered
    }

    /// XKB layout names that are countries, by the language typed there.
    private static let xkbLanguages = [
        "us": "en", "gb": "en", "jp": "ja", "se": "sv", "dk": "da", "cz": "cs", "gr": "el", "ua": "uk", "br": "pt",
        "at": "de", "ch": "de", "be": "fr", "ca": "fr", "ir": "fa", "il": "he", "kr": "ko", "cn": "zh", "ara": "ar",
        "latam": "es", "ee": "et", "si": "sl", "rs": "sr", "by": "be", "kz": "kk", "vn": "vi", "in": "hi", "pk": "ur",
    ]

    /// Lower-case words without accents: "Français (AZERTY)" → ["francais", "azerty"].
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current += Self.folded[scalar] ?? String(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Accented Latin letters and their base letters, for searching without accents.
    private static let folded: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for (base, accented) in [("a", "àáâãäåā"), ("c", "çčć"), ("e", "èéêëēě"), ("i", "ìíîïī"), ("n", "ñń"), ("o", "òóôõöøō"),
                                 ("u", "ùúûüū"), ("y", "ýÿ"), ("s", "šś"), ("z", "žźż"), ("ss", "ß")] {
            for scalar in accented.unicodeScalars { table[scalar] = base }
        }
        return table
    }()

    /// The names people search a language by, in English and in the language, for the codes
    /// XKB and Clavis's layouts use (XKB's own names are English: "German", "Russian").
    static let languageNames: [String: String] = [
        "en": "english", "us": "english american", "gb": "english british", "de": "german deutsch", "fr": "french français",
        "es": "spanish español", "it": "italian italiano", "pt": "portuguese português", "ru": "russian русский",
        "ja": "japanese 日本語", "jp": "japanese 日本語", "nl": "dutch nederlands", "se": "swedish svenska", "no": "norwegian norsk",
        "dk": "danish dansk", "fi": "finnish suomi", "pl": "polish polski", "cz": "czech čeština", "gr": "greek ελληνικά",
        "tr": "turkish türkçe", "ua": "ukrainian українська", "ch": "swiss schweiz suisse", "at": "austrian österreich",
        "be": "belgian belgique", "ca": "canadian canada", "br": "brazilian brasil",
    ]
}
