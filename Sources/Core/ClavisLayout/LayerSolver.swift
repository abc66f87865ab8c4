import ClavisFormats
import ClavisSolver

/// One layer of a layout, live in a solver: built once per orientation (and split or whole),
/// then switched between portrait and landscape and resized incrementally.
///
/// Each orientation has a solver of its own holding the shared constraints and that
/// orientation's set, all added permanent (no removal markers). The first switch to the other
/// orientation builds its solver; after that a rotation only picks the other solver and
/// suggests the new size, so turning a device back and forth costs a resize, not the removal
/// and addition of every constraint that differs. A resize only suggests the keyboard's new
/// width and height. Nothing is rebuilt on a resize, nor on any rotation after the first.
///
///     let letters = try LayerSolver(layout: us, layer: "letters", width: 400, height: 260, orientation: .portrait)
///     try letters.update(width: 1280, height: 300, orientation: .landscape)
///     letters.geometry.key(atX: 10, y: 10)
///     try letters.update(width: 1280, height: 300, orientation: .landscape, splitShare: 0.3)   // two halves
public final class LayerSolver {
    public let layout: KeyboardLayout
    public let layer: Layer
    public private(set) var orientation: Orientation
    /// The gap between the halves as a share of the width, when split (`nil`: whole).
    public private(set) var splitShare: Double?
    /// The frames at the current size and orientation.
    public private(set) var geometry = KeyboardGeometry.empty

    /// One orientation's solver and the variables of the layer in it, at its last size.
    private final class Arrangement {
        let solver = Solver()
        let system: LayerSystem
        /// The keys this orientation shows, in row order, with their variables: looked up once
        /// here rather than by id on every resize.
        let keys: [(key: KeyDefinition, variables: LayerSystem.KeyVariables)]
        var width = 0.0
        var height = 0.0

        init(layout: KeyboardLayout, layer: Layer, orientation: Orientation, excluding: Set<SourceLocation>) {
            let system = LayerSystem(layout: layout, layer: layer, solver: solver, excluding: excluding)
            self.system = system
            keys = layer.keyIDs(in: orientation).compactMap { id in
                guard let key = layout.key(id), let variables = system.keys[id] else { return nil }
                return (key, variables)
            }
        }
    }

    /// An arrangement's solver: one per orientation, and whole or split by a share of the
    /// width. The gap is a required constraint (`splitGap == share · keyboard.width`), so a
    /// layout that cannot open that far fails to solve, as any conflict does, instead of
    /// squeezing its keys to nothing; a resize still only suggests the new size.
    private struct Shape: Hashable {
        let orientation: Orientation
        let splitShare: Double?
        var split: Bool { splitShare != nil }
    }

    private var arrangements: [Shape: Arrangement] = [:]
    private var shape: Shape
    private let excluding: Set<SourceLocation>

    /// Builds the layer's system and solves it at the given size and orientation. Throws
    /// the layout's problems located in its file (a conflicting constraint, a row that
    /// cannot fit).
    public init(layout: KeyboardLayout, layer name: String, width: Double, height: Double,
                orientation: Orientation, splitShare: Double? = nil, excluding: Set<SourceLocation> = []) throws(LayoutErrors) {
        guard let layer = layout.layer(name) else {
            throw LayoutErrors(errors: [LayoutError(file: layout.file, message: "no layer '\(name)' in layout '\(layout.id)'")])
        }
        self.layout = layout
        self.layer = layer
        self.orientation = orientation
        self.excluding = excluding
        shape = Shape(orientation: orientation, splitShare: layer.splits(in: orientation) ? splitShare : nil)
        self.splitShare = shape.splitShare
        arrangements[shape] = try build(shape, width: width, height: height)
        solveFrames()
    }

    /// Resizes, switching to the orientation's solver first when it changed (building it the
    /// first time). With `splitShare`, rows marked `~|` open by that share of the width (where
    /// the layer has such rows in the orientation; else it shows whole).
    public func update(width: Double, height: Double, orientation: Orientation, splitShare: Double? = nil) throws(LayoutErrors) {
        let shape = Shape(orientation: orientation, splitShare: layer.splits(in: orientation) ? splitShare : nil)
        let arrangement: Arrangement
        if let built = arrangements[shape] {
            arrangement = built
        } else {
            // A failure leaves the current orientation in place, so the keyboard keeps working.
            arrangement = try build(shape, width: width, height: height)
            arrangements[shape] = arrangement
        }
        self.shape = shape
        self.orientation = orientation
        self.splitShare = shape.splitShare
        if width != arrangement.width || height != arrangement.height {
            do {
                try arrangement.solver.suggestValue(width, for: arrangement.system.keyboardWidth)
                try arrangement.solver.suggestValue(height, for: arrangement.system.keyboardHeight)
            } catch {
                throw LayoutErrors(errors: [LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")])
            }
            arrangement.width = width
            arrangement.height = height
        }
        solveFrames()
    }

    /// A solver with the shared constraints, the orientation's set and the split or whole
    /// rows, at the given size.
    private func build(_ shape: Shape, width: Double, height: Double) throws(LayoutErrors) -> Arrangement {
        let orientation = shape.orientation
        let arrangement = Arrangement(layout: layout, layer: layer, orientation: orientation, excluding: excluding)
        let solver = arrangement.solver
        let system = arrangement.system
        do {
            try solver.addEditVariable(system.keyboardWidth, strength: .strong)
            try solver.addEditVariable(system.keyboardHeight, strength: .strong)
            try solver.suggestValue(width, for: system.keyboardWidth)
            try solver.suggestValue(height, for: system.keyboardHeight)
        } catch {
            throw LayoutErrors(errors: [LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")])
        }
        var hands = system.hands[shape.split]![orientation]!
        if let share = shape.splitShare {
            hands.insert(LayerSystem.Generated(constraint: system.splitGap == share * system.keyboardWidth,
                                               what: .rows(layer: layer.name), location: layer.location), at: 0)
        }
        for constraints in [system.shared, system.sets[orientation]!, hands] {
            do {
                try solver.add(contentsOf: constraints.map(\.constraint), removable: false)
            } catch {
                throw LayoutErrors(errors: [describe(error, among: constraints, in: shape)])
            }
        }
        arrangement.width = width
        arrangement.height = height
        return arrangement
    }

    private func describe(_ error: SolverError, among constraints: [LayerSystem.Generated], in shape: Shape) -> LayoutError {
        let orientation = shape.orientation.rawValue + (shape.split ? ", split" : "")
        if case .unsatisfiable(let failed) = error, let origin = constraints.first(where: { $0.constraint === failed }) {
            return LayoutError(file: layout.file, at: origin.location,
                               message: "\(origin.what) conflicts with the layout's other required constraints (layer '\(layer.name)', \(orientation))")
        }
        return LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")
    }

    private func solveFrames() {
        let arrangement = arrangements[shape]!
        let solver = arrangement.solver
        solver.updateVariables()
        let frames = arrangement.keys.map { key, variables in
            KeyFrame(key: key, frame: Rect(
                x: solver.value(of: variables.x) + 0, y: solver.value(of: variables.y) + 0,  // + 0: no -0
                width: solver.value(of: variables.width), height: solver.value(of: variables.height)))
        }
        geometry = KeyboardGeometry(width: arrangement.width, height: arrangement.height, frames: frames)
    }
}
