import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisIBus
import ClavisProtocolProxy
import ClavisUI
import GtkKit

/// Typing as an IBus input method (`clavis keyboard --ibus`, started by ibus-daemon once
/// Clavis is an input source): the way into GNOME, whose shell hands every Wayland
/// application's text to IBus, and into any X11 desktop whose applications use IBus.
///
/// Text is committed to the focused field, Japanese composition is its preedit, the field's
/// content type picks the keyboard and its text feeds suggestions (`IBusEngine` under an
/// `InputMethodProxy`, as on Wayland). The window is an X11 one (Xwayland on GNOME's Wayland
/// session) that never takes the focus, docked with a strut or floating; it shows when a field
/// takes the focus and hides when none has it, so it leaves no way-back button: the next field
/// brings it back.
@MainActor
final class IBusTyping: TypingSession {
    let window: KeyboardWindow
    let host: KeyboardHost
    private let engine: IBusEngine
    private let proxy: InputMethodProxy
    /// What GNOME Shell hands over: presses while it holds the input (its overview and
    /// dialogs), and the password fields it takes from IBus.
    private let shellHandover = ShellHandover()

    init(engine: IBusEngine, services: KeyboardServices, dock: Bool, exec: String) {
        self.engine = engine
        let scheduler = GLibScheduler()
        proxy = InputMethodProxy(connection: engine, scheduler: scheduler)
        let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.startSounds(), scheduler: scheduler)
        window = services.x11Window(session: session, proxy: proxy, docked: dock)
        host = KeyboardHost(session: session, surface: window, autoShows: true)
        engine.keycode = { DisplayKeymap.keycode(for: $0) }
        engine.onProblem = { reportProblem("clavis: \($0)") }
        engine.onHardwareKey = { [weak host] _ in host?.hardwareKeyTyped() }
        let shell = ShellKeyboard()
        shell.onProblem = { reportProblem("clavis: \($0)") }
        engine.shellKeyboard = shell
        shellHandover.onTouch = { [keyboard = window.keyboard] in keyboard.handedTouch($0) }
        // A password GNOME switched IBus off for: the secure keyboard, typing through the extension.
        shellHandover.onSecureFocus = { [weak engine] in engine?.shellPasswordFocus($0) }
        // Docked, the keyboard goes on the monitor of the caret (on GNOME, of any application's).
        window.focusLocation = { [weak engine] in engine?.caretLocation }
        engine.onCaretMove = { [weak window] in window?.followFocus() }
        engine.onConnectionChange = { [weak self] connected in
            if !connected { reportProblem("clavis: ibus-daemon went away; waiting \(Int(Self.daemonWait)) s for it to come back") }
            self?.connected = connected
            self?.waitForTheDaemon()
        }
        engine.start(proxy: proxy, exec: exec)
        waitForTheDaemon()
    }

    /// How long the keyboard waits for ibus-daemon before it says so, and before it gives up.
    static let daemonNotice = 3.0
    static let daemonWait = 60.0
    /// Whether ibus-daemon serves the engine now.
    private var connected = false
    private var waiting: [any ScheduledTask] = []
    private let scheduler = GLibScheduler()

    /// Without the daemon the keyboard has nothing to type into: after a few seconds it says
    /// it waits, and after `daemonWait` it gives up (exit status 1) rather than wait unseen.
    private func waitForTheDaemon() {
        waiting.forEach { $0.cancel() }
        waiting = []
        guard !connected else { return }
        waiting.append(scheduler.schedule(after: Self.daemonNotice) {
            reportProblem("clavis: waiting for ibus-daemon (start it with `ibus-daemon --daemonize`, or choose Clavis in "
                          + "Settings → Keyboard → Input Sources); giving up in \(Int(Self.daemonWait - Self.daemonNotice)) s")
        })
        waiting.append(scheduler.schedule(after: Self.daemonWait) {
            reportProblem("clavis: no ibus-daemon answered within \(Int(Self.daemonWait)) s; exiting")
            exit(1)
        })
    }

    /// The window shows with the first field, not at start.
    var showsAtStart: Bool { false }

    /// Nothing to undo: the daemon forgets the engine with the connection.
    func finish() {}
}
