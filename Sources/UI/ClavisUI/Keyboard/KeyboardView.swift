import CClavisAccessible
import ClavisEngine
import ClavisLayout
import ClavisSession
import GtkKit

/// The keyboard as one GtkDrawingArea: turns GTK's pointer and touch events into the
/// session's touches, and paints the session's scene.
///
/// One drawing area rather than a button per key (as Onboard and squeekboard do): the layout
/// decides every rectangle, every press reaches one widget, and hit testing gives the gaps
/// between keys to the nearest key. The area can never take keyboard focus, so the focused
/// text field keeps it while keys are clicked. What the keys do, which keyboard shows and
/// which engines are loaded is the `KeyboardSession`'s; this view holds only what GTK needs:
/// the widget, the menus over the keys, the accessible children.
///
///     let view = KeyboardView(session: session)
///     gtk_container_add(box, view.widget)
@MainActor
public final class KeyboardView {
    /// The drawing area; pack it into any container.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// What the keyboard shows and does.
    public let session: KeyboardSession
    /// Times each release until its text is in the field (`--trace-latency`).
    public var latencyTrace: LatencyTrace?
    /// Stamps each stage of a press (`--trace-stages`).
    public var stageTrace: StageTrace?
    /// Called after each frame is drawn, and when the session changed in a way that needs
    /// no repaint (a field took the focus): the geometry export listens here.
    public var onDraw: (() -> Void)?
    /// Opens the settings (on Add a keyboard when `true`), from the globe key's list; `nil`
    /// (a lock screen's keyboard, a test's) leaves those items out.
    public var onOpenSettings: ((_ addKeyboard: Bool) -> Void)?
    /// What the last repaint request showed, to repaint only what changes next.
    private var lastScene: KeyboardScene?
    private var pendingAreas: [Rect] = []
    /// Whether a frame was drawn yet.
    private var hasDrawn = false
    private var pendingRepaint: (any ScheduledTask)?
    /// GTK destroyed the widget: nothing is painted any more (the session may still change).
    private var isDestroyed = false
    /// The menu of enabled keyboards a long press on the globe key opens, while it is open.
    public internal(set) var keyboardList: UnsafeMutablePointer<GtkWidget>?
    /// What is copied anywhere goes to the session, for the editing panel's strip.
    private var clipboardWatcher: ClipboardWatcher?
    /// The full candidate list (the bar's ▾), while it is open.
    public internal(set) var candidateList: UnsafeMutablePointer<GtkWidget>?
    /// The editing panel's clipboard list, while it is open.
    public internal(set) var clipboardList: UnsafeMutablePointer<GtkWidget>?

    private lazy var painter = KeyPainter(style: gtk_widget_get_style_context(widget))
    /// The press that began the latest gesture: GTK grabs for a menu with its trigger event,
    /// and a long press fires from a timer, when GTK has no current event of its own.
    var lastPress: UnsafeMutablePointer<GdkEvent>?
    /// The keys last handed to assistive technologies, by child index.
    var publishedKeys: [KeyDefinition] = []
    /// The suggestion slots handed to assistive technologies after the keys.
    var publishedSlots: [Int] = []

    public init(session: KeyboardSession) {
        self.session = session
        widget = clavis_keyboard_area_new()
        gtk_widget_set_can_focus(widget, 0)
        gtk_widget_set_focus_on_click(widget, 0)
        gtk_widget_set_size_request(widget, 320, 200)
        gtk_widget_set_name(widget, "clavis-keyboard")
        gtk_widget_add_events(widget, Int32(
            GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue
                | GDK_ENTER_NOTIFY_MASK.rawValue | GDK_LEAVE_NOTIFY_MASK.rawValue | GDK_TOUCH_MASK.rawValue | GDK_STRUCTURE_MASK.rawValue))

        // Every motion event, not the last of each frame: a swipe's path is the letters it
        // passes, and a busy machine (or a slow frame) would otherwise drop the middle of it.
        Signal.connect(widget, "realize") { [weak self] in
            guard let self, let window = gtk_widget_get_window(self.widget) else { return }
            gdk_window_set_event_compression(window, 0)
        }
        Signal.connect(widget, "size-allocate") { [weak session] (allocation: GdkRectangle) in
            session?.area.resize(width: Double(allocation.width), height: Double(allocation.height))
        }
        Signal.connect(widget, "draw") { [weak self] (cairo: OpaquePointer) -> Bool in
            self?.draw(cairo)
            return true
        }
        Signal.connect(widget, "button-press-event") { [weak self] event in
            self?.stageTrace?.mark("press")
            self?.remember(event)
            return self?.buttonPressed(event.pointee.button) ?? false
        }
        Signal.connect(widget, "motion-notify-event") { [weak session] event in
            let motion = event.pointee.motion
            if motion.state & GDK_BUTTON1_MASK.rawValue != 0 {
                session?.touchMoved(TouchTracker.pointer, x: motion.x, y: motion.y, time: Self.seconds(motion.time))
            } else {
                // No button down: a pointer passing over, which dwell watches.
                session?.access.pointerHovered(x: motion.x, y: motion.y)
            }
            return true
        }
        // Entering is where a pointer that jumps (a warp, Wayland's enter) first rests.
        Signal.connect(widget, "enter-notify-event", event: { [weak session] event in
            let crossing = event.pointee.crossing
            if crossing.state & GDK_BUTTON1_MASK.rawValue == 0 { session?.access.pointerHovered(x: crossing.x, y: crossing.y) }
            return false
        })
        Signal.connect(widget, "leave-notify-event", event: { [weak session] _ in
            session?.access.pointerLeft()
            return false
        })
        Signal.connect(widget, "button-release-event") { [weak self] event in
            self?.stageTrace?.mark("release")
            defer { self?.stageTrace?.mark("settled") }
            return self?.buttonReleased(event.pointee.button) ?? false
        }
        Signal.connect(widget, "touch-event") { [weak self] event in
            if event.pointee.type == GDK_TOUCH_BEGIN { self?.remember(event) }
            return self?.touched(event.pointee.touch) ?? false
        }
        Signal.connect(widget, "grab-broken-event", event: { [weak session] _ in
            session?.cancelAllTouches()
            return false
        })
        Signal.connect(widget, "unmap") { [weak session] in
            session?.cancelAllTouches()
        }
        // Learned words wait two seconds before they are written: not lost on quitting sooner.
        Signal.connect(widget, "destroy") { [weak self, weak session] in
            session?.learning.save()
            // A repaint waiting its few milliseconds would reach a widget that is gone.
            self?.isDestroyed = true
            self?.pendingRepaint?.cancel()
            self?.pendingRepaint = nil
        }
        session.onRequest = { [weak self] request in
            guard let self else { return }
            switch request {
            case .redraw: sessionChanged()
            case .keyWillAct:
                latencyTrace?.begin()
                stageTrace?.mark("act")
                keyActed = true
            case .keyboardList(let key): showKeyboardList(from: key)
            case .candidateList(let candidates, let chosen): showCandidateList(candidates, chosen: chosen)
            case .clipboardList(let items): showClipboardList(items)
            case .closeMenus: closeMenus()
            }
        }
        wireAccessibility()
        clipboardWatcher = ClipboardWatcher(accepts: { [weak session] in session?.clipboard.acceptsCopies ?? false }) { [weak session] text in
            session?.clipboard.textCopied(text)
        }
    }

    /// Repaints at the next frame (after a theme or focus change alters what shows).
    public func redraw() {
        guard !isDestroyed else { return }
        gtk_widget_queue_draw(widget)
        lastScene = nil
        pendingRepaint?.cancel()
        pendingRepaint = nil
        pendingAreas = []
        invalidateAccessibleKeys()
    }

    /// The session's state changed: repaints what looks different (a pressed key), or all.
    ///
    /// A new press is repainted `pressRepaintDelay` later: GTK handles no event while it
    /// paints, and a release the compositor sends right behind the press (a quick tap, a
    /// pointer click) would otherwise wait for that repaint before its text went out. The
    /// change a key's acting brings (the key up again) waits `actRepaintDelay`: its text is
    /// on its way through the compositor to the application then, and a repaint at once (with
    /// the compositor's redrawing of the output behind it) held the text back by 1 ms at the
    /// median on sway (docs/performance.md). Any other change is repainted at once, with what
    /// waited.
    private func sessionChanged() {
        let scene = session.scene
        defer { lastScene = scene }
        guard let lastScene, let areas = scene.changedAreas(since: lastScene) else { return redraw() }
        invalidateAccessibleKeys()
        // Once something is on screen (before, the keys may not be laid out yet).
        if areas.isEmpty, hasDrawn { onDraw?() }
        pendingAreas += areas
        let pressed = !scene.pressedKeyIDs.isSubset(of: lastScene.pressedKeyIDs)
        if pressed || keyActed {
            keyActed = false
            if pendingRepaint == nil {
                let delay = pressed ? Self.pressRepaintDelay : Self.actRepaintDelay
                pendingRepaint = session.scheduler.schedule(after: delay) { [weak self] in self?.repaintPending() }
            }
        } else {
            repaintPending()
        }
    }

    /// How long the repaint of a new press waits for the events behind it.
    static let pressRepaintDelay = 0.002
    /// How long the repaint after a key acted waits for its text to reach the application:
    /// longer than that way took at p99 on sway with the repaint in it (2.6 ms), a fifth of a
    /// frame at 60 Hz.
    static let actRepaintDelay = 0.003
    /// A key acted since the last change was repainted (`actRepaintDelay`).
    private var keyActed = false

    /// Asks GTK to repaint the areas that changed, a few points more on every side for what
    /// a theme draws around a key (shadows).
    private func repaintPending() {
        guard !isDestroyed else { return }
        pendingRepaint?.cancel()
        pendingRepaint = nil
        for area in pendingAreas.map({ $0.insetBy(dx: -4, dy: -4) }) {
            let x = area.x.rounded(.down), y = area.y.rounded(.down)
            gtk_widget_queue_draw_area(widget, Int32(x), Int32(y), Int32((area.maxX - x).rounded(.up)), Int32((area.maxY - y).rounded(.up)))
        }
        pendingAreas = []
    }

    /// The key frames shown now, in the widget's coordinates.
    public var geometry: KeyboardGeometry { session.scene.geometry }

    private func remember(_ event: UnsafeMutablePointer<GdkEvent>) {
        lastPress.map(gdk_event_free)
        lastPress = gdk_event_copy(event)
    }

    /// An event's time in seconds: GDK's milliseconds from the X server or the compositor,
    /// when the hand moved rather than when the main loop got to it (a stroke's speed is
    /// read from these). Wraps after 49 days, within a stroke at most once.
    static func seconds(_ milliseconds: UInt32) -> Double {
        Double(milliseconds) / 1000
    }

    private func draw(_ cairo: OpaquePointer) {
        stageTrace?.mark("draw")
        defer { stageTrace?.mark("drawn") }
        painter.paint(cairo, scene: session.scene)
        hasDrawn = true
        onDraw?()
    }

    private func buttonPressed(_ event: GdkEventButton) -> Bool {
        // Double and triple clicks arrive as extra press events; each real press already came.
        guard event.type == GDK_BUTTON_PRESS else { return false }
        if let which = scanSwitch(event.button) {
            session.access.scan(.press(which))
            return true
        }
        guard event.button == 1 else { return false }
        return session.touchBegan(TouchTracker.pointer, x: event.x, y: event.y, time: Self.seconds(event.time))
    }

    private func buttonReleased(_ event: GdkEventButton) -> Bool {
        if let which = scanSwitch(event.button) {
            session.access.scan(.release(which))
            return true
        }
        guard event.button == 1 else { return false }
        session.touchEnded(TouchTracker.pointer, x: event.x, y: event.y, time: Self.seconds(event.time))
        return true
    }

    /// While scanning, the window is a switch: its first button (or a touch) selects, its
    /// third (the right button) moves to the next item. `nil` when not scanning.
    private func scanSwitch(_ button: UInt32) -> Scanner.Switch? {
        guard session.scene.scanMode != .off else { return nil }
        switch button {
        case 1: return .select
        case 3: return .next
        default: return nil
        }
    }

    private func touched(_ event: GdkEventTouch) -> Bool {
        if scanSwitch(1) != nil {
            switch event.type {
            case GDK_TOUCH_BEGIN: session.access.scan(.press(.select))
            case GDK_TOUCH_END: session.access.scan(.release(.select))
            default: break
            }
            return true
        }
        // GDK's sequences are non-null pointers, so they never collide with the mouse's id.
        let id = TouchTracker.TouchID(UInt(bitPattern: event.sequence))
        switch event.type {
        case GDK_TOUCH_BEGIN: return session.touchBegan(id, x: event.x, y: event.y, time: Self.seconds(event.time))
        case GDK_TOUCH_UPDATE: session.touchMoved(id, x: event.x, y: event.y, time: Self.seconds(event.time))
        case GDK_TOUCH_END: session.touchEnded(id, x: event.x, y: event.y, time: Self.seconds(event.time))
        case GDK_TOUCH_CANCEL: session.touchCancelled(id)
        default: return false
        }
        return true
    }
}

