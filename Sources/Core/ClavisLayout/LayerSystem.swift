import ClavisFormats
import ClavisSolver

/// The constraint system of one layer: variables for every key and the keyboard area, the
/// constraints its rows expand into, and the file's own constraints, split into a shared set
/// and one set per orientation.
///
/// Each row expands, so a plain keyboard needs no hand-written constraint:
/// - keys sit edge to edge (`b.leading == a.trailing`, gaps `~N` add N units), and the row
///   is centred: its margins left and right are equal and never negative;
/// - a key is as wide as its `width` in key units (`k.width == w · unit`), unless a
///   constraint sets `k.width` itself;
/// - rows share one height and stack from the top (`k.top == i · rowHeight`,
///   `k.height == rowHeight`, rows × rowHeight == keyboard.height), unless a constraint sets
///   `k.top` or `k.height`;
/// - a weak pull makes the unit as large as the widest row allows;
/// - a row with a `~|` mark opens there when the keyboard is split: the keys after it move
///   right by the split gap, and the gap (not the row) is centred, so the halves of every
///   row line up at the edges (`hands[true]`); whole, the gap is 0 (`hands[false]`).
struct LayerSystem {
    /// A solver constraint and where it came from, for error messages.
    struct Generated {
        let constraint: Constraint
        let what: Origin
        let location: SourceLocation?
    }

    /// What a generated constraint is, put into words only when a message needs it (a
    /// 500-key layout generates some 2,000 constraints, and nearly every build none).
    enum Origin: CustomStringConvertible {
        case keyUnit
        case width(key: String)
        case top(key: String)
        case height(key: String)
        case row(number: Int, layer: String)
        case rows(layer: String)
        case written(String)

        var description: String {
            switch self {
            case .keyUnit: "the key unit"
            case .width(let key): "the width of '\(key)'"
            case .top(let key): "the top of '\(key)'"
            case .height(let key): "the height of '\(key)'"
            case .row(let number, let layer): "row \(number) of layer '\(layer)'"
            case .rows(let layer): "the rows of layer '\(layer)'"
            case .written(let text): "constraint '\(text)'"
            }
        }
    }

    struct KeyVariables {
        let x, y, width, height: Variable
    }

    let keyboardWidth: Variable
    let keyboardHeight: Variable
    /// The gap between the halves of a split keyboard: 0 unless split, when the solver makes
    /// it a share of the keyboard's width.
    let splitGap: Variable
    private(set) var keys: [String: KeyVariables] = [:]
    private(set) var shared: [Generated] = []
    private(set) var sets: [Orientation: [Generated]] = [.portrait: [], .landscape: []]
    /// The constraints that differ between a whole keyboard (`false`) and a split one, per
    /// orientation: rows centred or opened at their `~|` mark.
    private(set) var hands: [Bool: [Orientation: [Generated]]] = [false: [.portrait: [], .landscape: []],
                                                                  true: [.portrait: [], .landscape: []]]

    /// `excluding` leaves out the file's constraints written at those places (the checker
    /// uses it to find which constraints conflict).
    init(layout: KeyboardLayout, layer: Layer, solver: Solver, excluding: Set<SourceLocation> = []) {
        keyboardWidth = solver.makeVariable("keyboard.width")
        keyboardHeight = solver.makeVariable("keyboard.height")
        splitGap = solver.makeVariable("\(layer.name).splitGap")
        let unit = solver.makeVariable("\(layer.name).unit")
        let rowHeight = solver.makeVariable("\(layer.name).rowHeight")
        var ids: [String] = []
        for row in layer.allRows {
            for id in row.keyIDs where keys[id] == nil {
                ids.append(id)
                keys[id] = KeyVariables(x: solver.makeVariable("\(id).x"), y: solver.makeVariable("\(id).y"),
                                        width: solver.makeVariable("\(id).width"), height: solver.makeVariable("\(id).height"))
            }
        }

        // The file's constraints: the layout's where this layer has every key they name, then the layer's.
        let mine = layer.allKeyIDs
        func applies(_ constraint: LayoutConstraint) -> Bool {
            constraint.references.allSatisfy { $0.item == AttributeReference.keyboard || mine.contains($0.item) }
        }
        var written: [Orientation?: [LayoutConstraint]] = [:]
        for scope in [nil, Orientation.portrait, .landscape] as [Orientation?] {
            written[scope] = (layout.constraints[scope].filter(applies) + layer.constraints[scope])
                .filter { $0.location.map { !excluding.contains($0) } ?? true }
        }
        let targets = written.mapValues { Set($0.compactMap(\.target)) }
        func isSet(_ id: String, _ attribute: Attribute, in scope: Orientation?) -> Bool {
            // Most layouts write few constraints: skip hashing the reference for an empty set.
            guard let set = targets[scope], !set.isEmpty else { return false }
            return set.contains(AttributeReference(item: id, attribute: attribute))
        }

        // Where a key's default (width, top, height) goes: nowhere when a shared constraint
        // sets it. A key in a shared row: shared when neither orientation sets it, else into
        // the orientation that does not. A key in one orientation's rows: into that set.
        func addDefault(for id: String, _ attribute: Attribute, _ constraint: Constraint, row scope: Orientation?,
                        what: Origin, at location: SourceLocation?) {
            if isSet(id, attribute, in: nil) { return }
            let generated = Generated(constraint: constraint, what: what, location: location)
            if let scope {
                if !isSet(id, attribute, in: scope) { sets[scope]!.append(generated) }
                return
            }
            let free = Orientation.allCases.filter { !isSet(id, attribute, in: $0) }
            if free.count == 2 {
                shared.append(generated)
            } else {
                for orientation in free { sets[orientation]!.append(generated) }
            }
        }

        // The key unit, first: it grows as large as the widest row allows.
        shared.append(Generated(constraint: unit >= 0, what: .keyUnit, location: nil))
        shared.append(Generated(constraint: (unit == keyboardWidth) | .weak, what: .keyUnit, location: nil))

        // Rows.
        var margins: [Orientation: [Generated]] = [.portrait: [], .landscape: []]
        let scopes: [(rows: [LayoutRow], first: Int, scope: Orientation?)] = [
            (layer.rows, 0, nil), (layer.portraitRows, layer.rows.count, .portrait),
            (layer.landscapeRows, layer.rows.count, .landscape),
        ]
        for (rows, first, scope) in scopes {
            for (offset, row) in rows.enumerated() {
                let index = first + offset
                let what = Origin.row(number: index + 1, layer: layer.name)
                let name = "\(layer.name).row\(index).\(scope?.rawValue ?? "shared")"
                let margin = solver.makeVariable("\(name).margin")
                // A row that opens when split has a margin of its own on the right: the halves
                // sit where the gap puts them, so the margins differ then.
                let trailingMargin = row.splits ? solver.makeVariable("\(name).trailingMargin") : margin
                var previous: KeyVariables?
                var pendingGap = 0.0
                var rowConstraints: [Constraint] = []
                // Where the left half ends, and whether the next key starts the right half.
                var splitStart: Expression?
                var opensBefore = false
                for item in row.items {
                    switch item {
                    case .gap(let units):
                        pendingGap += units
                    case .split:
                        let end = previous.map { $0.x + $0.width } ?? Expression(margin)
                        splitStart = end + pendingGap * unit
                        pendingGap = 0
                        opensBefore = true
                    case .key(let id, let location):
                        let key = keys[id]!
                        let start = previous.map { $0.x + $0.width } ?? Expression(margin)
                        let opening = opensBefore ? Expression(splitGap) : Expression(constant: 0)
                        rowConstraints.append(key.x == start + pendingGap * unit + opening)
                        pendingGap = 0
                        opensBefore = false
                        previous = key
                        let units = layout.key(id)?.widthUnits ?? 1
                        addDefault(for: id, .width, key.width == units * unit, row: scope,
                                   what: .width(key: id), at: location)
                        addDefault(for: id, .top, key.y == Double(index) * rowHeight, row: scope,
                                   what: .top(key: id), at: location)
                        addDefault(for: id, .height, key.height == rowHeight, row: scope,
                                   what: .height(key: id), at: location)
                    }
                }
                guard let last = previous else { continue }
                let closing: Expression = opensBefore ? Expression(splitGap) : Expression(constant: 0)
                rowConstraints.append(last.x + last.width + pendingGap * unit + closing + trailingMargin == keyboardWidth)
                let generated = rowConstraints.map { Generated(constraint: $0, what: what, location: row.location) }
                if let scope { sets[scope]! += generated } else { shared += generated }
                // `margin >= 0` last of all (below), so the solver solves the closing constraint
                // for this row's margin (which only this row mentions) rather than for the
                // shared key unit (which every key mentions), and the inequality finds the
                // key widths already settled: added here, it was solved for the row's first
                // key width, which then hung on the margin's slack, and the next constraint
                // on that width (`q.width == 1.5 * e.width`) rewrote every key's row: building
                // grew with rows × keys.
                var nonNegative = [Generated(constraint: margin >= 0, what: what, location: row.location)]
                if let splitStart {
                    nonNegative.append(Generated(constraint: trailingMargin >= 0, what: what, location: row.location))
                    // Whole, the row is centred; split, its gap is.
                    let whole = Generated(constraint: margin == trailingMargin, what: what, location: row.location)
                    let open = Generated(constraint: splitStart == 0.5 * keyboardWidth - 0.5 * splitGap, what: what, location: row.location)
                    for orientation in scope.map({ [$0] }) ?? Orientation.allCases {
                        hands[false]![orientation]!.append(whole)
                        hands[true]![orientation]!.append(open)
                    }
                }
                for orientation in scope.map({ [$0] }) ?? Orientation.allCases { margins[orientation]! += nonNegative }
            }
        }
        if layer.allRows.contains(where: \.splits) {
            let closed = Generated(constraint: splitGap == 0, what: .rows(layer: layer.name), location: layer.location)
            for orientation in Orientation.allCases { hands[false]![orientation]!.append(closed) }
        }
        for orientation in Orientation.allCases {
            let count = Double(layer.rows(in: orientation).count)
            sets[orientation]!.append(Generated(constraint: count * rowHeight == keyboardHeight,
                                                what: .rows(layer: layer.name), location: layer.location))
        }

        // The file's constraints.
        for scope in [nil, Orientation.portrait, .landscape] as [Orientation?] {
            for written in written[scope]! {
                let expression = resolve(written.left).adding(resolve(written.right), times: -1)
                let constraint = Constraint(expression, written.relation, strength: written.strength)
                let generated = Generated(constraint: constraint, what: .written(written.text), location: written.location)
                if let scope { sets[scope]!.append(generated) } else { shared.append(generated) }
            }
        }
        for orientation in Orientation.allCases { sets[orientation]! += margins[orientation]! }
    }

    /// A layout expression over this layer's variables.
    private func resolve(_ expression: LayoutExpression) -> Expression {
        var result = Expression(constant: expression.constant)
        for (reference, coefficient) in expression.terms {
            let weights = reference.attribute.weights
            if reference.item == AttributeReference.keyboard {
                // The keyboard area's origin is (0, 0); only its width and height vary.
                result = result.adding(coefficient * (weights.width * keyboardWidth + weights.height * keyboardHeight))
                continue
            }
            guard let key = keys[reference.item] else { continue }
            let terms: [(Variable, Double)] = [(key.x, weights.x), (key.y, weights.y),
                                               (key.width, weights.width), (key.height, weights.height)]
            result = result.adding(Expression(terms: terms.filter { $0.1 != 0 }), times: coefficient)
        }
        return result
    }
}
