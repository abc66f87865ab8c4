import ClavisSolver

/// One layer of a layout, live in a solver: built once, then switched between portrait and
/// landscape and resized incrementally.
///
/// The shared constraints stay in the solver for its whole life (added permanent, so they
/// carry no removal markers); an orientation switch removes one orientation's set and adds
/// the other's in one batch; a resize only suggests the keyboard's new width and height.
/// Nothing is ever rebuilt on a resize or a rotation.
///
///     let letters = try LayerSolver(layout: us, layer: "letters", width: 400, height: 260, orientation: .portrait)
///     try letters.update(width: 1280, height: 300, orientation: .landscape)
///     letters.geometry.key(atX: 10, y: 10)
public final class LayerSolver {
    public let layout: KeyboardLayout
    public let layer: Layer
    public private(set) var orientation: Orientation
    /// The frames at the current size and orientation.
    public private(set) var geometry = KeyboardGeometry.empty

    private let solver = Solver()
    private let system: LayerSystem
    private var width: Double
    private var height: Double

    /// Builds the layer's system and solves it at the given size and orientation. Throws
    /// the layout's problems located in its file (a conflicting constraint, a row that
    /// cannot fit).
    public init(layout: KeyboardLayout, layer name: String, width: Double, height: Double,
                orientation: Orientation, excluding: Set<SourceLocation> = []) throws(LayoutErrors) {
        guard let layer = layout.layer(name) else {
            throw LayoutErrors(errors: [LayoutError(file: layout.file, message: "no layer '\(name)' in layout '\(layout.id)'")])
        }
        self.layout = layout
        self.layer = layer
        self.orientation = orientation
        self.width = width
        self.height = height
        system = LayerSystem(layout: layout, layer: layer, solver: solver, excluding: excluding)
        do {
            try solver.addEditVariable(system.keyboardWidth, strength: .strong)
            try solver.addEditVariable(system.keyboardHeight, strength: .strong)
            try solver.suggestValue(width, for: system.keyboardWidth)
            try solver.suggestValue(height, for: system.keyboardHeight)
        } catch {
            throw LayoutErrors(errors: [LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")])
        }
        try add(system.shared, removable: false)
        try add(system.sets[orientation]!, removable: true)
        solveFrames()
    }

    /// Resizes, switching the orientation set first when it changed.
    public func update(width: Double, height: Double, orientation: Orientation) throws(LayoutErrors) {
        if orientation != self.orientation {
            do {
                try solver.remove(contentsOf: system.sets[self.orientation]!.map(\.constraint))
            } catch {
                throw LayoutErrors(errors: [LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")])
            }
            do {
                try add(system.sets[orientation]!, removable: true)
            } catch {
                // Put the old arrangement back, so the keyboard keeps working.
                try? solver.add(contentsOf: system.sets[self.orientation]!.map(\.constraint))
                throw error
            }
            self.orientation = orientation
        }
        if width != self.width || height != self.height {
            do {
                try solver.suggestValue(width, for: system.keyboardWidth)
                try solver.suggestValue(height, for: system.keyboardHeight)
            } catch {
                throw LayoutErrors(errors: [LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")])
            }
            self.width = width
            self.height = height
        }
        solveFrames()
    }

    private func add(_ constraints: [LayerSystem.Generated], removable: Bool) throws(LayoutErrors) {
        do {
            try solver.add(contentsOf: constraints.map(\.constraint), removable: removable)
        } catch {
            throw LayoutErrors(errors: [describe(error, among: constraints)])
        }
    }

    private func describe(_ error: SolverError, among constraints: [LayerSystem.Generated]) -> LayoutError {
        if case .unsatisfiable(let failed) = error, let origin = constraints.first(where: { $0.constraint === failed }) {
            return LayoutError(file: layout.file, at: origin.location,
                               message: "\(origin.what) conflicts with the layout's other required constraints (layer '\(layer.name)', \(orientation.rawValue))")
        }
        return LayoutError(file: layout.file, at: layer.location, message: "layer '\(layer.name)': \(error)")
    }

    private func solveFrames() {
        solver.updateVariables()
        let frames = layer.keyIDs(in: orientation).compactMap { id -> KeyFrame? in
            guard let key = layout.key(id), let variables = system.keys[id] else { return nil }
            return KeyFrame(key: key, frame: Rect(
                x: solver.value(of: variables.x) + 0, y: solver.value(of: variables.y) + 0,  // + 0: no -0
                width: solver.value(of: variables.width), height: solver.value(of: variables.height)))
        }
        geometry = KeyboardGeometry(width: width, height: height, frames: frames)
    }
}
