/// The keys a keyboard shows right now: one layout, its current layer, the keyboard area's
/// size and the orientation of what hosts it. Each layer's solver is built the first time
/// the layer is shown and kept while it is among the last `keptSolvers` layers shown, so
/// switching among a keyboard's few layers, rotating and resizing never rebuild anything,
/// and a keyboard of many pages (the emoji keyboard has about sixty) does not keep a solver
/// for each page it ever showed (about half a megabyte each).
///
///     let arrangement = KeyboardArrangement(layout: us)
///     arrangement.resize(width: 800, height: 260, orientation: .landscape)
///     arrangement.show(layer: "numbers")
///     arrangement.geometry.key(atX: 20, y: 20)
///     arrangement.hands = HandPlacement(mode: .left)   // one-handed, at the left edge
public final class KeyboardArrangement {
    public let layout: KeyboardLayout
    public private(set) var layerName: String
    public private(set) var orientation: Orientation = .portrait
    public private(set) var width = 0.0
    public private(set) var height = 0.0
    /// The current layer's frames (empty until the first resize).
    public private(set) var geometry = KeyboardGeometry.empty
    /// How the keys sit for the hands (`HandMode`): the layer is solved for the one-handed
    /// block, or split, and the block placed at its edge.
    public var hands = HandPlacement() {
        didSet { if hands != oldValue { refresh() } }
    }
    /// The last problem met (a layer that cannot be solved); the previous frames stay.
    public private(set) var lastError: LayoutErrors?
    /// How many layers' solvers are kept, the most recently shown.
    public static let keptSolvers = 6
    private var solvers = RecentCache<String, LayerSolver>(capacity: keptSolvers)
    /// How many layers' solvers are kept now.
    var keptSolverCount: Int { solvers.count }

    public init(layout: KeyboardLayout) {
        self.layout = layout
        layerName = layout.layers.first?.name ?? ""
    }

    /// Lays the keyboard out for an area of `width` × `height` in the given orientation.
    public func resize(width: Double, height: Double, orientation: Orientation) {
        self.width = width
        self.height = height
        self.orientation = orientation
        refresh()
    }

    /// Shows another layer (ignored when the layout has no layer of that name).
    public func show(layer name: String) {
        guard layout.layer(name) != nil, name != layerName else { return }
        layerName = name
        refresh()
    }

    private func refresh() {
        guard width > 0, height > 0 else { return }
        let blockWidth = hands.blockWidth(of: width)
        let share = hands.splitShare(in: orientation)
        do {
            let solver: LayerSolver
            if let kept = solvers[layerName] {
                solver = kept
                try solver.update(width: blockWidth, height: height, orientation: orientation, splitShare: share)
            } else {
                solver = try LayerSolver(layout: layout, layer: layerName, width: blockWidth, height: height,
                                         orientation: orientation, splitShare: share)
                solvers[layerName] = solver
            }
            geometry = hands.placing(solver.geometry, in: width)
            lastError = nil
        } catch {
            lastError = error
        }
    }
}
