import ClavisFormats

extension Settings {
    /// The languages the keyboard `id` suggests in: its own (`language`, first) and those the
    /// user added for it, each once.
    ///
    ///     settings.alsoSuggestIn = ["us": ["de"]]
    ///     settings.suggestionLanguages(keyboard: "us", language: "en-US")   // ["en-US", "de"]
    public func suggestionLanguages(keyboard id: String, language: String) -> [String] {
        Self.once([language] + (alsoSuggestIn[id] ?? []).filter { $0 != language })
    }

    /// Whether a text reads as a language tag: "de", "pt-BR", "dsb".
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `alsoSuggestIn`: in the file an object of keyboard ids to lists of languages, on the
    /// command line `KEYBOARD=LANG,LANG;KEYBOARD=LANG` (`us=de;xkb:es=en,fr`; empty: none).
    static let alsoSuggestInDeclaration = Declaration(
        name: "alsoSuggestIn", allowed: "KEYBOARD=LANG,LANG;… (e.g. us=de;xkb:es=en)",
        summary: "languages a keyboard also suggests and corrects in, besides its own", settable: true,
        read: { settings, value in
            guard case .object(let fields) = value else { return false }
            var read: [String: [String]] = [:]
            for (keyboard, languages) in fields {
                guard let languages = names(languages) else { return false }
                read[keyboard] = once(languages)
            }
            settings.alsoSuggestIn = read.filter { !$0.value.isEmpty }
            return true
        }, expected: "an object of keyboard names to lists of languages",
        write: { .object($0.alsoSuggestIn.mapValues { .array($0.map(JSONValue.string)) }) },
        text: { settings in
            settings.alsoSuggestIn.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.joined(separator: ","))" }.joined(separator: ";")
        },
        parse: { settings, text in
            var parsed: [String: [String]] = [:]
            for entry in text.split(separator: ";").map({ trimmed(String($0)) }) where !entry.isEmpty {
                guard let equals = entry.lastIndex(of: "=") else { return "takes KEYBOARD=LANG,LANG (got '\(entry)')" }
                let keyboard = trimmed(String(entry[..<equals]))
                let languages = entry[entry.index(after: equals)...].split(separator: ",").map { trimmed(String($0)) }.filter { !$0.isEmpty }
                guard !keyboard.isEmpty else { return "takes KEYBOARD=LANG,LANG (no keyboard in '\(entry)')" }
                if !languages.isEmpty { parsed[keyboard] = once(languages) }
            }
            settings.alsoSuggestIn = parsed
            return nil
        },
        check: { settings in
            if settings.alsoSuggestIn.count > maximumEnabledKeyboards {
                return "languages for \(settings.alsoSuggestIn.count) keyboards; at most \(maximumEnabledKeyboards)"
            }
            for (keyboard, languages) in settings.alsoSuggestIn.sorted(by: { $0.key < $1.key }) {
                if keyboard.utf8.count > maximumNameLength { return "a keyboard name of \(keyboard.utf8.count) bytes; at most \(maximumNameLength)" }
                if languages.count > maximumExtraLanguages {
                    return "\(keyboard): \(languages.count) languages; at most \(maximumExtraLanguages) besides the keyboard's own"
                }
                if let bad = languages.first(where: { !isLanguageTag($0) }) {
                    return "\(keyboard): '\(MessageText.escaped(String(bad.prefix(40))))' is not a language code (en, de, pt-BR)"
                }
            }
            return nil
        })
}
