import ClavisSolver

/// A keyboard-shaped constraint system: a grid of keys, each with left, top, width and
/// height, in rows that fill the keyboard area, with a portrait and a landscape set for the
/// bottom row. The keyboard's width and height are strong edit variables; toggling the
/// orientation removes one set (10 constraints) and adds the other (15); a resize suggests a
/// new width and height.
///
/// Two styles:
/// - `typical`, what a layout file compiles to: widths are multiples of one key unit, rows
///   are centred with margins of at least zero, a weak pull makes the unit as large as the
///   widest row allows, rows share one height. 244 variables and about 370 constraints for
///   5 rows of 12 keys.
/// - `stress`, a degenerate variant: every key also prefers a fixed width (60 conflicting weak
///   equalities), so most rows of the tableau become dense and each change pivots hundreds
///   of times. No real layout needs this; it shows how both solvers behave when one does.
public struct KeyboardWorkload: Sendable {
    public enum Style: String, Sendable {
        case typical, stress
    }

    public let style: Style
    public let variableNames: [String]
    public let shared: [WorkloadConstraint]
    public let portrait: [WorkloadConstraint]
    public let landscape: [WorkloadConstraint]
    public static let width = 0
    public static let height = 1
    /// Sizes the benchmark resizes between (portrait, landscape).
    public let portraitSize = (400.0, 700.0)
    public let landscapeSize = (1280.0, 360.0)

    public var constraintCount: Int { shared.count + portrait.count }

    public init(style: Style = .typical, rows: Int = 5, columns: Int = 12) {
        self.style = style
        var builder = Builder(rows: rows, columns: columns)
        switch style {
        case .typical: builder.buildTypical()
        case .stress: builder.buildStress()
        }
        variableNames = builder.names
        shared = builder.shared
        portrait = builder.portrait
        landscape = builder.landscape
    }

    public var json: String {
        """
        {"variables": \(variableNames.count), "shared": \(ClavisWorkloads.json(shared)),
         "portrait": \(ClavisWorkloads.json(portrait)), "landscape": \(ClavisWorkloads.json(landscape)),
         "portraitSize": [\(portraitSize.0), \(portraitSize.1)], "landscapeSize": [\(landscapeSize.0), \(landscapeSize.1)]}
        """
    }
}

/// Writes the constraints of a `KeyboardWorkload`.
private struct Builder {
    let rows: Int
    let columns: Int
    var names = ["keyboard.width", "keyboard.height", "unit", "rowHeight"]
    var shared: [WorkloadConstraint] = []
    var portrait: [WorkloadConstraint] = []
    var landscape: [WorkloadConstraint] = []
    let unit = 2
    let rowHeight = 3

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        for row in 0..<rows {
            for column in 0..<columns {
                for part in ["left", "top", "width", "height"] { names.append("k\(row)_\(column).\(part)") }
            }
        }
    }

    func key(_ r: Int, _ c: Int) -> Int { 4 + (r * columns + c) * 4 }
    func left(_ r: Int, _ c: Int) -> Int { key(r, c) }
    func top(_ r: Int, _ c: Int) -> Int { key(r, c) + 1 }
    func width(_ r: Int, _ c: Int) -> Int { key(r, c) + 2 }
    func height(_ r: Int, _ c: Int) -> Int { key(r, c) + 3 }
    var last: Int { columns - 1 }
    var bottom: Int { rows - 1 }
    let keyboardWidth = KeyboardWorkload.width
    let keyboardHeight = KeyboardWorkload.height

    mutating func add(_ terms: [(Int, Double)], _ constant: Double = 0, _ relation: Constraint.Relation = .equal,
                      _ strength: Strength = .required) {
        shared.append(WorkloadConstraint(terms, constant, relation, strength: strength))
    }

    /// Rows stacked top to bottom at one shared height, every key in a row at its top.
    mutating func stackRows() {
        add([(top(0, 0), 1)])
        for r in 0..<rows {
            if r > 0 { add([(top(r, 0), 1), (top(r - 1, 0), -1), (rowHeight, -1)]) }
            for c in 0..<columns {
                if c > 0 { add([(top(r, c), 1), (top(r, 0), -1)]) }
                add([(height(r, c), 1), (rowHeight, -1)])
                add([(height(r, c), 1)], -20, .greaterOrEqual)
            }
        }
        add([(top(bottom, 0), 1), (rowHeight, 1), (keyboardHeight, -1)])
    }

    mutating func buildTypical() {
        stackRows()
        for r in 0..<rows {
            // Centred: the margins left and right are equal and never negative.
            add([(left(r, 0), 1), (left(r, last), 1), (width(r, last), 1), (keyboardWidth, -1)])
            add([(left(r, 0), 1)], 0, .greaterOrEqual)
            for c in 0..<columns {
                if c > 0 { add([(left(r, c), 1), (left(r, c - 1), -1), (width(r, c - 1), -1)]) }
                add([(width(r, c), 1)], -10, .greaterOrEqual)
                // Keys in every row but the bottom are one unit wide, the bottom row's ends 1.5.
                if r < bottom {
                    add([(width(r, c), 1), (unit, -1)])
                } else if c == 0 || c == last {
                    add([(width(r, c), 1), (unit, -1.5)])
                }
            }
        }
        // The unit grows until the widest row fills the width, but keys stay no wider than
        // 1.4 times their height.
        add([(unit, 1), (keyboardWidth, -1)], 0, .equal, .weak)
        add([(unit, 1), (rowHeight, -1.4)], 0, .lessOrEqual, .strong)
        // Portrait: the bottom row's middle keys are one unit. Landscape: the five left of the
        // middle are 1.5 units (and at least 40 points), the others one unit.
        for c in 1..<last {
            portrait.append(WorkloadConstraint([(width(bottom, c), 1), (unit, -1)], 0, .equal))
            landscape.append(WorkloadConstraint([(width(bottom, c), 1), (unit, c <= 5 ? -1.5 : -1)], 0, .equal))
        }
        for c in 1...5 {
            landscape.append(WorkloadConstraint([(width(bottom, c), 1)], -40, .greaterOrEqual, strength: .strong))
        }
    }

    mutating func buildStress() {
        stackRows()
        let gap = 6.0
        for r in 0..<rows {
            add([(left(r, 0), 1)], -gap / 2)
            for c in 0..<columns {
                if c > 0 {
                    add([(left(r, c), 1), (left(r, c - 1), -1), (width(r, c - 1), -1)], -gap)
                    if r < bottom && c < last { add([(width(r, c), 1), (width(r, 0), -1)]) }
                }
                add([(width(r, c), 1)], -10, .greaterOrEqual)
                add([(width(r, c), 1)], -48, .equal, .weak)
            }
            add([(left(r, last), 1), (width(r, last), 1), (keyboardWidth, -1)], gap / 2)
        }
        for c in 1..<last {
            portrait.append(WorkloadConstraint([(width(bottom, c), 1), (width(bottom, 0), -1)], 0, .equal))
            landscape.append(WorkloadConstraint([(width(bottom, c), 1), (width(bottom, 0), c <= 5 ? -1.5 : -1)], 0, .equal))
        }
        for c in 1...5 {
            landscape.append(WorkloadConstraint([(width(bottom, c), 1)], -40, .greaterOrEqual, strength: .strong))
        }
    }
}
