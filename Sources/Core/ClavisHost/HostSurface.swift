/// The keyboard's window as the host runtime drives it: GTK's `KeyboardWindow` in the app (an
/// X11 dock, a layer-shell panel, KWin's input panel), a recording fake in tests.
@MainActor
public protocol HostSurface: AnyObject {
    /// Whether it is on screen now.
    var isVisible: Bool { get }
    func show()
    func hide()
    /// How tall it is, times its usual height (the `keyboardHeight` setting).
    var heightScale: Double { get set }
    /// Which monitor it goes on where there are several (the `dockMonitor` setting).
    var monitorChoice: DockMonitor { get set }
    /// A field took the focus: a surface that follows the focus goes to its monitor.
    func followFocus()
}

/// The small button a hidden keyboard leaves on screen where the desktop offers no way to
/// bring it back (no auto-show, no shell button): tapped, the keyboard shows again. GTK's
/// `ShowKeyboardButton` in the app, a recording fake in tests.
@MainActor
public protocol WayBackSurface: AnyObject {
    var isVisible: Bool { get }
    func show()
    func hide()
    /// Called when the user taps it (not when it is dragged).
    var onActivate: (() -> Void)? { get set }
}
