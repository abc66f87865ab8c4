import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisHangulMode
import ClavisKanaKanji
import ClavisKanaMode
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings
import ClavisUI
import ClavisWordMode
import ClavisXkb

extension LayoutLibrary {
    /// Every layout this program can load: the built-in and the user's files, the
    /// keyboards generated from XKB (`xkb:fr`), and the scanning keyboards (`scan:de`).
    static var installed: LayoutLibrary {
        LayoutLibrary(generators: [XkbLayouts.prefix: { try XkbLayouts.layout($0) }, ScanLayout.prefix: {
            try ScanKeyboard.layout($0, lexicons: LexiconLibrary(directories: ClavisData.textDirectories))
        }])
    }
}

extension LearnedStores {
    /// The user's files: `~/.local/share/clavis/learned-words.tsv` and its neighbours.
    static var user: LearnedStores { LearnedStores(dataDirectory: UserDirectories().clavisData, modeLists: [KanaMode.conversions]) }
}

/// The composition root of a running keyboard: the one place where the session's
/// dependencies are made and its input modes registered (the demo, `clavis keyboard` on X11
/// and on Wayland all start here).
///
///     let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.player)
@MainActor
enum KeyboardComposition {
    /// How long the bar waits after a key where the text goes to another process: longer
    /// than the text's way to its application (p99 under 1 ms on sway, 3 ms before the
    /// repaint waited too: docs/benchmarks.md), well under a frame (16.7 ms at 60 Hz), so the
    /// bar still follows the key at once to the eye.
    static let outOfProcessBarDelay = 0.005

    /// Declares the settings the input modes have of their own, before any command reads the
    /// settings file (`Clavis.main`).
    static func declareModeSettings() {
        for mode in modes() { Settings.declare(mode.settingDeclarations) }
    }

    /// The input modes, in the order they are asked which types on a keyboard (the first
    /// that accepts it): each new way of typing is one line here.
    static func modes(stores: LearnedStores = .user) -> [any InputModePlugin] {
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        return [
            KanaMode(makeConverter: { LatticeConverter(model: try KanaKanjiModel.load(directories: ClavisData.textDirectories)) }, store: stores.store(for: KanaMode.conversions), returnFreedMemory: returnFreedMemory),
            HangulMode(loadLexicon: { try lexicons.load(language: $0) }),
            WordMode(loadLexicon: { try lexicons.load(language: $0) }, store: stores.words, addressStore: stores.addresses),
        ]
    }

    /// `barUpdateDelay`: 0 for the demo's own field, `outOfProcessBarDelay` for the hosts;
    /// `lockScreen`: the keyboard of a lock screen or greeter (`--xid`), which never touches
    /// the user's clipboard list or its file.
    static func session(layouts: [KeyboardLayout], sounds: (any SoundPlayer)?, scheduler: any Scheduler = GLibScheduler(),
                        barUpdateDelay: Double = outOfProcessBarDelay, lockScreen: Bool = false) -> KeyboardSession {
        let stores = LearnedStores.user
        var dependencies = SessionDependencies(
            scheduler: scheduler, modes: modes(stores: stores), recentEmojiStore: stores.recentEmoji, library: .installed,
            feedback: sounds.map { SoundFeedback(player: $0) }, onProblem: { reportProblem($0) })
        dependencies.barUpdateDelay = barUpdateDelay
        dependencies.isLockScreen = lockScreen
        dependencies.clipboardStore = lockScreen ? nil : stores.clipboard
        return KeyboardSession(layouts: layouts, dependencies: dependencies)
    }
}
