import ClavisEngine
import ClavisLayout
import ClavisText

/// The one object a host talks to: the enabled keyboards and which shows, the touches on
/// them, the bar, and the input mode (words, Japanese) that types on the keyboard shown.
///
/// A host (the demo window, the keyboard on X11 or on Wayland, a test) gives it touches,
/// the size of its area, settings, and a text-document proxy; the proxy tells the session
/// itself when the document changes (`DocumentChange`). Out come what to draw (`scene`,
/// announced by `onRequest`), clicks, and text through the proxy. Nothing here knows GTK:
/// it runs on virtual time in tests.
///
///     let session = KeyboardSession(layouts: [us, ja], dependencies: dependencies)
///     session.proxy = document
///     session.resize(width: 800, height: 300)
///     session.touchBegan(TouchTracker.pointer, x: 40, y: 60)
///     session.touchEnded(TouchTracker.pointer, x: 40, y: 60)   // "Q" in the document
@MainActor
public final class KeyboardSession {
    /// Decides what each gesture means; the same object for as long as the session runs.
    let controller: KeyboardController
    /// Turns every finger's and the mouse's presses into gestures (roll-over,
    /// slide-to-correct, held modifiers, the repeat and long-press timers).
    let tracker: TouchTracker
    /// The emoji used lately, for the emoji keyboard's Recent page (with Full Access).
    let recentEmoji = RecentlyUsed()
    /// Switch scanning over the keys and the bar (off unless the settings turn it on).
    let scanner: Scanner
    /// Dwell clicking: the pointer resting on a key presses it (with `dwellEnabled`).
    let dwell: Dwell
    /// The layout solved for the current layer, size and orientation.
    private(set) var arrangement: KeyboardArrangement

    /// The enabled keyboards, in the order the globe key cycles through them. Setting them
    /// shows the first.
    public var layouts: [KeyboardLayout] {
        get { enabled }
        set {
            enabled = newValue.isEmpty ? [.fallback] : newValue
            layoutIndex = 0
            previousLayoutIndex = nil
            show(enabled[0])
        }
    }
    private var enabled: [KeyboardLayout]
    /// The index in `layouts` of the keyboard shown (or last shown, while a field's variant
    /// such as the email layout is up).
    private(set) var layoutIndex = 0
    /// The enabled keyboard shown before the current one, where to go back to.
    private var previousLayoutIndex: Int?

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
    /// Finds the layout a field's keyboard type asks for ("email", "numpad", …).
    var variant: (String) -> KeyboardLayout?
    /// How long holds and taps take.
    var timing = KeyTiming() {
        didSet { tracker.timing = timing }
    }
    /// The size of what hosts the keyboard (the demo window while docked, the monitor),
    /// whose shape decides portrait or landscape.
    public var hostSize: (width: Double, height: Double) = (0, 0) {
        didSet { if hostSize != oldValue { relayout() } }
    }
    /// Whether resting the pointer presses keys: the bar's strip then always shows, with
    /// the dwell controls (pause, long press) at its right end.
    var dwellEnabled = false {
        didSet {
            guard dwellEnabled != oldValue else { return }
            if !dwellEnabled { endDwell() }
            relayout()
        }
    }
    /// The touch holding the bar's ✎ down (it opens the panel where it lifts).
    var panelButtonTouch: TouchTracker.TouchID?
    /// The next dwell on a key is a long press (the long-press control was dwelt on).
    var dwellLongPressArmed = false
    /// The touch a dwell long press holds down (its alternates open under the pointer).
    var dwellTouch: TouchTracker.TouchID?
    /// The words of the gesture being drawn, and how many of its points they were decoded from.
    var swipePreview: (points: Int, bar: SuggestionBar)?
    /// The keys and buttons of other devices that act as scanning switches (settings).
    var deviceSwitches: [(binding: SwitchBinding, role: Scanner.Switch)] = [] {
        didSet { if !deviceSwitches.isEmpty { onDeviceSwitches?() } }
    }
    /// Device switches are set: the host should start reporting devices' keys and buttons
    /// (`deviceInput`), where it can (X11).
    public var onDeviceSwitches: (() -> Void)?
    /// A repeating key chosen by scanning, and its next repeat.
    var scanRepeat: (key: KeyDefinition, task: (any ScheduledTask)?)?

    // MARK: Outputs

    /// What the view should do: paint again, show a menu, close one.
    public var onRequest: ((SessionRequest) -> Void)?
    /// Another keyboard shows (the globe key, a field's keyboard type, the settings).
    public var onLayoutChange: ((KeyboardLayout) -> Void)?
    /// The dismiss key was pressed.
    public var onDismiss: (() -> Void)?
    /// The user chose how the keys sit for the hands on the keyboard itself (`chooseHands`),
    /// for the host to keep in the settings.
    public var onHandsChange: ((HandMode) -> Void)?
    /// A text field gained (`true`) or lost the focus, as the proxy said (`.field`): the
    /// host runtime's auto-show follows it.
    public var onFieldChange: ((Bool) -> Void)?

    let dependencies: SessionDependencies
    /// The area's size as last given (`resize`).
    private(set) var areaSize: (width: Double, height: Double) = (0, 0)
    /// The suggestion bar's height as last laid out (0 while hidden).
    var shownBarHeight = 0.0
    /// Whether the keyboard shown keeps the bar's room without a bar of its own: the emoji
    /// keyboard, switched to from one that showed a bar (`barStripShown`).
    var keepsBarRoom = false
    private var reportedError: LayoutErrors?
    /// The input mode typing on the keyboard shown (`nil`: none accepts it).
    var activeMode: (any InputModePlugin)?
    /// The scene as last built, until something changes (`redraw`).
    var builtScene: KeyboardScene?
    /// How deep in host events the session is, and whether one asked for a redraw.
    private var eventDepth = 0
    private var redrawPending = false
    /// Unicode's emoji groups and the list they were read from, read the first time the
    /// emoji keyboard is shown (`nil` groups: the list could not be read).
    var emojiGroups: (file: String, groups: [EmojiData.Group]?)?
    /// The keyboard ids the settings last asked for (`apply`), unknown ones included.
    var requestedKeyboards: [String]?
    /// The settings' `learnedWordsCleared` last applied (`nil` before the first settings).
    var appliedLearnedWordsCleared: Int?
    /// How many items removed one by one in the settings window this keyboard has forgotten.
    var appliedForgotten: Int?
    /// How the keys sit for the hands now (the settings' `hands` and sizes; a strip key or the
    /// globe's list changes the mode, `chooseHands`): every keyboard shown is arranged so.
    public internal(set) var hands = HandPlacement() {
        didSet {
            guard hands != oldValue else { return }
            arrangement.hands = hands
            relayout()
        }
    }
    /// What was copied, for the editing panel's strip and the Clipboard key's list.
    public private(set) lazy var clipboard = SessionClipboard(
        store: dependencies.clipboardStore, isLockScreen: dependencies.isLockScreen, report: { [weak self] in self?.report($0) })
    /// Said over the editing panel when the user's own panel could not be shown and the
    /// built-in one stands in, until tapped.
    var editingPanelNotice: String?

    public init(layouts: [KeyboardLayout], dependencies: SessionDependencies) {
        self.dependencies = dependencies
        enabled = layouts.isEmpty ? [.fallback] : layouts
        let library = dependencies.library
        variant = { try? library.load($0) }
        let first = Self.prepared(enabled[0], enabled: enabled.count, lockScreen: dependencies.isLockScreen)
        controller = KeyboardController(layout: first)
        scanner = Scanner(scheduler: dependencies.scheduler)
        dwell = Dwell(scheduler: dependencies.scheduler)
        arrangement = KeyboardArrangement(layout: first)
        // The tracker asks for the keys at each event; the session is not whole yet here.
        let owner = WeakSession()
        tracker = TouchTracker(controller: controller, scheduler: dependencies.scheduler) { owner.session?.geometry ?? .empty }
        owner.session = self
        tracker.slotFrames = { [weak self] in self?.suggestionSlotFrames ?? [] }
        controller.feedback = dependencies.feedback
        startLearning()
        wire()
        wireAccess()
        wireSwipe()
        wireClipboard()
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
    public var geometry: KeyboardGeometry { arrangement.geometry.movedDown(by: shownBarHeight) }

    // MARK: Keyboards

    /// Shows the next enabled keyboard (the globe key), wrapping to the first.
    func showNextLayout() {
        guard layouts.count > 1 || controller.layout.id != layouts[layoutIndex].id else { return }
        // From a field's variant the globe returns to the enabled keyboards.
        if controller.layout.id == layouts[layoutIndex].id {
            previousLayoutIndex = layoutIndex
            layoutIndex = (layoutIndex + 1) % layouts.count
        }
        show(layouts[layoutIndex])
    }

    /// Shows the keyboard shown before this one (the emoji keyboard's ABC), else the one
    /// before it in the cycle.
    func showPreviousLayout() {
        // The editing panel's ABC: back to the keyboard the field has.
        if isShowingEditingPanel { return adapt(to: proxy?.traits ?? TextInputTraits(), leavingPanel: true) }
        guard layouts.count > 1 else { return }
        let previous = previousLayoutIndex.flatMap { layouts.indices.contains($0) && $0 != layoutIndex ? $0 : nil }
        showLayout(at: previous ?? (layoutIndex + layouts.count - 1) % layouts.count)
    }

    /// Shows the enabled keyboard at `index` (chosen from the keyboard list).
    public func showLayout(at index: Int) {
        guard layouts.indices.contains(index) else { return }
        if index != layoutIndex { previousLayoutIndex = layoutIndex }
        layoutIndex = index
        show(layouts[index])
    }

    /// Replaces one enabled keyboard (a layout file saved while running) and shows it if it
    /// was showing; whatever else is up stays as it is.
    public func replaceLayout(_ layout: KeyboardLayout) {
        guard let index = enabled.firstIndex(where: { $0.id == layout.id }) else { return }
        enabled[index] = layout
        if index == layoutIndex && controller.layout.id == layout.id { show(layout) }
    }

    /// Shows the layout the field's keyboard type asks for (the email layout for an email
    /// field, the number pad for a phone field), or the enabled keyboard when it asks for
    /// none or the variant cannot be loaded.
    func adapt(to traits: TextInputTraits, leavingPanel: Bool = false) {
        // The editing panel stays up while the field's traits change (its own edits).
        if isShowingEditingPanel && !leavingPanel { return }
        let wanted = traits.keyboardType.preferredLayoutID.flatMap { id in
            id == controller.layout.id ? controller.layout : variant(id)
        } ?? layouts[layoutIndex]
        if wanted.id != controller.layout.id { show(wanted) }
    }

    /// With one keyboard enabled there is nothing to switch to: the globe key and the way
    /// back go (iOS's needsInputModeSwitchKey), and the row closes up; with several, the
    /// space bar names the keyboard's language, so the one shown is never in doubt.
    /// On a lock screen the editing panel has no Clipboard key: the user's list is not its to show.
    private static func prepared(_ layout: KeyboardLayout, enabled: Int, lockScreen: Bool) -> KeyboardLayout {
        // The editing panel's ABC is its only way back.
        if layout.id == editingPanelID {
            return lockScreen ? layout.hiding(layout.keyIDs(doing: .edit(.clipboard))) : layout
        }
        return enabled > 1 ? layout.namingLanguageOnSpace()
            : layout.hiding(layout.keyIDs(doing: .nextKeyboard).union(layout.keyIDs(doing: .previousKeyboard)))
    }

    func show(_ original: KeyboardLayout) {
        let layout = Self.prepared(readyToShow(original), enabled: layouts.count, lockScreen: dependencies.isLockScreen)
        keepsBarRoom = layout.id == EmojiKeyboard.id && shownBarHeight > 0
        tracker.cancelAll()
        endDwell()
        controller.finishComposition()
        onRequest?(.closeMenus)
        activateMode(for: layout)
        arrangement = KeyboardArrangement(layout: layout)
        arrangement.hands = hands
        controller.show(layout)
        showClipboard()
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
            if self.arrangement.layerName != self.controller.layer, self.arrangement.layout.id == self.controller.layout.id {
                self.arrangement.show(layer: self.controller.layer)
            }
            self.redraw()
        }
        controller.onNextKeyboard = { [weak self] in self?.showNextLayout() }
        controller.onPreviousKeyboard = { [weak self] in self?.showPreviousLayout() }
        controller.onEmoji = { [weak self] emoji in
            guard let self else { return }
            self.recentEmoji.use(emoji, traits: self.proxy?.traits ?? TextInputTraits())
        }
        controller.onKeyboardList = { [weak self] key in self?.onRequest?(.keyboardList(from: key)) }
        controller.onDismiss = { [weak self] in self?.onDismiss?() }
        controller.onHands = { [weak self] mode in self?.chooseHands(mode) }
        controller.onClipboardList = { [weak self] in self?.listClipboard() }
        controller.onEditingPanel = { [weak self] in self?.showEditingPanel() }
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

    /// The keyboard's area has this size now.
    public func resize(width: Double, height: Double) {
        guard (width, height) != areaSize else { return }
        areaSize = (width, height)
        relayout()
    }

    /// Asks the host to paint again: at once, or once at the end of the event being handled
    /// (`handlingEvent`), however many parts changed.
    func redraw() {
        updateScanGroups()
        sceneChanged()
    }

    /// What is drawn changed (the scan or dwell moved on): the scene is built anew when read.
    func sceneChanged() {
        builtScene = nil
        if eventDepth > 0 { redrawPending = true } else { onRequest?(.redraw) }
    }

    /// Handles one event from the host: the redraws it causes (the tracker's, the
    /// controller's, the bar's) are asked for once, at its end, so a release builds the scene
    /// once.
    func handlingEvent<Result>(_ body: () -> Result) -> Result {
        eventDepth += 1
        let result = body()
        eventDepth -= 1
        if eventDepth == 0, redrawPending {
            redrawPending = false
            onRequest?(.redraw)
        }
        return result
    }

    /// Re-solves for the current area and host shape (the host decides the orientation;
    /// until it is known, the area itself does).
    func relayout() {
        guard areaSize.width > 0 else { return }
        let host = hostSize.width > 0 ? hostSize : areaSize
        let orientation = Orientation(hostWidth: host.width, hostHeight: host.height)
        shownBarHeight = 0
        if barStripShown {
            // Solved once for the whole area to learn the row height the constraints give,
            // then again for the keys' share below a bar of that scale.
            arrangement.resize(width: areaSize.width, height: areaSize.height, orientation: orientation)
            shownBarHeight = Self.suggestionBarHeight(keyHeight: Self.letterKeyHeight(arrangement.geometry))
        }
        arrangement.resize(width: areaSize.width, height: areaSize.height - shownBarHeight, orientation: orientation)
        if arrangement.layerName == controller.layout.layers.first?.name { activeMode?.keysArranged(arrangement.geometry) }
        if let error = arrangement.lastError, error != reportedError {
            reportedError = error
            report("\(error)")
        }
        redraw()
    }

    /// Says a problem the user should know of, as the program's own line ("clavis: …").
    func report(_ problem: String) {
        dependencies.onProblem("clavis: \(problem)")
    }

    /// Saves what was learned and not yet written (the host is going away).
    public func saveLearned() {
        for mode in dependencies.modes { mode.save() }
        recentEmoji.storage.save()
    }

    /// Names the application knows (a contact's first and last name): never corrected.
    public func learnNames(_ names: [String]) {
        for mode in dependencies.modes { mode.learnNames(names) }
    }

    private func startLearning() {
        let report: (String) -> Void = { [weak self] in self?.report($0) }
        let context = InputModeContext(
            scheduler: scheduler, report: report, barChanged: { [weak self] in self?.barChanged() },
            listCandidates: { [weak self] candidates, chosen in self?.onRequest?(.candidateList(candidates, chosen: chosen)) },
            barUpdateDelay: dependencies.barUpdateDelay)
        for mode in dependencies.modes { mode.attach(context) }
        recentEmoji.storage.scheduler = scheduler
        recentEmoji.storage.store = dependencies.recentEmojiStore
        recentEmoji.storage.onProblem = report
        recentEmoji.storage.load()
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
        if barStripShown != (shownBarHeight > 0) { relayout() } else { redraw() }
    }
}

/// The session, held weakly by the closures its parts are built with.
@MainActor
private final class WeakSession {
    weak var session: KeyboardSession?
}
