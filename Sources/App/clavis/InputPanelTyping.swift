import CGtk3
import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisKeystrokes
import ClavisProtocolProxy
import ClavisUI
import ClavisWayland
import GtkKit

/// Typing into the applications of KDE Plasma (KWin) and Weston: the compositor starts
/// Clavis as its virtual keyboard on a private connection (`WAYLAND_SOCKET`), which GTK
/// takes; on it Clavis is the input method (`zwp_input_method_v1`) and its window the
/// input panel.
///
/// The panel comes with the field: when a field's context activates, the window is mapped
/// (the compositor still decides whether a docked panel is seen: KWin shows it for fields
/// tapped by touch or pen, and not when the user turned the virtual keyboard off); when
/// it deactivates the window goes a moment later (`AutoShow`), so moving between fields
/// does not make it blink. Floating (`--dock` not given by the `.desktop` file) it is an
/// overlay by the caret.
@MainActor
final class InputPanelTyping: TypingSession {
    let window: KeyboardWindow
    let host: KeyboardHost
    private let seat: InputMethodV1
    private let proxy: InputMethodProxy
    /// What is copied, through data-control (KWin offers it), for the editing panel's list.
    private var clipboard: WaylandClipboard?

    /// The host on `registry` (GTK's connection), if the compositor offers input-method v1 there.
    init?(registry: WaylandRegistry, services: KeyboardServices, dock: Bool) {
        guard registry.offers(WaylandSupport.inputMethodV1), registry.offers(WaylandSupport.inputPanel) else { return nil }
        let scheduler = GLibScheduler()
        seat = InputMethodV1(registry: registry, scheduler: scheduler)
        proxy = InputMethodProxy(connection: seat, scheduler: scheduler)
        let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.startSounds(), scheduler: scheduler)
        window = KeyboardWindow(session: session, proxy: proxy, docked: dock, surface: .inputPanel)
        // The panel comes and goes with the field.
        host = KeyboardHost(session: session, surface: window, autoShows: true)
        window.onPanelSurface = { [seat] surface, output in seat.attachPanel(surface: surface, output: output, overlay: !dock) }
        seat.onProblem = { reportProblem("clavis: \($0)") }
        seat.keycode = { DisplayKeymap.keycode(for: $0) }
        seat.start(proxy: proxy)
        clipboard = WaylandClipboard(registry: registry, accepts: { [weak session] in session?.clipboard.acceptsCopies ?? false },
                                     copied: { [weak session] in session?.clipboard.textCopied($0) },
                                     watch: { fd, work in MainLoop.onReadable(fd, work) })
    }

    /// The window shows with the first field, not at start.
    var showsAtStart: Bool { false }

    /// Nothing to undo: the compositor forgets the input method with the connection.
    func finish() {}

    /// GTK's Wayland connection, when GTK is on Wayland.
    static func gtkConnection() -> OpaquePointer? {
        guard let display = gdk_display_get_default(),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self),
                                         gdk_wayland_display_get_type()) != 0 else { return nil }
        return gdk_wayland_display_get_wl_display(display)
    }
}
