import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisSettings

/// Everything a `KeyboardSession` needs from outside, handed in by the program that runs it.
///
/// The session decides; where time comes from, where learned words are kept, which input
/// modes there are and where their engines are loaded from is the composition root's choice
/// (`clavis` for the demo and the keyboards; tests give virtual time, memory-only stores and
/// fake engines).
///
///     let dependencies = SessionDependencies(scheduler: ManualScheduler(),
///                                            modes: [KanaMode(makeConverter: { FakeConverter() }),
///                                                    WordMode(loadLexicon: { _ in testLexicon })])
@MainActor
public struct SessionDependencies {
    /// Timers: key repeat, long press, saving learned words, letting the converter go.
    public var scheduler: any Scheduler
    /// The ways of typing, asked in this order which one types on the keyboard shown (a
    /// keyboard no mode accepts types its keys' text as it is).
    public var modes: [any InputModePlugin]
    /// Where the recent emoji are kept (`nil`: in memory only; the modes keep their own).
    public var recentEmojiStore: UserWordStore?
    /// Where the clipboard's list is kept when the user asks (`nil`: in memory only, always).
    public var clipboardStore: ClipboardStore?
    /// A lock screen's or greeter's keyboard (`clavis keyboard --xid`), typing into its
    /// password field for whoever stands at the screen: it neither reads, shows nor changes
    /// the user's clipboard list (nor keeps one of its own), and its editing panel has no
    /// Clipboard key. Give it no `clipboardStore` either.
    public var isLockScreen = false
    /// Where layouts (a field's email or number layout) and the emoji list come from.
    public var library: LayoutLibrary
    /// The keys' feedback (clicks), given for every key event.
    public var feedback: (any KeyFeedback)?
    /// Says a problem the user should know of (a lexicon that cannot be read), one line.
    public var onProblem: (String) -> Void
    /// Seconds the suggestion bar waits after a key before it is recomputed: 0 where the
    /// field is in this process (the demo), a few milliseconds where the text goes out to
    /// another (`SuggestionSession.updateDelay` says why).
    public var barUpdateDelay = 0.0

    public init(scheduler: any Scheduler, modes: [any InputModePlugin] = [], recentEmojiStore: UserWordStore? = nil,
                library: LayoutLibrary = LayoutLibrary(), feedback: (any KeyFeedback)? = nil,
                onProblem: @escaping (String) -> Void = { _ in }) {
        self.scheduler = scheduler
        self.modes = modes
        self.recentEmojiStore = recentEmojiStore
        self.library = library
        self.feedback = feedback
        self.onProblem = onProblem
    }
}

/// The files what the keyboard learns is kept in (with Full Access): the learned words and
/// the Recent emoji of every keyboard, the addresses typed in email and web fields, and each
/// input mode's own lists (`modeLists`, which the composition root takes from the modes).
///
///     LearnedStores(dataDirectory: "/home/ann/.local/share/clavis", modeLists: [KanaMode.conversions])
public struct LearnedStores: Sendable {
    public var words: UserWordStore?
    public var recentEmoji: UserWordStore?
    public var addresses: UserWordStore?
    /// The input modes' own lists and their files.
    public private(set) var modeLists: [(list: LearnedListSpec, store: UserWordStore?)] = []
    /// The clipboard's list, kept across restarts only with `keepClipboard` (not learned: not
    /// among `all`).
    public var clipboard: ClipboardStore?

    /// No files: learned only for as long as the keyboard runs.
    public init(modeLists: [LearnedListSpec] = []) {
        self.modeLists = modeLists.map { ($0, nil) }
    }

    /// `learned-words.tsv`, `recent-emoji.tsv`, `recent-addresses.tsv` and each mode list's
    /// file in `dataDirectory`.
    public init(dataDirectory: String, modeLists: [LearnedListSpec] = []) {
        func store(_ list: LearnedListSpec) -> UserWordStore {
            list.contents.map { UserWordStore(path: "\(dataDirectory)/\(list.file)", contents: $0) }
                ?? UserWordStore(path: "\(dataDirectory)/\(list.file)")
        }
        words = store(.words)
        recentEmoji = store(.recentEmoji)
        addresses = UserWordStore(path: "\(dataDirectory)/recent-addresses.tsv", contents: "recent addresses")
        self.modeLists = modeLists.map { ($0, store($0)) }
        clipboard = ClipboardStore(path: "\(dataDirectory)/clipboard.json")
    }

    /// The file of a mode's list (`nil`: none declared, or no files).
    public func store(for list: LearnedListSpec) -> UserWordStore? {
        modeLists.first { $0.list == list }?.store
    }

    /// The lists Privacy shows, in its order: the learned words, the modes' own, the Recent emoji.
    public var shownLists: [(list: LearnedListSpec, store: UserWordStore?)] {
        [(.words, words)] + modeLists + [(.recentEmoji, recentEmoji)]
    }

    /// Every store there is, for "Forget learned words".
    public var all: [UserWordStore] { ([words, recentEmoji, addresses] + modeLists.map(\.store)).compactMap { $0 } }

    /// Removes the clipboard's file unless `settings` keep the list across restarts: whoever
    /// changes the settings (`clavis settings --set`, the settings window, a keyboard
    /// starting) calls it, so turning the list off takes it off the disk even when no
    /// keyboard runs.
    ///
    ///     stores.removeClipboardUnlessKept(by: settings)   // keepClipboard off: clipboard.json goes
    public func removeClipboardUnlessKept(by settings: Settings) {
        guard !(settings.clipboardHistory && settings.keepClipboard) else { return }
        clipboard?.clear()
    }

    /// Forgets everything kept on disk: every learned store, and the clipboard's list.
    public func forgetEverything() {
        all.forEach { $0.clear() }
        clipboard?.clear()
    }
}
