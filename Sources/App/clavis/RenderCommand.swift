import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisUI
import GtkKit

/// `clavis render FILE|ID --size WxH -o OUT.png`: draws a keyboard offscreen.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a layout to a PNG with the window's drawing code (no display needed)."
    )

    @OptionGroup var options: LayoutOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp(
        "A theme: light, dark, high-contrast, or a .css file (needs a display; without one the built-in light look is drawn).",
        valueName: "name|file"))
    var theme: String?

    func run() throws {
        let (_, geometry) = try options.geometry()
        let themeReference = theme
        do {
            try MainActor.assumeIsolated {
                var style: UnsafeMutablePointer<GtkStyleContext>?
                if let themeReference {
                    try startGtk()
                    let themes = ThemeManager()
                    guard themes.load(themeReference) else { throw ExitCode.failure }
                    style = OffscreenRenderer.themedStyle()
                }
                try OffscreenRenderer(style: style).render(geometry, to: output)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            reportProblem(error, prefix: "clavis render: ")
            throw ExitCode.failure
        }
    }
}
