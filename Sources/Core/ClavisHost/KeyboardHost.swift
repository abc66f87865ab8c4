import ClavisEngine
import ClavisLayout
import ClavisSession
import ClavisSettings

/// What runs a keyboard that types into other applications, whatever the display: the
/// session, its surface, auto-show following the focused field, the show, hide and toggle
/// asked from outside (`clavis show`, a shell's button), and the settings followed live.
///
/// The display adapters (X11 over XTest and AT-SPI, wlroots' input-method v2, KWin's and
/// Weston's input-method v1, and IBus to come) make the proxy and the window; the proxy tells
/// the session when a text field gains or loses the focus (`.field`), and the session tells
/// the host; the adapter tells it only what no proxy sees (another keyboard typed).
/// Everything else is decided here, once, on the session's scheduler, so it is tested on
/// virtual time with a fake surface.
///
/// A keyboard the user hid (its dismiss key, `clavis hide`) that nothing would bring back by
/// itself leaves its way back on screen, a small button, since the person who needs an
/// on-screen keyboard may have no other keyboard to type `clavis show` with: always without
/// auto-show; with auto-show while the field it was hidden over keeps the focus (in a
/// one-field dialog no other field would bring it back), gone when the focus moves on.
///
///     let host = KeyboardHost(session: session, surface: window, autoShows: false, wayBack: button)
///     host.start(showing: true)
///     connection.onOtherKeyPress = { host.hardwareKeyTyped() }
///     live.onChange = { host.apply($0, loadKeyboards: reload) }
@MainActor
public final class KeyboardHost {
    public let session: KeyboardSession
    public let surface: any HostSurface
    /// Shows the surface with a text field and hides it after, where asked (`--auto-show`,
    /// and always for KWin's input panel); `nil` leaves showing and hiding to the user.
    private let autoShow: AutoShow?
    /// What brings a hidden keyboard back where nothing else would (on displays whose shell
    /// has no button of its own): with auto-show, only while a field has the focus.
    private let wayBack: (any WayBackSurface)?
    /// Whether a text field has the focus, as the display last said.
    public private(set) var fieldActive = false

    public init(session: KeyboardSession, surface: any HostSurface, autoShows: Bool, wayBack: (any WayBackSurface)? = nil) {
        self.session = session
        self.surface = surface
        autoShow = autoShows ? AutoShow(scheduler: session.scheduler) : nil
        self.wayBack = wayBack
        autoShow?.onShow = { [weak surface] in surface?.show() }
        autoShow?.onHide = { [weak surface] in surface?.hide() }
        session.onFieldChange = { [weak self] in self?.fieldChanged(active: $0) }
        session.onDismiss = { [weak self] in self?.perform(.hide) }
        self.wayBack?.onActivate = { [weak self] in self?.perform(.show) }
    }

    /// Shows the surface at start (`showing`, unless `--hidden`), or leaves the way back.
    public func start(showing: Bool) {
        perform(showing ? .show : .hide)
        if !showing, needsWayBack { wayBack?.show() }
    }

    /// Whether a hidden keyboard needs its way back now: nothing else brings it back without
    /// auto-show; with auto-show, a field that keeps the focus would not.
    private var needsWayBack: Bool { autoShow == nil || fieldActive }

    /// What is asked from outside the keyboard (the bus, a shell's on-screen-keyboard switch).
    public enum Request: String, CaseIterable, Sendable {
        case show, hide, toggle
    }

    /// Shows, hides or toggles the surface.
    public func perform(_ request: Request) {
        let showing = switch request {
        case .show: true
        case .hide: false
        case .toggle: !surface.isVisible
        }
        if showing {
            wayBack?.hide()
            surface.show()
        } else if surface.isVisible {
            surface.hide()
            if needsWayBack { wayBack?.show() }
        }
    }

    /// Whether a text field has the focus now, as the session heard from the proxy (said
    /// again for the same field is no change): with auto-show the surface follows.
    private func fieldChanged(active: Bool) {
        // Each new field, also after another: the keyboard goes to the monitor it is on.
        if active { surface.followFocus() }
        guard active != fieldActive else { return }
        fieldActive = active
        guard let autoShow else { return }
        autoShow.focusMoved(toTextField: active)
        // The next field brings it back by itself; one shown for this field needs no button.
        if !active || surface.isVisible { wayBack?.hide() } else { wayBack?.show() }
    }

    /// Another keyboard typed (a hardware one): with `hideWithHardwareKeyboard`, auto-show
    /// hides the surface and keeps it hidden while that keyboard is in use.
    public func hardwareKeyTyped() {
        guard let autoShow else { return }
        let wasVisible = surface.isVisible
        autoShow.hardwareKeyPressed()
        if wasVisible, !surface.isVisible, fieldActive { wayBack?.show() }
    }

    /// The user's settings, at start and whenever they change: the session's, the surface's
    /// height and monitor, and auto-show's pause for a hardware keyboard. `loadKeyboards` loads the
    /// enabled keyboards (`nil` when the command line named them).
    public func apply(_ settings: Settings, loadKeyboards: (([String]) -> [KeyboardLayout])?) {
        session.apply(settings, loadKeyboards: loadKeyboards)
        if surface.heightScale != settings.keyboardHeight { surface.heightScale = settings.keyboardHeight }
        let monitor = DockMonitor(setting: settings.dockMonitor)
        if surface.monitorChoice != monitor { surface.monitorChoice = monitor }
        autoShow?.pausesForHardwareKeyboard = settings.hideWithHardwareKeyboard
    }
}
