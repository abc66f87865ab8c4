import ClavisFormats
/// A whole keyboard as a layout file describes it: keys, layers of rows, and constraints,
/// some shared by both orientations and some for portrait or landscape only.
public struct KeyboardLayout: Equatable, Sendable {
    public var id: String
    public var name: String
    /// A BCP 47 language tag ("en", "de-DE"), for the keyboard list.
    public var language: String
    /// Every key the layers may use, in file order.
    public let keys: [KeyDefinition]
    /// Position in `keys` by id: key lookups happen for every key on every layout.
    private let keyIndex: [String: Int]
    /// The layers (views), the first shown first ("letters").
    public var layers: [Layer]
    /// Constraints for every layer that has all the keys they name.
    public var constraints: ConstraintSets
    /// The file it came from, as errors name it.
    public var file: String

    public init(id: String, name: String, language: String = "", keys: [KeyDefinition], layers: [Layer],
                constraints: ConstraintSets = ConstraintSets(), file: String = "<memory>") {
        self.id = id
        self.name = name
        self.language = language
        self.keys = keys
        keyIndex = Dictionary(keys.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.layers = layers
        self.constraints = constraints
        self.file = file
    }

    /// The key with this id.
    public func key(_ id: String) -> KeyDefinition? {
        keyIndex[id].map { keys[$0] }
    }

    /// The layer with this name.
    public func layer(_ name: String) -> Layer? {
        layers.first { $0.name == name }
    }
}

/// Constraints grouped by when they apply.
public struct ConstraintSets: Equatable, Sendable {
    public var shared: [LayoutConstraint]
    public var portrait: [LayoutConstraint]
    public var landscape: [LayoutConstraint]

    public init(shared: [LayoutConstraint] = [], portrait: [LayoutConstraint] = [], landscape: [LayoutConstraint] = []) {
        self.shared = shared
        self.portrait = portrait
        self.landscape = landscape
    }

    /// The set for one orientation, or the shared set for `nil`.
    public subscript(_ orientation: Orientation?) -> [LayoutConstraint] {
        switch orientation {
        case nil: shared
        case .portrait: portrait
        case .landscape: landscape
        }
    }

    /// Every constraint, shared first.
    public var all: [LayoutConstraint] { shared + portrait + landscape }
}

/// One view of a layout (letters, numbers, symbols, …): rows of keys and its own constraints.
public struct Layer: Equatable, Sendable {
    public var name: String
    /// Rows in both orientations, top first.
    public var rows: [LayoutRow]
    /// Rows only in portrait, below the shared ones.
    public var portraitRows: [LayoutRow]
    /// Rows only in landscape, below the shared ones.
    public var landscapeRows: [LayoutRow]
    public var constraints: ConstraintSets
    public var location: SourceLocation?

    public init(name: String, rows: [LayoutRow], portraitRows: [LayoutRow] = [], landscapeRows: [LayoutRow] = [],
                constraints: ConstraintSets = ConstraintSets(), location: SourceLocation? = nil) {
        self.name = name
        self.rows = rows
        self.portraitRows = portraitRows
        self.landscapeRows = landscapeRows
        self.constraints = constraints
        self.location = location
    }

    /// The rows shown in an orientation: the shared rows, then that orientation's own.
    public func rows(in orientation: Orientation) -> [LayoutRow] {
        rows + (orientation == .portrait ? portraitRows : landscapeRows)
    }

    /// The ids of the keys shown in an orientation, in reading order.
    public func keyIDs(in orientation: Orientation) -> [String] {
        rows(in: orientation).flatMap(\.keyIDs)
    }

    /// Whether a row of an orientation opens when the keyboard is split (else split shows it
    /// whole).
    public func splits(in orientation: Orientation) -> Bool {
        rows(in: orientation).contains { $0.splits }
    }

    /// Every key id in any orientation.
    public var allKeyIDs: Set<String> {
        Set(allRows.flatMap(\.keyIDs))
    }

    /// Every row of either orientation.
    public var allRows: [LayoutRow] { rows + portraitRows + landscapeRows }
}

/// A row of keys and gaps, written as a compact string (`"~0.5 a s d f g h j k l ~0.5"`).
public struct LayoutRow: Equatable, Sendable {
    public enum Item: Equatable, Sendable {
        /// A key, by id, where it was written.
        case key(String, SourceLocation?)
        /// Blank space this many key units wide.
        case gap(Double)
        /// Where the row opens when the keyboard is split (`~|`): nothing otherwise.
        case split
    }

    public var items: [Item]
    /// The token that marks where a row opens when split.
    public static let splitMark = "~|"
    public var location: SourceLocation?

    public init(items: [Item], location: SourceLocation? = nil) {
        self.items = items
        self.location = location
    }

    public var keyIDs: [String] {
        items.compactMap { if case .key(let id, _) = $0 { id } else { nil } }
    }

    /// Whether the row opens when the keyboard is split.
    public var splits: Bool { items.contains(.split) }
}
