import ClavisEngine
import ClavisLayout
import ClavisPrediction

/// The one object a host talks to: the enabled keyboards and which shows, the touches on
/// them, and the input mode (words, Japanese, Korean) that types on the keyboard shown.
/// Everything else is a part with its own state, reached as one property: the bar's place
/// (`bar`), switch access (`access`), the editing panel (`panel`), the clipboard, the
/// hands' placement (`hands`), the emoji keyboard (`emoji`) and what is learned (`learning`).
///
/// A host (the demo window, the keyboard on X11 or on Wayland, a test) gives it touches,
/// the size of its area, settings, and a text-document proxy; the proxy tells the session
/// itself when the document changes (`DocumentChange`). Out come what to draw (`scene`,
/// announced by `onRequest`), clicks, and text through the proxy. Nothing here knows GTK:
/// it runs on virtual time in tests.
///
///     let session = KeyboardSession(layouts: [us, ja], dependencies: dependencies)
///     session.proxy = document
///     session.area.resize(width: 800, height: 300)
///     session.touchBegan(TouchTracker.pointer, x: 40, y: 60)
///     session.touchEnded(TouchTracker.pointer, x: 40, y: 60)   // "Q" in the document
@MainActor
public final class KeyboardSession {
    /// Decides what each gesture means; the same object for as long as the session runs.
    let controller: KeyboardController
    /// Turns every finger's and the mouse's presses into gestures (roll-over,
    /// slide-to-correct, held modifiers, the repeat and long-press timers).
    let tracker: TouchTracker
    /// Where typed text goes. The session listens to its change signal.
    public var proxy: (any TextDocumentProxy)? {
        didSet {
            oldValue?.onDocumentChange = nil
            proxy?.onDocumentChange = { [weak self] in self?.documentDidChange($0) }
            controller.proxy = proxy
            // Labels follow the document (Return's "Next"), and the preview its secrecy.
            sceneChanged()
        }
    }

    // MARK: Outputs

    /// What the view should do: paint again, show a menu, close one.
    public var onRequest: ((SessionRequest) -> Void)?
    /// Another keyboard shows (the globe key, a field's keyboard type, the settings).
    public var onLayoutChange: ((KeyboardLayout) -> Void)?
    /// The dismiss key was pressed.
    public var onDismiss: (() -> Void)?
    /// A text field gained (`true`) or lost the focus, as the proxy said (`.field`): the
    /// host runtime's auto-show follows it.
    public var onFieldChange: ((Bool) -> Void)?

    let dependencies: SessionDependencies
    /// The input mode typing on the keyboard shown (`nil`: none accepts it).
    var activeMode: (any InputModePlugin)?
    /// The scene as last built, and the redraws held until the host's event ends.
    var updates = SceneUpdates()

    // MARK: Parts

    /// The area's size, the host's shape, and the keys solved for them.
    public private(set) lazy var area = SessionArea(session: self)
    /// The enabled keyboards and which of them is up.
    public private(set) lazy var keyboards = SessionKeyboards(session: self)

    /// The bar's strip: shown or not, its height, where its slots are, a slot chosen.
    public private(set) lazy var bar = SessionBar(session: self)
    /// Switch scanning and dwell clicking.
    public private(set) lazy var access = SessionAccess(session: self)
    /// The editing panel, and the ✎ on the bar that opens it.
    public private(set) lazy var panel = SessionPanel(session: self)
    /// What was copied, for the editing panel's strip and the Clipboard key's list.
    public private(set) lazy var clipboard = SessionClipboard(
        store: dependencies.clipboardStore, isLockScreen: dependencies.isLockScreen, report: { [weak self] in self?.report($0) })
    /// How the keys sit for the hands.
    public private(set) lazy var hands = SessionHands(session: self)
    /// The emoji keyboard and its Recent page.
    private(set) lazy var emoji = SessionEmoji(session: self)
    /// What the input modes learn, saved and forgotten.
    public private(set) lazy var learning = SessionLearning(session: self)

    public init(layouts: [KeyboardLayout], dependencies: SessionDependencies) {
        self.dependencies = dependencies
        let enabled = layouts.isEmpty ? [KeyboardLayout.fallback] : layouts
        let first = Self.prepared(enabled[0], enabled: enabled.count, lockScreen: dependencies.isLockScreen)
        controller = KeyboardController(layout: first)
        // The tracker asks for the keys at each event; the session is not whole yet here.
        let owner = WeakSession()
        tracker = TouchTracker(controller: controller, scheduler: dependencies.scheduler) { owner.session?.geometry ?? .empty }
        owner.session = self
        tracker.slotFrames = { [weak self] in self?.bar.slotFrames ?? [] }
        controller.feedback = dependencies.feedback
        learning.start()
        wire()
        wireSwipe()
        wireClipboard()
        keyboards.start(with: enabled)
        activateMode(for: first)
        // The emoji keyboard comes as a stand-in, generated when shown.
        if EmojiKeyboard.isStandIn(enabled[0]) { show(enabled[0]) }
    }

    /// The scheduler the session's timers run on.
    public var scheduler: any Scheduler { dependencies.scheduler }

    /// Where the session loads layouts from.
    public var library: LayoutLibrary { dependencies.library }

    /// The layout shown now (an enabled keyboard, or a field's variant of it).
    public var layout: KeyboardLayout { controller.layout }

    /// The key frames for the current layer, size and orientation, below the suggestion bar.
    var geometry: KeyboardGeometry { area.geometry }

    // MARK: Keyboards

    /// The emoji keyboard's ABC: back to the keyboard shown before; the editing panel's ABC:
    /// back to the keyboard the field has.
    func showPreviousLayout() {
        if panel.isShowing { return adapt(to: proxy?.traits ?? TextInputTraits(), leavingPanel: true) }
        keyboards.showPrevious()
    }

    /// Shows the layout the field's keyboard type asks for (the email layout for an email
    /// field, the number pad for a phone field), or the enabled keyboard when it asks for
    /// none or the variant cannot be loaded.
    func adapt(to traits: TextInputTraits, leavingPanel: Bool = false) {
        // The editing panel stays up while the field's traits change (its own edits).
        if panel.isShowing && !leavingPanel { return }
        let wanted = keyboards.wanted(for: traits)
        if wanted.id != controller.layout.id { show(wanted) }
    }

    /// With one keyboard enabled there is nothing to switch to: the globe key and the way
    /// back go (iOS's needsInputModeSwitchKey), and the row closes up; with several, the
    /// space bar names the keyboard's language, so the one shown is never in doubt.
    /// On a lock screen the editing panel has no Clipboard key: the user's list is not its to show.
    private static func prepared(_ layout: KeyboardLayout, enabled: Int, lockScreen: Bool) -> KeyboardLayout {
        // The editing panel's ABC is its only way back.
        if layout.id == SessionPanel.layoutID {
            return lockScreen ? layout.hiding(layout.keyIDs(doing: .edit(.clipboard))) : layout
        }
        return enabled > 1 ? layout.namingLanguageOnSpace()
            : layout.hiding(layout.keyIDs(doing: .nextKeyboard).union(layout.keyIDs(doing: .previousKeyboard)))
    }

    func show(_ original: KeyboardLayout) {
        let layout = Self.prepared(emoji.readyToShow(original), enabled: keyboards.layouts.count, lockScreen: dependencies.isLockScreen)
        bar.keyboardWillShow(layout)
        tracker.cancelAll()
        access.endDwell()
        controller.finishComposition()
        onRequest?(.closeMenus)
        activateMode(for: layout)
        area.arrange(layout, hands: hands.placement)
        controller.show(layout)
        panel.refreshStrip()
        relayout()
        onLayoutChange?(layout)
    }

    private func wire() {
        tracker.onChange = { [weak self] in self?.redraw() }
        tracker.onCommit = { [weak self] _, _ in self?.onRequest?(.keyWillAct) }
        // Touches survive a layer change: a held layer key keeps its layer up while another
        // finger types on it (the tracker commits waiting keys before any layer changes).
        controller.onAppearanceChange = { [weak self] in
            guard let self else { return }
            self.area.show(layer: self.controller.layer)
            self.redraw()
        }
        controller.onNextKeyboard = { [weak self] in self?.keyboards.showNext() }
        controller.onPreviousKeyboard = { [weak self] in self?.showPreviousLayout() }
        controller.onEmoji = { [weak self] emoji in
            guard let self else { return }
            self.emoji.recent.use(emoji, traits: self.proxy?.traits ?? TextInputTraits())
        }
        controller.onKeyboardList = { [weak self] key in self?.onRequest?(.keyboardList(from: key)) }
        controller.onDismiss = { [weak self] in self?.onDismiss?() }
        controller.onHands = { [weak self] mode in self?.hands.choose(mode) }
        controller.onClipboardList = { [weak self] in self?.listClipboard() }
        controller.onEditingPanel = { [weak self] in self?.panel.show() }
    }

    // MARK: Inputs

    /// The document changed outside the keyboard: the automatic shift and the bar follow
    /// its text; a field's keyboard type picks the layout; a composition stays in the
    /// field it was typed in.
    func documentDidChange(_ change: DocumentChange) {
        switch change {
        case .fieldWillChange:
            controller.finishComposition()
            return
        case .field:
            adapt(to: proxy?.traits ?? TextInputTraits())
            onFieldChange?(proxy?.hasFocusedField ?? false)
        case .traits:
            adapt(to: proxy?.traits ?? TextInputTraits())
        case .text:
            break
        }
        controller.textDidChange()
        redraw()
    }

    /// Asks the host to paint again: at once, or once at the end of the event being handled
    /// (`handlingEvent`), however many parts changed.
    func redraw() {
        access.updateScanGroups()
        sceneChanged()
    }

    /// What is drawn changed (the scan or dwell moved on): the scene is built anew when read.
    func sceneChanged() {
        if updates.sceneChanged() { onRequest?(.redraw) }
    }

    /// Handles one event from the host: the redraws it causes (the tracker's, the
    /// controller's, the bar's) are asked for once, at its end, so a release builds the scene
    /// once.
    func handlingEvent<Result>(_ body: () -> Result) -> Result {
        updates.eventBegan()
        let result = body()
        if updates.eventEnded() { onRequest?(.redraw) }
        return result
    }

    /// Re-solves the keys for the area and the host's shape.
    func relayout() {
        area.relayout()
    }

    /// Says a problem the user should know of, as the program's own line ("clavis: …").
    func report(_ problem: String) {
        dependencies.onProblem("clavis: \(problem)")
    }

    /// Arranges every keyboard shown with the hands' placement from now on.
    func arrange(hands placement: HandPlacement) {
        area.place(hands: placement)
    }

    /// The mode that types on `layout` takes over (the one before let go, if another), and
    /// gives the controller its editing.
    private func activateMode(for layout: KeyboardLayout) {
        let mode = dependencies.modes.first { $0.accepts(layout) }
        if let active = activeMode, active !== mode { active.deactivate() }
        activeMode = mode
        mode?.activate(for: layout)
        controller.mode = mode?.editor
    }

    /// The bar changed: redraw, and lay the keys out again if it appeared or went away.
    func barChanged() {
        if bar.stripShown != (bar.height > 0) { relayout() } else { redraw() }
    }
}

/// The session, held weakly by the closures its parts are built with.
@MainActor
private final class WeakSession {
    weak var session: KeyboardSession?
}
