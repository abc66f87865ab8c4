/// One key of a layout: what it shows, what it does and how wide it is.
///
///     Key(id: "q", label: "q", action: .insert("q"), widthUnits: 1)
public struct Key: Equatable, Hashable, Sendable {
    /// Unique within its layout; names the key in tests, themes and constraints.
    public var id: String
    /// The text drawn on the key.
    public var label: String
    /// What pressing it does.
    public var action: KeyAction
    /// Width relative to a standard letter key.
    public var widthUnits: Double

    public init(id: String, label: String, action: KeyAction, widthUnits: Double = 1) {
        self.id = id
        self.label = label
        self.action = action
        self.widthUnits = widthUnits
    }
}

/// A run of keys (and empty gaps) laid out left to right.
public struct Row: Equatable, Sendable {
    /// A key or a blank gap, each with a width in key units.
    public enum Item: Equatable, Sendable {
        case key(Key)
        case gap(Double)

        /// The width of this item in key units.
        public var widthUnits: Double {
            switch self {
            case .key(let key): key.widthUnits
            case .gap(let units): units
            }
        }
    }

    public var items: [Item]

    public init(items: [Item]) { self.items = items }

    /// The keys of the row, in order, without the gaps.
    public var keys: [Key] {
        items.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    /// The row's total width in key units, gaps included.
    public var widthUnits: Double { items.reduce(0) { $0 + $1.widthUnits } }
}

/// A whole keyboard: rows of keys under an id and a human name.
public struct KeyboardLayout: Equatable, Sendable {
    public var id: String
    public var name: String
    public var rows: [Row]

    public init(id: String, name: String, rows: [Row]) {
        self.id = id
        self.name = name
        self.rows = rows
    }

    /// Every key of the layout, row by row.
    public var keys: [Key] { rows.flatMap(\.keys) }

    /// The key with this id, if the layout has one.
    public func key(id: String) -> Key? { keys.first { $0.id == id } }
}
