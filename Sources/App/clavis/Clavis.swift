import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisSound
import ClavisUI
import ClavisXkb
import GtkKit

/// The `clavis` command: with no subcommand it opens the demo window.
@main
struct Clavis: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavis",
        abstract: "An on-screen keyboard for Linux desktops.",
        discussion: """
            With no subcommand, opens the demo: a small form above a keyboard that types into \
            its focused field. Click keys with the mouse; Return moves to the next field. \
            `clavis keyboard --dock` types into your other applications; `clavis settings` \
            opens the settings.

            Every command and option: `man clavis` (installed by `make install` and the \
            Debian package) and `clavis help <subcommand>`; guides in the docs folder of \
            Clavis's source: docs/typing-into-apps.md for each desktop, docs/suggestions.md, \
            docs/layouts.md, docs/themes.md, docs/accessibility.md.
            """,
        version: clavisVersion,
        subcommands: [DemoCommand.self, KeyboardCommand.self, ShowCommand.self, HideCommand.self, ToggleCommand.self, CheckCommand.self, LayoutCommand.self, RenderCommand.self, SettingsCommand.self, SolveCommand.self, SuggestCommand.self, ComposeCommand.self, ScanCommand.self, SwipeCommand.self, SetupCommand.self],
        defaultSubcommand: DemoCommand.self
    )

    /// Runs the command once the input modes have declared their settings, so every command
    /// reads, lists and shows those too.
    static func main() {
        MainActor.assumeIsolated { KeyboardComposition.declareModeSettings() }
        main(nil)
    }
}

/// `clavis demo` (the default): the form and its keyboard.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open the demo form with its keyboard (the default)."
    )

    @Option(name: .long, help: ArgumentHelp(
        "A keyboard layout: an id or a .yaml file (repeatable: the enabled keyboards, in order).", valueName: "id|file"))
    var layout: [String] = []

    @Option(help: ArgumentHelp(
        "The theme: light, dark, high-contrast, a name from ~/.local/share/clavis/themes, or a .css file (default: the settings' theme, which follows the desktop).",
        valueName: "name|file"))
    var theme: String?

    @Option(name: .customLong("trace-latency"), help: ArgumentHelp(
        "Append, per key that types, the microseconds from its release event to the text in the field.",
        valueName: "file"))
    var traceLatency: String?

    @Option(name: .customLong("geometry-out"), help: ArgumentHelp(
        "Write the keys' screen positions as JSON to this file whenever they change.", valueName: "file"))
    var geometryOut: String?

    @Flag(help: "Also say what is no fault but explains a difference (no sound server: no clicks).")
    var verbose = false

    mutating func run() throws {
        if verbose { setenv("CLAVIS_VERBOSE", "1", 1) }
        let references = layout
        let geometryPath = geometryOut
        let themeReference = theme
        let latencyPath = traceLatency
        try MainActor.assumeIsolated {
            let services = try startGtk { KeyboardServices(layoutReferences: references, themeReference: themeReference) }
            let session = KeyboardComposition.session(layouts: services.layouts, sounds: services.startSounds(), barUpdateDelay: 0)
            let demo = DemoWindow(session: session)
            services.attach(to: demo.keyboard)
            // `clavis scan …` reaches the demo when no keyboard runs.
            let actions = ApplicationActions(id: demoApplicationID)
            ScanAction.add(to: actions) { [weak session] in session }
            if case .unavailable(let reason) = actions.register(), services.live.settings.scanning != .off {
                reportProblem("clavis: \(reason): `clavis scan` cannot reach the demo")
            }
            Signal.connect(demo.window, "destroy") { gtk_main_quit() }
            if let geometryPath { demo.export(to: geometryPath) }
            if let latencyPath { demo.traceLatency(to: latencyPath) }
            demo.present()
            withExtendedLifetime((services, actions)) { gtk_main() }
        }
    }
}

/// The enabled keyboards: each named layout that loads (a broken one is reported with its
/// file and line, and skipped); with none left, the built-in US layout; failing that, the
/// layout compiled into the binary. The keyboard always comes up.
func loadLayouts(_ references: [String]) -> [KeyboardLayout] {
    let library = LayoutLibrary.installed
    var layouts: [KeyboardLayout] = []
    for reference in references {
        do {
            // The emoji keyboard is generated when first shown.
            let layout = try library.load(reference, generatingEmoji: false)
            // Clavis's own rules (no keys, a key id of Clavis's) break a keyboard that shows.
            let problems = LayoutChecker.rulesOfClavis(layout)
            guard problems.isEmpty else { throw LayoutErrors(errors: problems) }
            layouts.append(layout)
        } catch {
            reportProblem(error)
            reportProblem("clavis: skipping layout '\(reference)'")
        }
    }
    if layouts.isEmpty {
        do {
            layouts.append(try library.load("us"))
        } catch {
            reportProblem(error)
            reportProblem("clavis: using the layout built into the binary")
            layouts.append(.fallback)
        }
    }
    return layouts
}
