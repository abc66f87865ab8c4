import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisHangulMode
import ClavisJapanese
import ClavisKanaKanji
import ClavisKanaMode
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisUI
import ClavisWordMode

/// The GUI tests' composition root: sessions made as `clavis` makes them (GLib's clock, the
/// installed lexicons, the kana–kanji model), except that what is learned stays in memory, so no test
/// reads or writes the user's files.
///
///     let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("us")]))
@MainActor
enum TestSessions {
    static func make(_ layouts: [KeyboardLayout], sounds: (any SoundPlayer)? = nil,
                     makeConverter: @escaping () throws -> any KanaKanjiConverter = {
                         LatticeConverter(model: try KanaKanjiModel.load(directories: ClavisData.textDirectories))
                     },
                     onProblem: @escaping (String) -> Void = { reportProblem($0) }) -> KeyboardSession {
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        let modes = Modes(words: WordMode(loadLexicon: { try lexicons.load(language: $0) }), kana: KanaMode(makeConverter: makeConverter))
        let session = KeyboardSession(layouts: layouts, dependencies: SessionDependencies(
            scheduler: GLibScheduler(), modes: [modes.kana, HangulMode(loadLexicon: { try lexicons.load(language: $0) }), modes.words], feedback: sounds.map { SoundFeedback(player: $0) }, onProblem: onProblem))
        made[ObjectIdentifier(session)] = modes
        return session
    }

    /// The input modes a session made here types with, for tests that look inside them.
    struct Modes {
        let words: WordMode
        let kana: KanaMode
    }

    private static var made: [ObjectIdentifier: Modes] = [:]

    /// The modes of a session `make` made.
    static func modes(of session: KeyboardSession) -> Modes {
        made[ObjectIdentifier(session)]!
    }
}
