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
}
