import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisIBus
import ClavisUI
import ClavisWayland
import ClavisX11
import Glibc
import GtkKit

/// The D-Bus name of the running keyboard; `clavis show|hide|toggle` call its actions.
let keyboardApplicationID = "io.github.clavis.Keyboard"

/// `clavis keyboard`: the keyboard alone, typing into whichever application has the focus.
struct KeyboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboard",
        abstract: "Type into other applications: the keyboard alone, in a window that never takes the focus (Wayland or X11).",
        discussion: """
            On Wayland (sway, Hyprland, river, labwc, Phosh) Clavis is the seat's input method: \
            text is committed into the focused field, marked text shows there underlined, and \
            keys that are not text go through a virtual keyboard; the window is a layer-shell \
            panel at the bottom of the output. KDE Plasma and Weston start it themselves as their \
            virtual keyboard (System Settings → Keyboard → Virtual Keyboard → Clavis; weston.ini's \
            [input-method]): it is then their input method (v1) and its window their input panel, \
            shown with a text field. On GNOME (Wayland or X11), Clavis is an IBus input method: \
            add it in Settings → Keyboard → Input Sources and IBus starts it as \
            `clavis keyboard --ibus`, showing it with a text field. On X11, keys are sent with XTest to the window \
            that has the keyboard focus; characters the \
            keymap lacks (é, ß, €, emoji) are typed through a spare keycode, given back after. \
            Show, hide or toggle it from a panel button or gesture with `clavis show`, \
            `clavis hide`, `clavis toggle` (or `gapplication action \(keyboardApplicationID) toggle`). \
            Starting it again while it runs shows the running one.
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "A keyboard layout: an id or a .yaml file (repeatable: the enabled keyboards, in order).", valueName: "id|file"))
    var layout: [String] = []

    @Option(help: ArgumentHelp("The theme: light, dark, high-contrast, a name or a .css file.", valueName: "name|file"))
    var theme: String?

    @Flag(help: "Dock to the bottom of the screen and reserve its height, so maximised windows stay above it.")
    var dock = false

    @Flag(help: "Start hidden (its ⌨ button or `clavis show` brings it up).")
    var hidden = false

    @Flag(name: .customLong("auto-show"), help: ArgumentHelp(
        "Show the keyboard when a text field takes the focus and hide it when the focus leaves text fields "
            + "(Wayland: any field with text-input; X11: applications that expose their widgets over AT-SPI: "
            + "GTK, Qt, Firefox, LibreOffice)."))
    var autoShow = false

    @Option(name: .customLong("trace-stages"), help: ArgumentHelp(
        "Write when each stage of a key press happened (press, release, act, draw, drawn) to this file, for the benchmarks.",
        valueName: "file"))
    var traceStages: String?

    @Option(name: .customLong("geometry-out"), help: ArgumentHelp(
        "Write the keys' screen positions as JSON to this file whenever they change.", valueName: "file"))
    var geometryOut: String?

    @Flag(help: ArgumentHelp(
        "Be an IBus input method, as ibus-daemon starts Clavis once it is an input source (GNOME: Settings → "
            + "Keyboard → Input Sources → Clavis): text goes to the focused field through IBus, and the window, an "
            + "X11 one that never takes the focus, shows with a field."))
    var ibus = false

    @Flag(help: ArgumentHelp(
        "Be embedded in another program's window (XEmbed), as X11 screensavers and greeters embed a keyboard in "
            + "their unlock dialog: print the keyboard's window id on standard output, then type with XTest into "
            + "whatever has the focus, as into a password (no suggestions, nothing learned). gnome-screensaver "
            + "and MATE's screensaver take `clavis keyboard --xid` as their embedded-keyboard-command; LightDM's GTK "
            + "greeter as its keyboard= (docs/typing-into-apps.md)."))
    var xid = false

    @Option(help: ArgumentHelp(
        "Where to type: auto (Wayland when WAYLAND_DISPLAY is set, else X11), wayland (input method "
            + "and virtual keyboard) or x11 (XTest; under Wayland, into Xwayland applications only).", valueName: "backend"))
    var backend: KeyboardBackend = .auto

    @Flag(help: "Also say what is no fault but explains a difference (no sound server: no clicks).")
    var verbose = false

    mutating func run() throws {
        if verbose { setenv("CLAVIS_VERBOSE", "1", 1) }
        let options = self
        try MainActor.assumeIsolated { try options.start() }
    }

    @MainActor
    private func start() throws {
        let target = try chooseTarget()
        let services = try startGtk { KeyboardServices(layoutReferences: layout, themeReference: theme) }

        var running: KeyboardHost?
        let actions = ApplicationActions(id: keyboardApplicationID)
        for request in KeyboardHost.Request.allCases {
            actions.add(request.rawValue) { running?.perform(request) }
        }
        ScanAction.add(to: actions) { running?.session }
        // Embedded in a lock screen, the keyboard is the lock screen's own, beside any
        // keyboard the session runs: it neither defers to that one nor answers its actions.
        switch xid ? .primary : actions.register() {
        case .primary: break
        case .alreadyRunning:
            try? RemoteAction.activate("show", application: keyboardApplicationID)
            reportProblem("clavis: a keyboard is already running; showing it")
            // Ends here, before the registered application is let go: GLib warns of one
            // destroyed without unregistering, which only g_application_run would do.
            Glibc.exit(0)
        case .unavailable(let reason):
            reportProblem("clavis: \(reason): `clavis show|hide|toggle` cannot reach this keyboard")
        }

        let session: any TypingSession = switch target {
        case .x11(let connection): X11Typing(connection: connection, services: services, dock: dock, autoShow: autoShow, embedded: xid)
        case .wayland(let seat): WaylandTyping(seat: seat, services: services, dock: dock, autoShow: autoShow)
        case .compositorSocket: try inputPanelHost(services: services)
        case .ibus(let engine): IBusTyping(engine: engine, services: services, dock: dock, exec: Self.exec)
        }
        let window = session.window
        let host = session.host
        running = host
        // Phosh's interface for showing and hiding the keyboard, beside our own actions.
        let osk = xid ? nil : actions.connection.map(OnScreenKeyboardService.init)
        osk?.onSetVisible = { [weak host] in host?.perform($0 ? .show : .hide) }
        osk?.onNameLost = { reportProblem("clavis: another keyboard owns \(OnScreenKeyboardService.name) on the session bus; shells reach this one as \(keyboardApplicationID)") }
        window.onVisibilityChange = { osk?.visible = $0 }
        services.attach(to: window.keyboard, host: host, opensSettings: !xid)
        if let geometryOut { window.export(to: geometryOut) }
        if let traceStages { window.keyboard.stageTrace = StageTrace(path: traceStages) }
        for signal in [SIGTERM, SIGINT, SIGHUP] { MainLoop.onSignal(signal) { gtk_main_quit() } }
        host.start(showing: !hidden && session.showsAtStart)
        if xid { endWithTheEmbedder(window) }
        withExtendedLifetime((services, actions, session, osk)) { gtk_main() }
        session.finish()
    }

    /// How long an embedded keyboard waits for its lock screen to embed it.
    static let embeddingTimeout: UInt32 = 60

    /// Prints the plug's window id for the embedding program and ends the keyboard with the
    /// lock screen: when it lets the plug go or is killed, when it dies (its parent process,
    /// or the pipe it read the id from, closed) before embedding, or when it never embeds.
    @MainActor
    private func endWithTheEmbedder(_ window: KeyboardWindow) {
        window.onUnembedded = { gtk_main_quit() }
        // The lock screen that started it gone: its orphan is handed to another parent.
        let parent = getppid()
        MainLoop.every(milliseconds: 1000) {
            guard getppid() != parent else { return true }
            reportProblem("clavis: --xid: the program that started the keyboard is gone; exiting")
            gtk_main_quit()
            return false
        }
        // What the embedding program reads to put the keyboard in its socket.
        print(window.plugID)
        fflush(nil)  // every output stream: standard output is a pipe here
        MainLoop.onHangUp(1) {
            guard !window.wasEmbedded else { return }
            reportProblem("clavis: --xid: the program reading the keyboard's window id closed it without embedding the keyboard; exiting")
            gtk_main_quit()
        }
        MainLoop.after(milliseconds: Self.embeddingTimeout * 1000) {
            guard !window.wasEmbedded else { return }
            reportProblem("clavis: --xid: nothing embedded the keyboard's window (\(window.plugID)) within \(Self.embeddingTimeout) s; exiting")
            gtk_main_quit()
        }
    }

    /// Connects to the display the keyboard types into: Wayland or X11.
    @MainActor
    private func chooseTarget() throws -> TypingTarget {
        if xid {
            guard backend != .wayland, !ibus, !dock else {
                reportProblem("clavis: --xid embeds the keyboard in an X11 window: it goes with neither --backend wayland, --ibus nor --dock")
                throw ExitCode.validationFailure
            }
            return try onX11 { .x11(try XConnection()) }
        }
        if ibus {
            // On GNOME's Wayland session too: an Xwayland window can refuse the focus, a
            // Wayland one cannot (xdg-shell has no such request).
            return try onX11 { .ibus(try IBusEngine()) }
        }
        // KWin and Weston start their virtual keyboard with a socket of its own: GTK takes
        // it (libwayland reads WAYLAND_SOCKET before WAYLAND_DISPLAY) and the input method
        // shares GTK's connection.
        if backend != .x11, getenv("WAYLAND_SOCKET") != nil {
            setenv("GDK_BACKEND", "wayland", 1)
            return .compositorSocket
        }
        return try chooseDisplay()
    }

    /// `connect`'s target with GTK on X11; its error said as clavis's, and exit status 1.
    @MainActor
    private func onX11(_ connect: () throws -> TypingTarget) throws -> TypingTarget {
        setenv("GDK_BACKEND", "x11", 1)
        do {
            return try connect()
        } catch {
            reportProblem("clavis: \(error)")
            throw ExitCode.failure
        }
    }

    /// The host on the compositor's own socket: input-method v1 where it is offered, else
    /// the keyboard as any other Wayland one.
    @MainActor
    private func inputPanelHost(services: KeyboardServices) throws -> any TypingSession {
        guard let connection = InputPanelTyping.gtkConnection() else {
            reportProblem("clavis: the compositor's socket (WAYLAND_SOCKET) did not give GTK a Wayland display")
            throw ExitCode.failure
        }
        if let host = InputPanelTyping(registry: WaylandRegistry(sharing: connection), services: services, dock: dock) {
            return host
        }
        guard case .wayland(let seat) = try chooseDisplay() else {
            reportProblem("clavis: the compositor that started Clavis offers no input method on its socket")
            throw ExitCode.failure
        }
        return WaylandTyping(seat: seat, services: services, dock: dock, autoShow: autoShow)
    }

    /// This command as IBus would start it: the running binary's full path and the same
    /// options (registered with the daemon when Clavis was started by hand).
    static var exec: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let binary = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return ([binary] + CommandLine.arguments.dropFirst()).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// Connects to the display named by the environment: Wayland or X11.
    @MainActor
    private func chooseDisplay() throws -> TypingTarget {
        let waylandDisplay = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        if backend == .wayland || (backend == .auto && waylandDisplay != nil) {
            do {
                let seat = try WaylandInputMethod()
                guard seat.support.canType else {
                    reportProblem("clavis: \(seat.support.problem ?? "")")
                    throw ExitCode.failure
                }
                if let problem = seat.support.problem { reportProblem("clavis: \(problem)") }
                // The keyboard's own window is a Wayland surface too (layer-shell).
                setenv("GDK_BACKEND", "wayland", 1)
                return .wayland(seat)
            } catch let error as WaylandError {
                let x11 = getenv("DISPLAY").map { $0.pointee != 0 } ?? false
                guard backend == .auto, x11 else {
                    reportProblem("clavis: \(error)" + (backend == .auto ? ", and there is no X11 display to type into instead (DISPLAY is unset)" : ""))
                    throw ExitCode.failure
                }
                reportProblem("clavis: \(error); typing into X11 (Xwayland) applications instead")
            }
        }
        // XTest types into X11 clients only, so the keyboard is an X11 client too (Xwayland
        // under a Wayland compositor).
        setenv("GDK_BACKEND", "x11", 1)
        do {
            let connection = try XConnection()
            if let session = getenv("XDG_SESSION_TYPE"), String(cString: session) == "wayland" {
                reportProblem("clavis: this is a Wayland session: keys reach X11 (Xwayland) applications only")
            }
            return .x11(connection)
        } catch {
            reportProblem("clavis: \(error)")
            throw ExitCode.failure
        }
    }
}

/// Where `clavis keyboard` types: `--backend`.
enum KeyboardBackend: String, ExpressibleByArgument, CaseIterable {
    case auto, wayland, x11
}

/// How the keyboard types into other applications on one kind of display, and its window there.
@MainActor
protocol TypingSession: AnyObject {
    var window: KeyboardWindow { get }
    /// The keyboard's runtime: the session, auto-show, requests from outside, settings.
    var host: KeyboardHost { get }
    /// Whether the window shows when the keyboard starts (unless `--hidden`), or only with a field.
    var showsAtStart: Bool { get }
    /// Undoes what the session changed on the display, before the process ends.
    func finish()
}

extension TypingSession {
    var showsAtStart: Bool { true }
}

/// The display connection the keyboard types through.
enum TypingTarget {
    case x11(XConnection)
    case wayland(WaylandInputMethod)
    /// The compositor started Clavis with a socket of its own (KWin, Weston): the host is
    /// chosen once GTK has connected through it.
    case compositorSocket
    /// An IBus engine (`--ibus`), connected once GTK runs.
    case ibus(IBusEngine)
}

/// `clavis show`, `clavis hide`, `clavis toggle`: the running keyboard's actions.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the running keyboard (`clavis keyboard`).")

    mutating func run() throws {
        try callKeyboard("show")
    }
}

struct HideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hide", abstract: "Hide the running keyboard.")

    mutating func run() throws {
        try callKeyboard("hide")
    }
}

struct ToggleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle", abstract: "Show the running keyboard if it is hidden, hide it if it is shown.")

    mutating func run() throws {
        try callKeyboard("toggle")
    }
}

/// Calls an action of the running keyboard, or says why it cannot.
func callKeyboard(_ action: String) throws {
    do {
        try RemoteAction.activate(action, application: keyboardApplicationID)
    } catch .notRunning {
        reportProblem("clavis: no keyboard is running (start one with `clavis keyboard`)")
        throw ExitCode.failure
    } catch {
        reportProblem("clavis: cannot \(action) the keyboard: \(error)")
        throw ExitCode.failure
    }
}
