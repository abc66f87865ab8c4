import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisKkc
import ClavisLayout
import ClavisSession
import ClavisText
import ClavisUI
import ClavisXkb

extension LayoutLibrary {
    /// Every layout this program can load: the built-in and the user's files, and the
    /// keyboards generated from XKB (`xkb:fr`).
    static var installed: LayoutLibrary {
        LayoutLibrary(generators: [XkbLayouts.prefix: { try XkbLayouts.layout($0) }, ScanLayout.prefix: { try scanLayout($0) }])
    }

    /// `scan` (English) or `scan:de`: the scanning keyboard, its letters placed by the
    /// language's letter frequencies (English's known order when no lexicon is installed).
    private static func scanLayout(_ reference: String) throws -> KeyboardLayout {
        let language = reference == "scan" ? "en" : String(reference.dropFirst(ScanLayout.prefix.count))
        let frequencies: [(letter: String, share: Double)]
        do {
            frequencies = try LexiconLibrary(directories: ClavisData.textDirectories).load(language: language).letterFrequencies()
        } catch where language == "en" {
            frequencies = ScanLayout.englishLetters.map { ($0, 0) }
        } catch {
            throw LayoutErrors(errors: [LayoutError(file: reference, message: "no scanning keyboard for '\(language)': \(error)")])
        }
        let (letters, alternates) = ScanLayout.letters(from: frequencies)
        return ScanLayout.layout(id: reference, name: ScanLayout.name(language: language), language: language,
                                 letters: letters, alternates: alternates)
    }
}

extension LearnedStores {
    /// The user's files: `~/.local/share/clavis/learned-words.tsv` and its neighbours.
    static var user: LearnedStores { LearnedStores(dataDirectory: UserDirectories().clavisData) }
}

/// The composition root of a running keyboard: the one place where the session's
/// dependencies are made (the demo, `clavis keyboard` on X11 and on Wayland all start here).
///
///     let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.player)
@MainActor
enum KeyboardComposition {
    static func session(layouts: [KeyboardLayout], sounds: (any SoundPlayer)?,
                        scheduler: any Scheduler = GLibScheduler()) -> KeyboardSession {
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        let dependencies = SessionDependencies(
            scheduler: scheduler,
            stores: .user,
            loadLexicon: { try lexicons.load(language: $0) },
            makeConverter: { try KkcConverter() },
            library: .installed,
            sounds: sounds,
            onProblem: { reportProblem($0) },
            returnFreedMemory: returnFreedMemory)
        return KeyboardSession(layouts: layouts, dependencies: dependencies)
    }
}
