import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisLayout
import ClavisSession
import ClavisSettings
import ClavisSound
import CGtk3
import ClavisUI
import ClavisX11
import GtkKit
#if canImport(Glibc)
import Glibc
#endif

/// What keeps a running keyboard in step with the user's files: the settings (applied live,
/// also when another process changes them), the theme, the click player, and watchers on the
/// enabled layouts' files. The demo and `clavis keyboard` both use it.
///
///     let services = try startGtk { KeyboardServices(layoutReferences: layout, themeReference: theme) }
///     let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.startSounds())
///     services.attach(to: KeyboardView(session: session))
@MainActor
final class KeyboardServices {
    let live = LiveSettings(store: SettingsStore(file: SettingsStore.defaultFile()))
    /// The keyboards to show first: the command line's, else the settings'.
    private(set) var layouts: [KeyboardLayout] = []
    private let layoutReferences: [String]
    private let themeReference: String?
    private(set) var player: ClickSoundPlayer?
    private let themes = ThemeManager()
    private var appliedTheme: String?
    private var layoutWatcher: LayoutWatcher?
    /// Unknown keyboards in the settings file already reported (each is said once).
    private var reportedUnknown: Set<String> = []

    /// Reads the settings and loads the keyboards (while fontconfig sets up: `Gtk.prepareFonts`).
    init(layoutReferences: [String], themeReference: String?) {
        self.layoutReferences = layoutReferences
        self.themeReference = themeReference
        if layoutReferences.isEmpty, access(live.store.file, F_OK) != 0 {
            Self.enableDesktopKeyboards(in: live)
        }
        layouts = layoutReferences.isEmpty ? settingsKeyboards(live.settings.enabledKeyboards) : loadLayouts(layoutReferences)
    }

    /// A first start (no settings file): the desktop's keyboard layouts and emoji, saved as
    /// the enabled keyboards.
    private static func enableDesktopKeyboards(in live: LiveSettings) {
        // The keymap loaded now (setxkbmap updates it, not always the rules property).
        let connection = try? XConnection()
        let fromSymbols = connection?.xkbSymbolsName().map(DesktopKeyboards.layouts(fromSymbols:))
        let names = fromSymbols.flatMap { $0.layouts.isEmpty ? nil : $0 } ?? connection?.xkbLayoutNames()
        let variables: [String] = ["LC_ALL", "LC_CTYPE", "LANG"]
        let locale = variables.compactMap { name in getenv(name).map { String(cString: $0) } }.first { !$0.isEmpty }
        let installed = Set(LayoutLibrary.installed.available.map(\.id))
        let ids = DesktopKeyboards.ids(xkbLayouts: names?.layouts, xkbVariants: names?.variants, locale: locale, installed: installed)
        guard !ids.isEmpty, ids != live.settings.enabledKeyboards else { return }
        live.update { $0.enabledKeyboards = ids }
    }

    /// The settings' keyboards that are installed, loaded; an unknown one (a settings file
    /// edited by hand) is skipped and reported once, at its place in the file.
    private func settingsKeyboards(_ ids: [String]) -> [KeyboardLayout] {
        let library = LayoutLibrary.installed
        for id in ids where !library.contains(id) && reportedUnknown.insert(id).inserted {
            let place = live.store.location(of: id, inField: "enabledKeyboards").map { ":\($0)" } ?? ""
            reportProblem("clavis: \(live.store.file)\(place): unknown keyboard '\(id)' in enabledKeyboards "
                       + "(installed: \(library.available.map(\.id).joined(separator: ", "))); skipping it")
        }
        return loadLayouts(ids.filter(library.contains))
    }

    /// Starts the click player (after GTK has started), for the session to play through.
    func startSounds() -> ClickSoundPlayer {
        if let player { return player }
        let player = ClickSoundPlayer()
        self.player = player
        return player
    }

    /// The keyboard's X11 window (XTest's and IBus's hosts): docked, or floating where it was
    /// last left, its place and size kept for the next start.
    func x11Window(session: KeyboardSession, proxy: any TextDocumentProxy, docked: Bool, embedded: Bool = false) -> KeyboardWindow {
        if embedded { return KeyboardWindow(session: session, proxy: proxy, docked: false, surface: .plug) }
        let saved = live.settings.floatingFrame.map { GdkRectangle(x: Int32($0[0]), y: Int32($0[1]), width: Int32($0[2]), height: Int32($0[3])) }
        let window = KeyboardWindow(session: session, proxy: proxy, docked: docked, floatingFrame: saved)
        window.onFrameChange = { [weak self] frame in
            self?.live.update { $0.floatingFrame = [Int(frame.x), Int(frame.y), Int(frame.width), Int(frame.height)] }
        }
        return window
    }

    /// The button a hidden keyboard leaves on screen, where it was last left (and remembered
    /// wherever it is dragged).
    func showKeyboardButton(layerShell: Bool) -> ShowKeyboardButton {
        let place = live.settings.showButtonPlace.flatMap { $0.count == 2 ? (x: $0[0], y: $0[1]) : nil }
        let button = ShowKeyboardButton(place: place, layerShell: layerShell)
        button.onMove = { [weak self] x, y in self?.live.update { $0.showButtonPlace = [x, y] } }
        return button
    }

    /// Starts the theme, live settings and the layout watchers for `keyboard` (after GTK
    /// has started); the settings go to `host` where the keyboard types into other
    /// applications, else to the session alone (the demo). `opensSettings`: the globe key's
    /// list offers Settings… and Add a keyboard… (never on a lock screen's keyboard).
    func attach(to keyboard: KeyboardView, host: KeyboardHost? = nil, opensSettings: Bool = true) {
        let session = keyboard.session
        // Keyboards named on the command line win over the settings.
        let reload: (([String]) -> [KeyboardLayout])? = layoutReferences.isEmpty ? { [unowned self] in self.settingsKeyboards($0) } : nil
        let apply: (Settings, (([String]) -> [KeyboardLayout])?) -> Void = { [weak session] settings, load in
            if let host { host.apply(settings, loadKeyboards: load) } else { session?.apply(settings, loadKeyboards: load) }
        }
        apply(live.settings, nil)
        themes.onChange = { [weak keyboard] in keyboard?.redraw() }
        themes.load(themeReference ?? live.settings.theme)
        appliedTheme = live.settings.theme
        live.onChange = { [weak self] settings in
            guard let self else { return }
            if self.themeReference == nil, settings.theme != self.appliedTheme {
                self.themes.load(settings.theme)
                self.appliedTheme = settings.theme
            }
            apply(settings, reload)
        }
        // A one-handed strip's key or the globe key's list chose how the keys sit: kept.
        session.hands.onChange = { [weak self] mode in self?.live.update { $0.hands = mode } }
        layoutWatcher = LayoutWatcher(session: session)
        // The globe key's Settings… and Add a keyboard…: the settings in a process of their own,
        // whose changes come back through the settings file (LiveSettings).
        guard opensSettings else { return }
        keyboard.onOpenSettings = { addKeyboard in
            let arguments = [Files.resolvingSymlinks("/proc/self/exe"), "settings"] + (addKeyboard ? ["--add-keyboard"] : [])
            if let problem = Spawn.detached(arguments) { reportProblem("clavis: cannot open the settings: \(problem)") }
        }
    }
}
