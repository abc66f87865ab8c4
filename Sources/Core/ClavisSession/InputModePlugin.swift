import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisSettings

/// An input mode as the session registers it: the editing half the controller calls
/// (`editor`, an `InputMode`) and the life around it — which keyboards it types on, the
/// engines it loads and lets go, its settings, what it learns, and words drawn as strokes.
///
/// The composition root hands the modes in (`SessionDependencies.modes`, first match wins);
/// the session names no mode's types, so a new way of typing is its own target and one line
/// where the session is made:
///
///     let dependencies = SessionDependencies(scheduler: scheduler, modes: [
///         KanaMode(makeConverter: { LatticeConverter(model: try KanaKanjiModel.load(directories: dirs)) }),   // layouts with `language: ja…`
///         WordMode(loadLexicon: { try Lexicon(language: $0) }),   // every other layout
///     ])
@MainActor
public protocol InputModePlugin: AnyObject {
    /// What the controller calls while this mode is shown; `nil` while the mode is off in
    /// the settings (keys then type their text as it is).
    var editor: (any InputMode)? { get }
    /// Whether this mode types on `layout`.
    func accepts(_ layout: KeyboardLayout) -> Bool
    /// Called once, when the session registers the mode.
    func attach(_ context: InputModeContext)
    /// A keyboard this mode accepts shows now (another of its keyboards may have shown
    /// before).
    func activate(for layout: KeyboardLayout)
    /// A keyboard of another mode shows now: heavy engines may be let go.
    func deactivate()
    /// Whether the bar's strip shows in a field with these traits.
    func showsBar(in traits: TextInputTraits) -> Bool
    /// Whether the bar's slots are as wide as their text (candidates) rather than thirds.
    var fitsSlotsToText: Bool { get }
    /// The keys of the first layer were laid out anew (for keyboard-aware corrections).
    func keysArranged(_ geometry: KeyboardGeometry)
    /// Whether a stroke across the keys may be a word now.
    var takesStrokes: Bool { get }
    /// The likeliest words for a stroke on `geometry` after `context`, best first.
    func strokeCandidates(_ points: [GestureDecoder.Point], on geometry: KeyboardGeometry, after context: String) -> [String]
    /// The user's settings, as they are now.
    func apply(_ settings: Settings)
    /// Something learned that the user removed in the settings window.
    func forget(_ item: ForgottenItem)
    /// Everything learned, forgotten ("Forget learned words").
    func forgetEverything()
    /// Names the application knows (a contact's), never to be corrected.
    func learnNames(_ names: [String])
    /// Writes what was learned and not yet saved (the keyboard is going away).
    func save()
    /// What "Add a keyboard" says of the keyboards this mode types on (`nil`: nothing of
    /// its own, as words' keyboards, which say their suggestions).
    var catalogTag: KeyboardCatalog.ModeTag? { get }
    /// The settings of its own (`Settings.modeFlag`), declared by the composition root
    /// before the settings are read; `apply` finds their values in the settings.
    var settingDeclarations: [Settings.Declaration] { get }
}

/// What the session gives each mode it registers.
@MainActor
public struct InputModeContext {
    /// The session's timers (virtual time in tests).
    public var scheduler: any Scheduler
    /// Says a problem the user should know of, one line.
    public var report: (String) -> Void
    /// The bar changed on its own (predictions arrived, a converter loaded).
    public var barChanged: () -> Void
    /// Show a segment's candidates in full, the chosen one marked (the bar's ▾).
    public var listCandidates: (_ candidates: [String], _ chosen: Int) -> Void
    /// Seconds a mode's bar waits after the text changed before it is recomputed
    /// (`SessionDependencies.barUpdateDelay`).
    public var barUpdateDelay = 0.0
}

public extension InputModePlugin {
    var fitsSlotsToText: Bool { false }
    func keysArranged(_ geometry: KeyboardGeometry) {}
    var takesStrokes: Bool { false }
    func strokeCandidates(_ points: [GestureDecoder.Point], on geometry: KeyboardGeometry, after context: String) -> [String] { [] }
    func forget(_ item: ForgottenItem) {}
    func forgetEverything() {}
    func learnNames(_ names: [String]) {}
    func save() {}
    var catalogTag: KeyboardCatalog.ModeTag? { nil }
    var settingDeclarations: [Settings.Declaration] { [] }
}
