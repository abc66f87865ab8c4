import CLazyLayerShell
import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisLayout
import ClavisProtocolProxy
import ClavisUI
import ClavisWayland
import GtkKit

/// Typing into Wayland applications: Clavis is the seat's input method (text committed into
/// the focused field, marked text as its preedit, the field's text and content type read
/// from the compositor), keys that are not text go through a virtual keyboard, and the
/// window is a layer-shell panel.
///
/// The field's content type picks the keyboard as the demo's fields do (an email field gets
/// the email layout, a PIN field the number pad); with `--auto-show` the keyboard shows when
/// a field is activated and hides when it is deactivated.
@MainActor
final class WaylandTyping: TypingSession {
    let window: KeyboardWindow
    let host: KeyboardHost
    private let seat: WaylandInputMethod
    private let proxy: InputMethodProxy

    init(seat: WaylandInputMethod, services: KeyboardServices, dock: Bool, autoShow showsItself: Bool) {
        self.seat = seat
        let scheduler = GLibScheduler()
        proxy = InputMethodProxy(connection: seat, scheduler: scheduler)
        let layerShell = clavis_gtk_layer_is_supported() != 0
        let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.startSounds(), scheduler: scheduler)
        window = KeyboardWindow(session: session, proxy: proxy, docked: dock, surface: layerShell ? .layerShell : .window)
        host = KeyboardHost(session: session, surface: window, autoShows: showsItself,
                            wayBack: layerShell ? services.showKeyboardButton(layerShell: true) : nil)
        // The field gaining text Clavis did not type: another (hardware) keyboard is in use.
        proxy.onOutsideEdit = { [weak host] in host?.hardwareKeyTyped() }
        seat.onProblem = { reportProblem("clavis: \($0)") }
        session.onLayoutChange = { [seat] in seat.prepareKeys(for: $0) }
        seat.start(proxy: proxy)
        seat.prepareKeys(for: session.layout)
        // What is copied anywhere, for the editing panel's list (data-control, where offered).
        seat.watchClipboard(accepts: { [weak session] in session?.clipboard.acceptsCopies ?? false },
                            copied: { [weak session] in session?.clipboard.textCopied($0) },
                            watch: { fd, work in MainLoop.onReadable(fd, work) })
        MainLoop.onReadable(seat.fileDescriptor) { [seat] in
            if seat.dispatch() { return true }
            gtk_main_quit()
            return false
        }
    }

    /// Nothing to undo: the compositor forgets the virtual keyboard and input method with the connection.
    func finish() {}
}
