import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisLayout

/// A keyboard area size written `WxH` (`400x700`).
struct Size: ExpressibleByArgument {
    var width: Double
    var height: Double

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width >= 1, height >= 1, width <= 10_000, height <= 10_000 else { return nil }
        self.width = width
        self.height = height
    }
}

extension Orientation: ExpressibleByArgument {}
extension HandMode: ExpressibleByArgument {}

/// The options `clavis layout` and `clavis render` share: which layout, layer, size and
/// orientation to solve.
struct LayoutOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A layout id (xkb:LAYOUT(VARIANT) for one generated from XKB) or a .yaml file.", valueName: "file|id"))
    var layout: String?

    @Option(help: ArgumentHelp("The keyboard area, in points: width and height each from 1 to 10000 (400x700).", valueName: "WxH"))
    var size: Size?

    @Option(help: "portrait or landscape (default: portrait when W < H).")
    var orientation: Orientation?

    @Option(help: "The layer to show (default: the first).")
    var layer: String?

    @Option(help: "both, left or right (one-handed), or split (landscape only) (default: both).")
    var hands: HandMode = .both

    /// The keys as the options arrange them: solved, then placed for the hands.
    func geometry() throws -> (solver: LayerSolver, geometry: KeyboardGeometry) {
        let solver = try solve()
        return (solver, HandPlacement(mode: hands).placing(solver.geometry, in: size?.width ?? 0))
    }

    /// Loads and solves (the one-handed block, or split, as `hands` asks), or prints the
    /// problems and exits 1.
    func solve() throws -> LayerSolver {
        guard let layout, let size else {
            reportProblem("clavis: give a layout (an id or a .yaml file) and --size WxH")
            throw ExitCode.validationFailure
        }
        do {
            let keyboard = try LayoutLibrary.installed.load(layout)
            let name = layer ?? keyboard.layers.first!.name
            let orientation = orientation ?? Orientation(hostWidth: size.width, hostHeight: size.height)
            let placement = HandPlacement(mode: hands)
            return try LayerSolver(layout: keyboard, layer: name, width: placement.blockWidth(of: size.width), height: size.height,
                                   orientation: orientation, splitShare: placement.splitShare(in: orientation))
        } catch {
            reportProblem(error)
            throw ExitCode.failure
        }
    }
}
