import ClavisFormats
/// Checks a parsed layout the way `clavis check` reports it: every layer solved in both
/// orientations at a phone-like and a wide size, and as the hand modes arrange it (split in
/// landscape where its rows have `~|` marks, one-handed in portrait's narrower block), looking
/// for conflicting constraints, keys that overlap or leave the keyboard, and layers with no
/// way back to the first one; and Clavis's own rules (`rulesOfClavis`).
///
///     let problems = LayoutChecker().check(layout)   // [] when clean
public struct LayoutChecker: Sendable {
    /// The keyboard areas every layer is solved at: portrait 400×700, landscape 1280×360.
    public var sizes: [(width: Double, height: Double)] = [(400, 700), (1280, 360)]
    /// How far frames may overlap or stick out before it counts, in points.
    public var tolerance = 0.01

    public init() {}

    /// One way a layer is solved: a size, its orientation, and the split gap's share (`nil`: whole).
    private struct Case {
        let width, height: Double
        let orientation: Orientation
        let splitShare: Double?
        let hands: String
    }

    public func check(_ layout: KeyboardLayout) -> [LayoutError] {
        var problems: [LayoutError] = []
        for layer in layout.layers {
            for size in sizes {
                let orientation = Orientation(hostWidth: size.width, hostHeight: size.height)
                var cases = [Case(width: size.width, height: size.height, orientation: orientation, splitShare: nil, hands: "")]
                if orientation == .landscape, layer.splits(in: orientation) {
                    cases.append(Case(width: size.width, height: size.height, orientation: orientation,
                                      splitShare: HandPlacement(mode: .split).splitShare(in: orientation), hands: ", split"))
                }
                if orientation == .portrait {
                    cases.append(Case(width: HandPlacement(mode: .left).blockWidth(of: size.width), height: size.height,
                                      orientation: orientation, splitShare: nil, hands: ", one-handed"))
                }
                for solving in cases {
                    do {
                        let solver = try LayerSolver(layout: layout, layer: layer.name, width: solving.width, height: solving.height,
                                                     orientation: orientation, splitShare: solving.splitShare)
                        problems += geometryProblems(solver.geometry, layout: layout, layer: layer, orientation: orientation,
                                                     hands: solving.hands)
                    } catch {
                        problems += conflicts(error, layout: layout, layer: layer, solving: solving)
                    }
                }
            }
        }
        problems += unreachable(layout) + Self.rulesOfClavis(layout)
        var seen = Set<LayoutError>()
        return problems.filter { seen.insert($0).inserted }
    }

    /// A failed solve, with the written constraints whose removal resolves it named too.
    private func conflicts(_ error: LayoutErrors, layout: KeyboardLayout, layer: Layer, solving: Case) -> [LayoutError] {
        let written = (layout.constraints.all + layer.constraints.all).filter { $0.location != nil }
        var partners: [LayoutConstraint] = []
        for candidate in written {
            let solved = try? LayerSolver(layout: layout, layer: layer.name, width: solving.width, height: solving.height,
                                          orientation: solving.orientation, splitShare: solving.splitShare,
                                          excluding: [candidate.location!])
            if solved != nil { partners.append(candidate) }
        }
        guard !partners.isEmpty else { return error.errors }
        let list = partners.map { "'\($0.text)' (line \($0.location!.line))" }.joined(separator: ", ")
        return error.errors.map { problem in
            var problem = problem
            problem.message += "; removing any of these resolves it: \(list)"
            return problem
        }
    }

    private func geometryProblems(_ geometry: KeyboardGeometry, layout: KeyboardLayout, layer: Layer,
                                  orientation: Orientation, hands: String) -> [LayoutError] {
        var problems: [LayoutError] = []
        let place = "in layer '\(layer.name)' at \(format(geometry.width))×\(format(geometry.height)) (\(orientation.rawValue)\(hands))"
        let frames = geometry.frames
        for (index, keyFrame) in frames.enumerated() {
            let frame = keyFrame.frame
            let location = location(of: keyFrame.key.id, in: layer, orientation)
            guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else {
                problems.append(LayoutError(file: layout.file, at: location, message: "key '\(keyFrame.key.id)' has no finite position \(place)"))
                continue
            }
            if frame.width < 1 || frame.height < 1 {
                problems.append(LayoutError(file: layout.file, at: location,
                    message: "key '\(keyFrame.key.id)' is \(format(frame.width))×\(format(frame.height)), too small to press, \(place)"))
            }
            if frame.x < -tolerance || frame.y < -tolerance || frame.maxX > geometry.width + tolerance
                || frame.maxY > geometry.height + tolerance {
                problems.append(LayoutError(file: layout.file, at: location, message:
                    "key '\(keyFrame.key.id)' falls outside the keyboard (\(format(frame.x)), \(format(frame.y)), \(format(frame.width))×\(format(frame.height))) \(place)"))
            }
            for other in frames[(index + 1)...] {
                let overlapX = min(frame.maxX, other.frame.maxX) - max(frame.x, other.frame.x)
                let overlapY = min(frame.maxY, other.frame.maxY) - max(frame.y, other.frame.y)
                if overlapX > tolerance && overlapY > tolerance {
                    problems.append(LayoutError(file: layout.file, at: location,
                        message: "keys '\(keyFrame.key.id)' and '\(other.key.id)' overlap \(place)"))
                }
            }
        }
        return problems
    }

    /// Layers from which no chain of layer keys (or shift, to a `shifted` layer) leads back
    /// to the first layer.
    private func unreachable(_ layout: KeyboardLayout) -> [LayoutError] {
        guard let home = layout.layers.first?.name else { return [] }
        var edges: [String: Set<String>] = [:]
        for layer in layout.layers {
            for id in layer.allKeyIDs {
                if case .switchLayer(let target)? = layout.key(id)?.action { edges[layer.name, default: []].insert(target) }
            }
        }
        var reaching: Set<String> = [home]
        var changed = true
        while changed {
            changed = false
            for layer in layout.layers where !reaching.contains(layer.name) {
                if !(edges[layer.name] ?? []).isDisjoint(with: reaching) {
                    reaching.insert(layer.name)
                    changed = true
                }
            }
        }
        return layout.layers.filter { !reaching.contains($0.name) }.map {
            LayoutError(file: layout.file, at: $0.location,
                        message: "layer '\($0.name)' has no way back to '\(home)' (add a key with action {layer: \(home)})")
        }
    }

    /// The key ids Clavis gives keys of its own (the one-handed strip's), which a layout's
    /// keys may not take: two keys of one id would be one to the hit test and the exports.
    public static let reservedKeyIDs: Set<String> = Set(HandMode.allCases.map { HandPlacement.key($0).id })
    /// The editing panel's layout id (`data/layouts/edit.yaml`; a user's `edit.yaml` replaces it).
    public static let editingPanelID = "edit"

    /// What Clavis asks of every layout besides its geometry: some key, no id of Clavis's own,
    /// and for the editing panel a way back to the keyboards (without one, a user who opened
    /// it could type nothing else).
    public static func rulesOfClavis(_ layout: KeyboardLayout) -> [LayoutError] {
        var problems: [LayoutError] = []
        // The emoji keyboard's stand-in has its keys made when it is first shown.
        if layout.layers.allSatisfy({ $0.allKeyIDs.isEmpty }), !EmojiKeyboard.isStandIn(layout) {
            problems.append(LayoutError(file: layout.file, at: layout.layers.first?.location, message: "the layout has no keys"))
        }
        for layer in layout.layers {
            for row in layer.rows + layer.portraitRows + layer.landscapeRows {
                for case .key(let id, let location) in row.items where reservedKeyIDs.contains(id) {
                    problems.append(LayoutError(file: layout.file, at: location, message:
                        "key id '\(id)' is Clavis's own (the one-handed strip's keys are \(reservedKeyIDs.sorted().joined(separator: ", "))); name the key otherwise"))
                }
            }
        }
        if layout.id == editingPanelID, let home = layout.layers.first {
            let wayBack: Set<KeyAction> = [.previousKeyboard, .nextKeyboard]
            for orientation in [Orientation.portrait, .landscape] {
                let ids = home.rows(in: orientation).flatMap(\.keyIDs)
                guard !ids.contains(where: { layout.key($0).map { wayBack.contains($0.action) } ?? false }) else { continue }
                problems.append(LayoutError(file: layout.file, at: home.location, message:
                    "the editing panel has no way back to the keyboards in \(orientation) (add a key with action previous-keyboard, as the built-in panel's ABC)"))
            }
        }
        return problems
    }

    private func location(of id: String, in layer: Layer, _ orientation: Orientation) -> SourceLocation? {
        for row in layer.rows(in: orientation) {
            for case .key(let key, let location) in row.items where key == id { return location }
        }
        return layer.location
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() && abs(rounded) < 1e9 ? String(Int(rounded)) : String(rounded)
    }
}
