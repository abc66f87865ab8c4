import CLazyLibraries
import ClavisEngine
import ClavisLayout
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
    private let seat: WaylandInputMethod
    private let proxy: InputMethodProxy
    private let autoShow: AutoShow?
    private var fieldActive = false
    private var contentType = ContentType()

    init(seat: WaylandInputMethod, services: KeyboardServices, dock: Bool, autoShow showsItself: Bool) {
        self.seat = seat
        proxy = InputMethodProxy(connection: seat, scheduler: GLibScheduler())
        let layerShell = clavis_gtk_layer_is_supported() != 0
        window = KeyboardWindow(layouts: services.layouts, proxy: proxy, docked: dock, layerShell: layerShell)
        let library = LayoutLibrary()
        window.keyboard.variant = { try? library.load($0) }
        if showsItself {
            let shower = AutoShow(scheduler: GLibScheduler())
            shower.onShow = { [weak window] in window?.show() }
            shower.onHide = { [weak window] in window?.hide() }
            autoShow = shower
        } else {
            autoShow = nil
        }
        seat.onProblem = { printError("clavis: \($0)") }
        window.keyboard.onLayoutChange = { [seat] in seat.prepareKeys(for: $0) }
        proxy.onChange = { [weak self] in self?.fieldChanged() }
        seat.start(proxy: proxy)
        seat.prepareKeys(for: window.keyboard.controller.layout)
        MainLoop.onReadable(seat.fileDescriptor) { [seat] in
            if seat.dispatch() { return true }
            gtk_main_quit()
            return false
        }
    }

    /// Nothing to undo: the compositor forgets the virtual keyboard and input method with the connection.
    func finish() {}

    /// A field was activated or deactivated, or its text or content type changed.
    private func fieldChanged() {
        let keyboard = window.keyboard
        if proxy.state.contentType != contentType {
            contentType = proxy.state.contentType
            keyboard.adapt(to: proxy.traits)
        }
        keyboard.controller.textDidChange()
        keyboard.redraw()
        if proxy.state.isActive != fieldActive {
            fieldActive = proxy.state.isActive
            autoShow?.focusMoved(toTextField: fieldActive)
        }
    }
}
