import ArgumentParser
import ClavisLayout
import ClavisUI
import GtkKit

/// The `clavis` command: with no subcommand it opens the demo window.
@main
struct Clavis: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clavis",
        abstract: "An on-screen keyboard for Linux desktops.",
        discussion: """
            With no subcommand, opens the demo: a small form above a keyboard that types into \
            its focused field. Click keys with the mouse; Return moves to the next field.
            """,
        version: clavisVersion,
        subcommands: [DemoCommand.self, CheckCommand.self, LayoutCommand.self, RenderCommand.self, SolveCommand.self],
        defaultSubcommand: DemoCommand.self
    )
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

    @Option(name: .customLong("geometry-out"), help: ArgumentHelp(
        "Write the keys' screen positions as JSON to this file whenever they change.", valueName: "file"))
    var geometryOut: String?

    mutating func run() throws {
        let layoutReference = layout.first ?? "us"
        let geometryPath = geometryOut
        try MainActor.assumeIsolated {
            let keyboardLayout: KeyboardLayout
            do {
                keyboardLayout = try LayoutLibrary().load(layoutReference)
            } catch {
                printError("\(error)")
                throw ExitCode(2)
            }
            do {
                try Gtk.start()
            } catch {
                printError("clavis: \(error)")
                throw ExitCode.failure
            }
            let demo = DemoWindow(layout: keyboardLayout)
            Signal.connect(demo.window, "destroy") { gtk_main_quit() }
            if let geometryPath {
                let export = GeometryExport(path: geometryPath)
                demo.keyboard.onDraw = { [keyboard = demo.keyboard] in export.write(keyboard) }
            }
            demo.present()
            gtk_main()
        }
    }
}
