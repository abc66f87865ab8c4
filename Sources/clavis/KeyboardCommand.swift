import ArgumentParser
import ClavisAccessibility
import ClavisEngine
import ClavisUI
import ClavisX11
import Glibc
import GtkKit

/// The D-Bus name of the running keyboard; `clavis show|hide|toggle` call its actions.
let keyboardApplicationID = "io.github.clavis.Keyboard"

/// `clavis keyboard`: the keyboard alone, typing into whichever application has the focus.
struct KeyboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyboard",
        abstract: "Type into other applications: the keyboard alone, in a window that never takes the focus (X11).",
        discussion: """
            Keys are sent with XTest to the window that has the keyboard focus; characters the \
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

    @Flag(help: "Start hidden (show it later with `clavis show`).")
    var hidden = false

    @Flag(name: .customLong("auto-show"), help: ArgumentHelp(
        "Show the keyboard when a text field takes the focus and hide it when the focus leaves text fields "
            + "(applications that expose their widgets over AT-SPI: GTK, Qt, Firefox, LibreOffice)."))
    var autoShow = false

    @Option(name: .customLong("geometry-out"), help: ArgumentHelp(
        "Write the keys' screen positions as JSON to this file whenever they change.", valueName: "file"))
    var geometryOut: String?

    mutating func run() throws {
        let options = self
        try MainActor.assumeIsolated { try options.start() }
    }

    @MainActor
    private func start() throws {
        // XTest types into X11 clients only, so the keyboard is an X11 client too (Xwayland
        // under a Wayland compositor).
        setenv("GDK_BACKEND", "x11", 1)
        let connection: XConnection
        do {
            connection = try XConnection()
        } catch {
            printError("clavis: \(error)")
            throw ExitCode.failure
        }
        if let session = getenv("XDG_SESSION_TYPE"), String(cString: session) == "wayland" {
            printError("clavis: this is a Wayland session: keys reach X11 (Xwayland) applications only")
        }
        let services = KeyboardServices(layoutReferences: layout, themeReference: theme)
        try startGtk()

        var panel: KeyboardWindow?
        let actions = ApplicationActions(id: keyboardApplicationID)
        actions.add("show") { panel?.show() }
        actions.add("hide") { panel?.hide() }
        actions.add("toggle") { panel?.toggle() }
        switch actions.register() {
        case .primary: break
        case .alreadyRunning:
            try? RemoteAction.activate("show", application: keyboardApplicationID)
            printError("clavis: a keyboard is already running; showing it")
            return
        case .unavailable(let reason):
            printError("clavis: \(reason): `clavis show|hide|toggle` cannot reach this keyboard")
        }

        let xtest = XTestKeyboard(connection: connection, scheduler: GLibScheduler())
        xtest.onProblem = { printError("clavis: \($0)") }
        let proxy = XTestProxy(keyboard: xtest, scheduler: GLibScheduler())
        let context = AccessibleTextContext()
        if let context {
            proxy.context = context
        } else {
            printError("clavis: no accessibility bus: automatic capitals are off (the text typed into cannot be read)"
                       + (autoShow ? ", and --auto-show cannot see text fields take the focus" : ""))
        }
        let saved = services.live.settings.floatingFrame.map { GdkRectangle(x: Int32($0[0]), y: Int32($0[1]), width: Int32($0[2]), height: Int32($0[3])) }
        let window = KeyboardWindow(layouts: services.layouts, proxy: proxy, docked: dock, floatingFrame: saved)
        // The floating window's place and size are kept for the next start.
        window.onFrameChange = { [weak services] frame in
            services?.live.update { $0.floatingFrame = [Int(frame.x), Int(frame.y), Int(frame.width), Int(frame.height)] }
        }
        panel = window
        if autoShow, let context {
            let shower = AutoShow(scheduler: GLibScheduler())
            shower.onShow = { [weak window] in window?.show() }
            shower.onHide = { [weak window] in window?.hide() }
            context.onFieldFocus = { shower.focusMoved(toTextField: $0) }
        }
        xtest.ownWindows = { [weak window] in window?.ownWindowIDs ?? [] }
        proxy.onContextChange = { [weak window] in
            window?.keyboard.controller.textDidChange()
            window?.keyboard.redraw()
        }
        services.attach(to: window.keyboard)
        if let geometryOut { window.export(to: geometryOut) }
        for signal in [SIGTERM, SIGINT, SIGHUP] { MainLoop.onSignal(signal) { gtk_main_quit() } }
        if !hidden { window.show() }
        withExtendedLifetime((services, actions, proxy)) { gtk_main() }
        // Borrowed keycodes go back before the process ends.
        xtest.releaseSpares()
    }
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
        printError("clavis: no keyboard is running (start one with `clavis keyboard`)")
        throw ExitCode.failure
    } catch {
        printError("clavis: cannot \(action) the keyboard: \(error)")
        throw ExitCode.failure
    }
}
