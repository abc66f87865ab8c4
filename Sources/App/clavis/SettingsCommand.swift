import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisHost
import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings
import ClavisSound
import ClavisUI
import GtkKit

/// `clavis settings`: the settings window, or `--set`/`--show` without one.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Change Clavis's settings (a window, or --set NAME=VALUE without one).",
        discussion: """
            Settings live in $XDG_CONFIG_HOME/clavis/settings.json (default \
            ~/.config/clavis/settings.json); a running keyboard picks up changes at once. \
            --list prints every setting with its value and what it takes. Names may be written \
            with dashes (dwell-time) or as in the file (dwellTime). \
            --clear-learned-words forgets every learned word (and the kept clipboard list). \
            --set startWithDesktop=on|off writes or removes the autostart entry that starts the \
            keyboard at login (an entry of that name Clavis did not write is left alone).
            """
    )

    @Option(name: .customLong("set"), help: ArgumentHelp("Change one setting and exit.", valueName: "name=value"))
    var assignments: [String] = []

    @Flag(help: "Print the settings as JSON and exit.")
    var show = false

    @Flag(help: "Print every setting with its value and the values it takes, and exit.")
    var list = false

    @Option(help: "The page the window opens on: keyboards, appearance, typing, sound, accessibility or privacy.")
    var page: String?

    @Flag(name: .customLong("add-keyboard"), help: "Open on the Keyboards page with Add a keyboard's search.")
    var addKeyboard = false

    @Flag(help: "Forget every word the keyboard has learned, and exit.")
    var clearLearnedWords = false

    /// `--set startWithDesktop=on|off`: the XDG autostart entry (`Autostart`), which lives
    /// in its own file rather than among the settings.
    static let startWithDesktop = "startWithDesktop"

    /// Writes or removes the autostart entry, as the settings window's switch does.
    private func switchAutostart(to value: String) throws {
        let on: Bool
        switch value.lowercased() {
        case "on", "true", "yes", "1": on = true
        case "off", "false", "no", "0": on = false
        default:
            reportProblem("clavis settings: \(Self.startWithDesktop) takes on or off")
            throw ExitCode(2)
        }
        let autostart = Autostart.user(binary: Files.resolvingSymlinks("/proc/self/exe"))
        if on, let reason = autostart.startedByDesktop {
            reportProblem("clavis settings: \(reason) No autostart entry was written.")
            throw ExitCode.failure
        }
        do {
            try autostart.set(on)
        } catch {
            reportProblem("clavis settings: cannot \(on ? "write" : "remove") the autostart entry: \(error)")
            throw ExitCode.failure
        }
    }

    func run() throws {
        let store = SettingsStore(file: SettingsStore.defaultFile())
        if clearLearnedWords {
            let stores = LearnedStores.user.all
            LearnedStores.user.forgetEverything()
            // A running keyboard forgets its copy when it sees the count grow.
            var settings = store.load()
            settings.learnedWordsCleared += 1
            do { try store.save(settings) } catch {
                reportProblem("clavis settings: cannot save \(error)")
                throw ExitCode.failure
            }
            print("Forgot every learned word (\(stores.map(\.path).joined(separator: ", "))).")
            if assignments.isEmpty && !show && !list { return }
        }
        if !assignments.isEmpty {
            var settings = store.load()
            var setsSettings = false
            for assignment in assignments {
                guard let equals = assignment.firstIndex(of: "=") else {
                    reportProblem("clavis settings: '\(assignment)' is not NAME=VALUE")
                    throw ExitCode(2)
                }
                let name = String(assignment[..<equals])
                if Settings.fieldName(name) == Self.startWithDesktop {
                    try switchAutostart(to: String(assignment[assignment.index(after: equals)...]))
                    continue
                }
                setsSettings = true
                if let problem = settings.set(name, to: String(assignment[assignment.index(after: equals)...])) {
                    reportProblem("clavis settings: \(problem)")
                    throw ExitCode(2)
                }
                // What the keyboard would skip is refused now, and the file stays as it was.
                let unresolved = settings.unresolved(field: name, layouts: LayoutLibrary.installed) { theme in
                    ThemeManager.file(for: theme).map { file in MainActor.assumeIsolated { ThemeManager.problems(inFile: file) } }
                }
                if let problem = unresolved.first {
                    reportProblem("clavis settings: \(problem)")
                    throw ExitCode(2)
                }
            }
            if setsSettings {
                do {
                    try store.save(settings)
                } catch {
                    reportProblem("clavis settings: cannot save \(error)")
                    throw ExitCode.failure
                }
                LearnedStores.user.removeClipboardUnlessKept(by: settings)
            }
        }
        if show {
            print(store.load().fileText)
        }
        if list {
            print(store.load().listing)
            let autostart = Autostart.user(binary: Files.resolvingSymlinks("/proc/self/exe"))
            print("\(Self.startWithDesktop) = \(autostart.isOn ? "on" : "off")  (on/off) start the keyboard at login, hidden until a text "
                  + "field takes the focus (the autostart entry \(autostart.path), not this file)")
        }
        if show || list || !assignments.isEmpty { return }
        try MainActor.assumeIsolated {
            try startGtk()
            let live = LiveSettings(store: store)
            // The themes are previewed on the US keyboard at about a phone's width.
            let preview = try? KeyboardArrangement(layout: LayoutLibrary.installed.load("us"))
            preview?.resize(width: 240, height: 96, orientation: .landscape)
            let player = ClickSoundPlayer()
            let window = SettingsWindow(live: live, catalog: .installed(), learnedStores: LearnedStores.user, preview: preview?.geometry,
                                        previewKeyboard: { id in
                                            // A keyboard to add, drawn small in the add window.
                                            guard let arrangement = try? KeyboardArrangement(layout: LayoutLibrary.installed.load(id)) else { return nil }
                                            let size = SettingsWindow.previewSize
                                            arrangement.resize(width: size.width, height: size.height, orientation: .landscape)
                                            return arrangement.geometry
                                        },
                                        play: { sound in
                                            player.isEnabled = true
                                            player.volumeDecibels = live.settings.soundVolume
                                            player.play(sound)
                                        }, soundAvailability: { player.availability() },
                                        listenForSwitch: SwitchChoice.listener(),
                                        autostart: Autostart.user(binary: Files.resolvingSymlinks("/proc/self/exe")))
            Signal.connect(window.window, "destroy") { gtk_main_quit() }
            gtk_widget_show_all(window.window)
            // After showing: a stack shows only a page that is visible itself.
            if let page { window.show(page: page.lowercased()) }
            if addKeyboard {
                window.show(page: "keyboards")
                window.openAddKeyboard()
            }
            gtk_main()
        }
    }
}
