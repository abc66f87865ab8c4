import ClavisEngine
import ClavisJapanese
import ClavisLayout
import ClavisText

/// Everything a `KeyboardSession` needs from outside, handed in by the program that runs it.
///
/// The session decides; where time comes from, where learned words are kept, which engines
/// exist and where they are loaded from is the composition root's choice (`clavis` for the
/// demo and the keyboards; tests give virtual time, memory-only stores and fake engines).
///
///     let dependencies = SessionDependencies(scheduler: ManualScheduler(), loadLexicon: { _ in testLexicon },
///                                            makeConverter: { FakeConverter() })
@MainActor
public struct SessionDependencies {
    /// Timers: key repeat, long press, saving learned words, letting the converter go.
    public var scheduler: any Scheduler
    /// Where learned words, conversions and recent emoji are kept (`nil`: in memory only).
    public var stores: LearnedStores
    /// Maps the lexicon of a language ("en", "de"); throws when none is installed.
    public var loadLexicon: (_ language: String) throws -> Lexicon
    /// Loads the kana–kanji converter (about 27 MB, loaded while a Japanese keyboard shows).
    public var makeConverter: () throws -> any KanaKanjiConverter
    /// Where layouts (a field's email or number layout) and the emoji list come from.
    public var library: LayoutLibrary
    /// Plays the key clicks.
    public var sounds: (any SoundPlayer)?
    /// Says a problem the user should know of (a lexicon that cannot be read), one line.
    public var onProblem: (String) -> Void
    /// Hands freed heap memory back to the system after a large engine is let go.
    public var returnFreedMemory: () -> Void

    public init(scheduler: any Scheduler, stores: LearnedStores = LearnedStores(),
                loadLexicon: @escaping (_ language: String) throws -> Lexicon,
                makeConverter: @escaping () throws -> any KanaKanjiConverter,
                library: LayoutLibrary = LayoutLibrary(), sounds: (any SoundPlayer)? = nil,
                onProblem: @escaping (String) -> Void = { _ in },
                returnFreedMemory: @escaping () -> Void = {}) {
        self.scheduler = scheduler
        self.stores = stores
        self.loadLexicon = loadLexicon
        self.makeConverter = makeConverter
        self.library = library
        self.sounds = sounds
        self.onProblem = onProblem
        self.returnFreedMemory = returnFreedMemory
    }
}

/// The files what the keyboard learns is kept in (with Full Access).
///
///     LearnedStores(dataDirectory: "/home/ann/.local/share/clavis")
public struct LearnedStores: Sendable {
    public var words: UserWordStore?
    public var conversions: UserWordStore?
    public var recentEmoji: UserWordStore?

    /// No files: learned only for as long as the keyboard runs.
    public init() {}

    /// `learned-words.tsv`, `learned-conversions.tsv` and `recent-emoji.tsv` in `dataDirectory`.
    public init(dataDirectory: String) {
        words = UserWordStore(path: "\(dataDirectory)/learned-words.tsv")
        conversions = UserWordStore(path: "\(dataDirectory)/learned-conversions.tsv")
        recentEmoji = UserWordStore(path: "\(dataDirectory)/recent-emoji.tsv")
    }

    /// Every store there is, for "Forget learned words".
    public var all: [UserWordStore] { [words, conversions, recentEmoji].compactMap { $0 } }
}
