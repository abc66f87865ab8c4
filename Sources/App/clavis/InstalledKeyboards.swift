import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisXkb

extension KeyboardCatalog {
    /// Every keyboard installed here: the built-in and the user's layouts (by id), the
    /// scanning keyboards, then every XKB layout and variant (none, and a message saying what
    /// to install, when libxkbregistry is missing), each marked with a lexicon for its
    /// language, or with what the input mode that types on it says it does.
    @MainActor
    static func installed(library: LayoutLibrary = .installed,
                          lexicons: LexiconLibrary = LexiconLibrary(directories: ClavisData.textDirectories),
                          modes: [any InputModePlugin] = KeyboardComposition.modes()) -> KeyboardCatalog {
        var entries: [Entry] = []
        var languages: [String: Bool] = [:]
        func hasLexicon(_ language: String) -> Bool {
            if let known = languages[language] { return known }
            let found = lexicons.path(language: language) != nil
            languages[language] = found
            return found
        }
        for entry in library.available {
            guard let layout = try? library.load(file: entry.file, shownAs: entry.file) else { continue }
            let builtIn = library.builtInDirectory.map { entry.file.hasPrefix($0 + "/") } ?? false
            entries.append(Entry(id: entry.id, name: layout.name, language: layout.language,
                                 source: builtIn || entry.id == EmojiKeyboard.id ? .builtIn : .user,
                                 suggestions: hasLexicon(layout.language), inputMode: modes.first { $0.accepts(layout) }?.catalogTag))
        }
        for entry in ScanKeyboard.available(lexicons: lexicons) {
            let language = entry.id == "scan" ? "en" : String(entry.id.dropFirst(ScanLayout.prefix.count))
            entries.append(Entry(id: entry.id, name: entry.name, language: language, source: .scanning, suggestions: hasLexicon(language)))
        }
        let xkb: [(id: String, name: String, language: String)]
        do { xkb = try XkbLayouts.list() } catch {
            reportProblem("clavis: \(error)")
            xkb = []
        }
        for entry in xkb {
            entries.append(Entry(id: entry.id, name: entry.name, language: entry.language, source: .xkb, suggestions: hasLexicon(entry.language)))
        }
        return KeyboardCatalog(entries: entries, suggestionLanguages: lexicons.languages)
    }
}
