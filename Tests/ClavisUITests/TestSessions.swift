import ClavisData
import ClavisEngine
import ClavisJapanese
import ClavisKkc
import ClavisLayout
import ClavisSession
import ClavisText
import ClavisUI

/// The GUI tests' composition root: sessions made as `clavis` makes them (GLib's clock, the
/// installed lexicons, libkkc), except that what is learned stays in memory, so no test
/// reads or writes the user's files.
///
///     let demo = DemoWindow(session: TestSessions.make([try LayoutLibrary().load("us")]))
@MainActor
enum TestSessions {
    static func make(_ layouts: [KeyboardLayout], sounds: (any SoundPlayer)? = nil,
                     makeConverter: @escaping () throws -> any KanaKanjiConverter = { try KkcConverter() },
                     onProblem: @escaping (String) -> Void = { reportProblem($0) }) -> KeyboardSession {
        let lexicons = LexiconLibrary(directories: ClavisData.textDirectories)
        return KeyboardSession(layouts: layouts, dependencies: SessionDependencies(
            scheduler: GLibScheduler(),
            loadLexicon: { try lexicons.load(language: $0) },
            makeConverter: makeConverter,
            sounds: sounds,
            onProblem: onProblem))
    }
}
