import CClavisAccessible
import ClavisEngine
import ClavisJapanese
import ClavisKkc
import ClavisLayout
import ClavisText
import GtkKit

/// The keyboard as one GtkDrawingArea: paints the layout and turns mouse presses into key
/// gestures.
///
/// One drawing area rather than a button per key (as Onboard and squeekboard do): the layout
/// decides every rectangle, every press reaches one widget, and hit testing gives the gaps
/// between keys to the nearest key. The area can never take keyboard focus, so the focused
/// text field keeps it while keys are clicked.
@MainActor
public final class KeyboardView {
    /// The drawing area; pack it into any container.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The enabled keyboards, in the order the globe key cycles through them. Setting it
    /// shows the first.
    public var layouts: [KeyboardLayout] {
        get { enabled }
        set {
            enabled = newValue.isEmpty ? [.fallback] : newValue
            layoutIndex = 0
            show(enabled[0])
        }
    }
    private var enabled: [KeyboardLayout]

    /// Replaces one enabled keyboard (a layout file saved while running) and shows it if it
    /// was showing; whatever else is up stays as it is.
    public func replaceLayout(_ layout: KeyboardLayout) {
        guard let index = enabled.firstIndex(where: { $0.id == layout.id }) else { return }
        enabled[index] = layout
        if index == layoutIndex && controller.layout.id == layout.id { show(layout) }
    }

    /// How long holds and taps take (kept across keyboard switches).
    public var timing = KeyTiming() {
        didSet { tracker.timing = timing }
    }
    /// The index in `layouts` of the keyboard shown (or last shown, while a field's variant
    /// such as the email layout is up).
    public private(set) var layoutIndex = 0
    public private(set) var controller: KeyboardController
    /// The layout solved for the current layer, size and orientation.
    public private(set) var arrangement: KeyboardArrangement
    /// Turns every finger's and the mouse's presses into key gestures (roll-over,
    /// slide-to-correct, held modifiers, the repeat and long-press timers).
    public private(set) var tracker: TouchTracker
    /// Where typed text goes (kept across keyboard switches).
    public var proxy: (any TextDocumentProxy)? {
        didSet { controller.proxy = proxy }
    }
    /// Finds the layout a field's keyboard type asks for ("email", "numpad", …).
    public var variant: ((String) -> KeyboardLayout?)?
    /// Times each release until its text is in the field (`--trace-latency`).
    public var latencyTrace: LatencyTrace?
    /// Called when the dismiss key is pressed.
    public var onDismiss: (() -> Void)?
    /// Plays the key clicks (kept across keyboard switches).
    public var sounds: (any SoundPlayer)? {
        didSet { controller.sounds = sounds }
    }
    /// Called after each frame is drawn (the geometry export listens here).
    public var onDraw: (() -> Void)?
    /// Called when another keyboard is shown (the globe key, a field's keyboard type).
    public var onLayoutChange: ((KeyboardLayout) -> Void)?
    /// The size of what hosts the keyboard (the demo window while docked), whose shape
    /// decides portrait or landscape.
    public var hostSize: (width: Double, height: Double) = (0, 0) {
        didSet { if hostSize != oldValue { relayout() } }
    }

    /// The key frames for the current layer, size and orientation, below the suggestion bar.
    public var geometry: KeyboardGeometry { arrangement.geometry.movedDown(by: shownBarHeight) }
    /// The suggestion bar, auto-correction and learned words (kept across keyboard switches).
    public let suggestions = SuggestionSession()
    /// Whether the bar and auto-correction are on (the settings' `suggestions`).
    public var suggestionsEnabled = true {
        didSet {
            guard suggestionsEnabled != oldValue else { return }
            controller.suggestions = suggestionsEnabled ? suggestions : nil
            relayout()
        }
    }
    /// Lexicons mapped so far, by file name (`nil`: none installed for that language).
    var lexicons: [String: Lexicon?] = [:]
    /// Loads the kana–kanji converter (libkkc; tests inject one that fails, as missing data
    /// would).
    public var makeConverter: () throws -> any KanaKanjiConverter = { try KkcConverter() }
    /// The converter once loaded (`.some(nil)`: it could not be).
    public internal(set) var converter: (any KanaKanjiConverter)??
    /// How long after the last Japanese keyboard goes the converter is let go (its model
    /// holds about 27 MB); showing a Japanese keyboard again loads it again.
    public var converterUnloadDelay = 30.0
    /// The pending unload of the converter.
    var converterUnload: (any ScheduledTask)?
    /// The Japanese conversions the user committed (kept across keyboard switches).
    public let conversionMemory = ConversionMemory()
    /// The emoji used lately, for the emoji keyboard's Recent page (with Full Access).
    public let recentEmoji = RecentEmoji()
    /// Unicode's emoji groups and the list they were read from, read the first time the
    /// emoji keyboard is shown (`nil` groups: the list could not be read).
    var emojiGroups: (file: String, groups: [EmojiData.Group]?)?
    /// The full candidate list (the bar's ▾), while it is open.
    public internal(set) var candidateList: UnsafeMutablePointer<GtkWidget>?
    private var pressedSlot: (touch: TouchTracker.TouchID, slot: Int, x: Double)?
    /// The suggestion bar's height as last laid out (0 while hidden).
    private(set) var shownBarHeight = 0.0

    let scheduler = GLibScheduler()
    private lazy var painter = KeyPainter(style: gtk_widget_get_style_context(widget))
    private var areaSize: (width: Double, height: Double) = (0, 0)
    private var reportedError: LayoutErrors?
    /// The keyboard ids the settings last asked for (`apply`), unknown ones included.
    var requestedKeyboards: [String]?
    /// The keys last handed to assistive technologies, by child index.
    var publishedKeys: [KeyDefinition] = []
    /// The settings' `learnedWordsCleared` last applied (`nil` before the first settings).
    var appliedLearnedWordsCleared: Int?
    /// The suggestion slots handed to assistive technologies after the keys.
    var publishedSlots: [Int] = []

    public init(layouts: [KeyboardLayout]) {
        enabled = layouts.isEmpty ? [.fallback] : layouts
        widget = clavis_keyboard_area_new()
        let first = Self.prepared(enabled[0], enabled: enabled.count)
        controller = KeyboardController(layout: first)
        arrangement = KeyboardArrangement(layout: first)
        tracker = TouchTracker(controller: controller, scheduler: scheduler, geometry: { .empty })
        gtk_widget_set_can_focus(widget, 0)
        gtk_widget_set_focus_on_click(widget, 0)
        gtk_widget_set_size_request(widget, 320, 200)
        gtk_widget_set_name(widget, "clavis-keyboard")
        gtk_widget_add_events(widget, Int32(
            GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_BUTTON_MOTION_MASK.rawValue
                | GDK_TOUCH_MASK.rawValue | GDK_STRUCTURE_MASK.rawValue))

        Signal.connect(widget, "size-allocate") { [weak self] (allocation: GdkRectangle) in
            self?.resize(width: Double(allocation.width), height: Double(allocation.height))
        }
        Signal.connect(widget, "draw") { [weak self] (cairo: OpaquePointer) -> Bool in
            self?.draw(cairo)
            return true
        }
        Signal.connect(widget, "button-press-event") { [weak self] event in
            self?.remember(event)
            return self?.buttonPressed(event.pointee.button) ?? false
        }
        Signal.connect(widget, "motion-notify-event") { [weak self] event in
            self?.pointerMoved(event.pointee.motion) ?? false
        }
        Signal.connect(widget, "button-release-event") { [weak self] event in
            self?.buttonReleased(event.pointee.button) ?? false
        }
        Signal.connect(widget, "touch-event") { [weak self] event in
            if event.pointee.type == GDK_TOUCH_BEGIN { self?.remember(event) }
            return self?.touched(event.pointee.touch) ?? false
        }
        Signal.connect(widget, "grab-broken-event", event: { [weak self] _ in
            self?.cancelAll()
            return false
        })
        Signal.connect(widget, "unmap") { [weak self] in
            self?.cancelAll()
        }
        suggestions.scheduler = scheduler
        suggestions.store = UserWordStore(path: Self.learnedWordsPath())
        suggestions.onProblem = { reportProblem("clavis: \($0)") }
        suggestions.onChange = { [weak self] in self?.suggestionsChanged() }
        conversionMemory.scheduler = scheduler
        conversionMemory.store = UserWordStore(path: Self.learnedConversionsPath())
        conversionMemory.onProblem = suggestions.onProblem
        conversionMemory.load()
        recentEmoji.scheduler = scheduler
        recentEmoji.store = UserWordStore(path: Self.recentEmojiPath())
        recentEmoji.onProblem = suggestions.onProblem
        recentEmoji.load()
        // Learned words wait two seconds before they are written: not lost on quitting sooner.
        Signal.connect(widget, "destroy") { [weak self] in
            self?.suggestions.save()
            self?.conversionMemory.save()
            self?.recentEmoji.save()
        }
        suggestions.predictor = predictor(for: first)
        suggestions.loadLearnedWords()
        controller.suggestions = suggestions
        wire()
        prepareConversion()
        wireAccessibility()
        // The emoji keyboard comes as a stand-in, generated when shown: enabled first, it is
        // shown now (it was drawn keyless, with "no layer ''").
        if EmojiKeyboard.isStandIn(enabled[0]) { show(enabled[0]) }
    }

    /// The bar changed: redraw, and lay the keys out again if it appeared or went away.
    private func suggestionsChanged() {
        if suggestionBarVisible != (shownBarHeight > 0) { relayout() } else { redraw() }
    }

    /// Shows the next enabled keyboard (the globe key), wrapping to the first.
    public func showNextLayout() {
        guard layouts.count > 1 || controller.layout.id != layouts[layoutIndex].id else { return }
        // From a field's variant the globe returns to the enabled keyboards.
        if controller.layout.id == layouts[layoutIndex].id { layoutIndex = (layoutIndex + 1) % layouts.count }
        show(layouts[layoutIndex])
    }

    /// The menu of enabled keyboards a long press on the globe key opens, while it is open.
    public private(set) var keyboardList: UnsafeMutablePointer<GtkWidget>?

    /// The press that began the latest gesture: GTK grabs for a menu with its trigger event,
    /// and a long press fires from a timer, when GTK has no current event of its own.
    private var lastPress: UnsafeMutablePointer<GdkEvent>?

    private func remember(_ event: UnsafeMutablePointer<GdkEvent>) {
        lastPress.map(gdk_event_free)
        lastPress = gdk_event_copy(event)
    }

    /// Opens the list of enabled keyboards above `key` (or at the pointer without one);
    /// choosing one shows it.
    ///
    /// A long press fires from a timer, when GTK has no current event to place a menu by,
    /// so the menu is anchored to the key's frame and triggered by the press that began it.
    public func showKeyboardList(from key: KeyDefinition? = nil) {
        keyboardList.map { gtk_widget_destroy($0) }
        let menu = gtk_menu_new()!
        for (index, layout) in layouts.enumerated() {
            let item = gtk_check_menu_item_new_with_label(layout.name)!
            gtk_check_menu_item_set_draw_as_radio(gtkCast(item), 1)
            gtk_check_menu_item_set_active(gtkCast(item), layout.id == controller.layout.id ? 1 : 0)
            gtk_widget_set_name(item, layout.id)
            Signal.connect(item, "activate") { [weak self] in self?.choose(index) }
            gtk_menu_shell_append(gtkCast(menu), item)
        }
        popUp(menu, at: key.flatMap { geometry.frame(ofKey: $0.id) })
        keyboardList = menu
    }

    /// Shows a menu above `frame` (or at the pointer), triggered by the press that began the
    /// gesture.
    func popUp(_ menu: UnsafeMutablePointer<GtkWidget>, at frame: Rect?) {
        gtk_widget_show_all(menu)
        gtk_menu_attach_to_widget(gtkCast(menu), widget, nil)
        if let frame, let window = gtk_widget_get_window(widget) {
            var rect = GdkRectangle(x: Int32(frame.x), y: Int32(frame.y), width: Int32(frame.width), height: Int32(frame.height))
            gtk_menu_popup_at_rect(gtkCast(menu), window, &rect, GDK_GRAVITY_NORTH_WEST, GDK_GRAVITY_SOUTH_WEST, lastPress)
        } else {
            gtk_menu_popup_at_pointer(gtkCast(menu), lastPress)
        }
    }

    private func choose(_ index: Int) {
        guard layouts.indices.contains(index) else { return }
        layoutIndex = index
        show(layouts[index])
    }

    /// Shows the layout the field's keyboard type asks for (the email layout for an email
    /// field, the number pad for a phone field), or the enabled keyboard when it asks for
    /// none or the variant cannot be loaded.
    public func adapt(to traits: TextInputTraits) {
        let wanted = traits.keyboardType.preferredLayoutID.flatMap { id in
            id == controller.layout.id ? controller.layout : variant?(id)
        } ?? layouts[layoutIndex]
        if wanted.id != controller.layout.id { show(wanted) }
    }

    /// Repaints at the next frame (after a shift or focus change alters labels).
    public func redraw() {
        gtk_widget_queue_draw(widget)
        invalidateAccessibleKeys()
    }

    /// The key at a point in the widget's coordinates.
    public func key(atX x: Double, y: Double) -> KeyDefinition? {
        geometry.key(atX: x, y: y)
    }

    /// With one keyboard enabled there is nothing to switch to: the globe key goes, and its
    /// row closes up (iOS's needsInputModeSwitchKey).
    private static func prepared(_ layout: KeyboardLayout, enabled: Int) -> KeyboardLayout {
        enabled > 1 ? layout : layout.hiding(layout.keyIDs(doing: .nextKeyboard))
    }

    private func cancelAll() {
        tracker.cancelAll()
    }

    private func show(_ original: KeyboardLayout) {
        let layout = Self.prepared(readyToShow(original), enabled: layouts.count)
        cancelAll()
        controller.finishComposition()
        for menu in [keyboardList, candidateList].compactMap({ $0 }) {
            // Possibly called from the menu's own item: destroy it once that returns.
            MainLoop.idle { gtk_widget_destroy(menu) }
        }
        keyboardList = nil
        candidateList = nil
        controller = KeyboardController(layout: layout)
        suggestions.predictor = predictor(for: original)
        controller.suggestions = suggestionsEnabled ? suggestions : nil
        controller.proxy = proxy
        controller.sounds = sounds
        arrangement = KeyboardArrangement(layout: layout)
        wire()
        prepareConversion()
        relayout()
        onLayoutChange?(layout)
    }

    private func wire() {
        tracker = TouchTracker(controller: controller, scheduler: scheduler, timing: timing) { [weak self] in
            self?.geometry ?? .empty
        }
        tracker.onChange = { [weak self] in self?.redraw() }
        tracker.onCommit = { [weak self] _, _ in self?.latencyTrace?.begin() }
        // Touches survive a layer change: a held layer key keeps its layer up while another
        // finger types on it (the tracker commits waiting keys before any layer changes).
        controller.onAppearanceChange = { [weak self] in
            guard let self else { return }
            if self.arrangement.layerName != self.controller.layer {
                self.arrangement.show(layer: self.controller.layer)
            }
            self.redraw()
        }
        controller.onNextKeyboard = { [weak self] in self?.showNextLayout() }
        controller.onEmoji = { [weak self] emoji in
            guard let self else { return }
            self.recentEmoji.use(emoji, traits: self.proxy?.traits ?? TextInputTraits())
        }
        controller.onKeyboardList = { [weak self] key in self?.showKeyboardList(from: key) }
        controller.onDismiss = { [weak self] in self?.onDismiss?() }
    }

    private func resize(width: Double, height: Double) {
        guard (width, height) != areaSize else { return }
        areaSize = (width, height)
        relayout()
    }

    /// Re-solves for the current area and host shape (the host decides the orientation;
    /// until it is known, the area itself does).
    private func relayout() {
        guard areaSize.width > 0 else { return }
        let host = hostSize.width > 0 ? hostSize : areaSize
        let orientation = Orientation(hostWidth: host.width, hostHeight: host.height)
        shownBarHeight = 0
        if suggestionBarVisible {
            // Solved once for the whole area to learn the row height the constraints give,
            // then again for the keys' share below a bar of that scale.
            arrangement.resize(width: areaSize.width, height: areaSize.height, orientation: orientation)
            shownBarHeight = Self.suggestionBarHeight(keyHeight: Self.letterKeyHeight(arrangement.geometry))
        }
        arrangement.resize(width: areaSize.width, height: areaSize.height - shownBarHeight, orientation: orientation)
        updateProximity()
        if let error = arrangement.lastError, error != reportedError {
            reportedError = error
            reportProblem("clavis: \(error)")
        }
        redraw()
    }

    /// The key whose preview bubble shows: a character key held by the pointer, never in a
    /// password field (what is typed there must not be shown larger).
    public var previewKeyID: String? {
        guard let key = tracker.pendingKey, key.action.showsPreview, key.flicks == nil,
              proxy?.traits.isSecureTextEntry != true else { return nil }
        return key.id
    }

    /// The ids of the keys held down right now, by the pointer and by every finger.
    public var pressedKeyIDs: Set<String> { tracker.pressedKeyIDs }

    private func draw(_ cairo: OpaquePointer) {
        painter.paint(cairo, geometry: geometry, label: controller.label(for:), pressedKeyIDs: pressedKeyIDs,
                      classes: controller.stateClasses(for:))
        let slots = suggestionSlotFrames
        if shownBarHeight > 0 {
            painter.paintSuggestions(cairo, bar: controller.bar, strip: suggestionStrip, slots: slots, pressed: pressedSlot?.slot)
        }
        if let id = previewKeyID, let key = controller.layout.key(id), let frame = geometry.frame(ofKey: id) {
            painter.paintPreview(cairo, key: frame, label: controller.label(for: key),
                                 bounds: Rect(x: 0, y: 0, width: geometry.width, height: geometry.height))
        }
        if let flick = tracker.openFlick {
            painter.paintFlickGuide(cairo, flick: flick, label: controller.label(for: flick.key),
                                    bounds: Rect(x: 0, y: 0, width: geometry.width, height: geometry.height))
        }
        if let open = tracker.openAlternates {
            painter.paintAlternates(cairo, popup: open.popup, alternates: open.alternates,
                                    selected: open.selected, uppercase: controller.isShiftLatched)
        }
        onDraw?()
    }

    private func buttonPressed(_ event: GdkEventButton) -> Bool {
        // Double and triple clicks arrive as extra press events; each real press already came.
        guard event.button == 1, event.type == GDK_BUTTON_PRESS else { return false }
        if slotBegan(TouchTracker.pointer, x: event.x, y: event.y) { return true }
        return tracker.began(TouchTracker.pointer, x: event.x, y: event.y)
    }

    private func pointerMoved(_ event: GdkEventMotion) -> Bool {
        tracker.moved(TouchTracker.pointer, x: event.x, y: event.y)
        return true
    }

    private func buttonReleased(_ event: GdkEventButton) -> Bool {
        guard event.button == 1 else { return false }
        if slotEnded(TouchTracker.pointer, x: event.x, y: event.y) { return true }
        tracker.ended(TouchTracker.pointer, x: event.x, y: event.y)
        return true
    }

    /// A press on the suggestion bar: remembered until it lifts (no key gesture).
    private func slotBegan(_ id: TouchTracker.TouchID, x: Double, y: Double) -> Bool {
        guard let slot = suggestionSlot(atX: x, y: y) else { return false }
        tracker.cancelAll()
        pressedSlot = (id, slot, x)
        redraw()
        return true
    }

    /// The lift of a bar press: chooses the slot if it lifts where it went down. A swipe
    /// along the bar (an eighth of its width or more) while converting Japanese moves to the
    /// next phrase that way instead.
    private func slotEnded(_ id: TouchTracker.TouchID, x: Double, y: Double) -> Bool {
        guard let pressed = pressedSlot, pressed.touch == id else { return false }
        pressedSlot = nil
        let swipe = x - pressed.x
        if abs(swipe) >= geometry.width / 8, controller.composition?.converting != nil {
            controller.moveCompositionFocus(by: swipe > 0 ? 1 : -1)
        } else if suggestionSlot(atX: x, y: y) == pressed.slot {
            sounds?.play(.character)
            controller.chooseSuggestion(slot: pressed.slot)
        }
        redraw()
        return true
    }

    private func touched(_ event: GdkEventTouch) -> Bool {
        // GDK's sequences are non-null pointers, so they never collide with the mouse's id.
        let id = TouchTracker.TouchID(UInt(bitPattern: event.sequence))
        switch event.type {
        case GDK_TOUCH_BEGIN:
            if slotBegan(id, x: event.x, y: event.y) { return true }
            return tracker.began(id, x: event.x, y: event.y)
        case GDK_TOUCH_UPDATE: tracker.moved(id, x: event.x, y: event.y)
        case GDK_TOUCH_END:
            if slotEnded(id, x: event.x, y: event.y) { return true }
            tracker.ended(id, x: event.x, y: event.y)
        case GDK_TOUCH_CANCEL: tracker.cancel(id)
        default: return false
        }
        return true
    }
}
