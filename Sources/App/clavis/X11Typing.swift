import ClavisAtspi
import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisUI
import ClavisX11
import GtkKit

/// Typing into X11 applications: XTest key presses, the focused field's text over AT-SPI.
@MainActor
final class X11Typing: TypingSession {
    let window: KeyboardWindow
    let host: KeyboardHost
    private let xtest: XTestKeyboard
    private let proxy: XTestProxy

    /// `embedded`: an XEmbed plug in a lock screen or greeter (`--xid`), typing into its
    /// password field, which it cannot read: no AT-SPI, every field secure, no way back on
    /// screen of its own (the lock screen shows and hides it).
    init(connection: XConnection, services: KeyboardServices, dock: Bool, autoShow showsItself: Bool, embedded: Bool = false) {
        let scheduler = GLibScheduler()
        xtest = XTestKeyboard(connection: connection, scheduler: scheduler)
        xtest.onProblem = { reportProblem("clavis: \($0)") }
        proxy = XTestProxy(keyboard: xtest, scheduler: scheduler)
        proxy.assumesSecureField = embedded
        let context = embedded ? nil : AccessibleTextContext()
        if let context {
            proxy.context = context
        } else if !embedded {
            reportProblem("clavis: no accessibility bus: automatic capitals are off (the text typed into cannot be read)"
                       + (showsItself ? ", and --auto-show cannot see text fields take the focus" : ""))
        }
        let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.startSounds(), scheduler: scheduler,
                                                  lockScreen: embedded)
        window = services.x11Window(session: session, proxy: proxy, docked: dock, embedded: embedded)
        host = KeyboardHost(session: session, surface: window, autoShows: showsItself && context != nil,
                            wayBack: embedded ? nil : services.showKeyboardButton(layerShell: false))
        // Embedded in a lock screen, nothing could bring a hidden keyboard back: the dismiss
        // key leaves it up.
        if embedded { session.onDismiss = nil }
        if showsItself, context != nil {
            connection.onOtherKeyPress = { [weak host] in host?.hardwareKeyTyped() }
            if connection.watchOtherKeyboards() { readEvents(of: connection) }
        }
        // Keys and buttons of other devices as scanning switches, once the settings name one.
        session.access.onDeviceSwitches = { [weak self, weak session] in
            guard let self, !self.watchingSwitches else { return }
            self.watchingSwitches = true
            connection.onRawInput = { input in
                session?.access.deviceInput(input.kind, code: input.code, pressed: input.pressed, device: input.device)
            }
            if connection.watchSwitches() {
                self.readEvents(of: connection)
            } else {
                reportProblem("clavis: the X server has no XInput 2: scanning switches on other devices cannot be heard")
            }
        }

        xtest.ownWindows = { [weak window] in window?.ownWindowIDs ?? [] }
        // Docked, the keyboard goes on the monitor of the window typed into.
        if !embedded { window.focusLocation = { [connection] in connection.focusedWindowCentre() } }
        // The field focused before the keyboard started: its text, capitals and auto-show
        // from the first key, not from the next focus change.
        context?.lookForFocusedField()
    }

    /// Whether devices' keys and buttons are watched for scanning switches.
    private var watchingSwitches = false
    /// Whether the connection's events are read on the main loop.
    private var readingEvents = false

    /// Reads the connection's events whenever they come (once).
    private func readEvents(of connection: XConnection) {
        guard !readingEvents else { return }
        readingEvents = true
        MainLoop.onReadable(connection.fileDescriptor) { [connection] in
            connection.handleEvents()
            return true
        }
    }

    /// Gives borrowed keycodes back before the process ends.
    func finish() {
        xtest.releaseSpares()
    }
}
