import ArgumentParser
import ClavisData
import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisXkb
import FoundationEssentials

/// `clavis layout FILE|ID --size WxH --json`: the solved key frames.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Solve a layout for a keyboard area and print its key frames.",
        discussion: """
            Prints {"keyboard", "orientation", "layer", "width", "height", "keys": [{"id", \
            "label", "shifted", "alternates", "x", "y", "width", "height"}]} in points, origin at \
            the top left: "shifted" is what the key types with Shift where that is not its \
            capital, "alternates" what its long press offers (in the key's case; a latched Shift \
            capitalises them). With --list, prints the installed layouts and every layout XKB \
            can generate, with its name, and what its own input mode does where it has one \
            (ja: types kana and kanji).
            """
    )

    @OptionGroup var options: LayoutOptions

    @Flag(help: "Print JSON (the only format so far).")
    var json = false

    @Flag(help: "List the layouts: the installed ones, then xkb:LAYOUT(VARIANT) ids with their names.")
    var list = false

    struct Output: Encodable {
        struct Key: Encodable {
            var id, label: String
            var shifted: String?
            var alternates: [String]
            var x, y, width, height: Double
        }
        var keyboard, orientation, layer: String
        var width, height: Double
        var keys: [Key]
    }

    func run() throws {
        if list {
            // A command's `run` is on the main thread, where the input modes live.
            for entry in MainActor.assumeIsolated({ KeyboardCatalog.installed() }).entries {
                print([entry.id, entry.name, entry.inputMode?.feature].compactMap { $0 }.joined(separator: "\t"))
            }
            return
        }
        let (solver, geometry) = try options.geometry()
        let output = Output(
            keyboard: solver.layout.id, orientation: solver.orientation.rawValue, layer: solver.layer.name,
            width: geometry.width, height: geometry.height,
            keys: geometry.frames.map {
                Output.Key(id: $0.key.id, label: $0.key.label, shifted: $0.key.shifted, alternates: $0.key.alternates, x: $0.frame.x, y: $0.frame.y,
                           width: $0.frame.width, height: $0.frame.height)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(output), as: UTF8.self))
    }
}
