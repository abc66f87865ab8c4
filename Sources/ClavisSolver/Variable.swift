/// A value the solver finds, such as a key's left edge or the keyboard's width.
///
/// Identity is the sequential `id` handed out by the solver that created it, so ordering and
/// hashing never depend on memory addresses or hash seeds: the same system solves to the
/// same bits in every process.
///
///     let width = solver.makeVariable("keyboard.width")
public struct Variable: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Sequential id, unique within one solver.
    public let id: Int
    /// A readable name for messages ("q.width").
    public let name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.id < rhs.id }
    public var description: String { name }
}
