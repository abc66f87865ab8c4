import ArgumentParser
import ClavisLayout
import ClavisUI

/// `clavis render FILE|ID --size WxH -o OUT.png`: draws a keyboard offscreen.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a layout to a PNG with the window's drawing code (no display needed)."
    )

    @OptionGroup var options: LayoutOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "file"))
    var output: String

    func run() throws {
        let solver = try options.solve()
        do {
            try MainActor.assumeIsolated {
                try OffscreenRenderer().render(solver.geometry, to: output)
            }
        } catch {
            printError("clavis render: \(error)")
            throw ExitCode.failure
        }
    }
}
