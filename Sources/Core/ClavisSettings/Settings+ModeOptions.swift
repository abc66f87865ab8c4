import ClavisFormats
import Synchronization

/// Settings an input mode declares for itself: the mode's target holds the declaration, the
/// shared layers never name it. Once declared (by the composition root, before any command
/// reads the settings file), such a setting is read, written, checked, `--set` and `--list`ed
/// and shown in the settings window like the built-in ones; its value is in `modeOptions`.
///
///     static let wholeSyllable = Settings.modeFlag("koreanBackspaceDeletesSyllable", summary: "…",
///                                                  window: ("typing", "Korean", "Backspace takes back the whole syllable"))
///     Settings.declare([wholeSyllable])
///     settings[option: "koreanBackspaceDeletesSyllable"]   // false until the user turns it on
extension Settings {
    /// Every setting: Clavis's own, then the input modes' declared so far.
    public static var declarations: [Declaration] { builtIn + declared.withLock { $0.declarations } }

    /// Adds the settings of an input mode (see `ModeDeclarations.declare`).
    public static func declare(_ more: [Declaration]) {
        declared.withLock { $0.declare(more, besides: builtIn) }
    }

    /// The modes' declarations, for the whole process.
    private static let declared = Mutex(ModeDeclarations())

    /// The settings input modes declared, in the order declared.
    struct ModeDeclarations: Sendable {
        private(set) var declarations: [Declaration] = []

        /// Adds `more`; a name already declared, here or among `builtIn`, keeps its first
        /// declaration (a mode cannot redefine `swipe`, nor two modes one name).
        mutating func declare(_ more: [Declaration], besides builtIn: [Declaration]) {
            for declaration in more where !(builtIn + declarations).contains(where: { $0.name == declaration.name }) {
                declarations.append(declaration)
            }
        }
    }

    /// An on/off setting of an input mode's own, off until the user turns it on.
    public static func modeFlag(_ name: String, summary: String,
                                window: (page: String, section: String, label: String)? = nil) -> Declaration {
        flag(name, \Settings.[option: name], summary: summary, window: window)
    }

    /// The value of a mode's on/off setting (`modeFlag`): off until set.
    public subscript(option name: String) -> Bool {
        get { modeOptions[name]?.bool ?? false }
        set { modeOptions[name] = .bool(newValue) }
    }
}
