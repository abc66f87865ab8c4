/// A value the solver finds, such as a key's left edge or the keyboard's width.
///
/// Variables are made by a solver (`solver.makeVariable("q.width")`), which numbers them in
/// creation order. Identity is that number, so ordering and hashing never depend on memory
/// addresses or hash seeds: the same system solves to the same bits in every process. Use a
/// variable only with the solver that made it.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// Sequential id, unique within the solver that made it.
    public let id: Int
    /// A readable name for messages ("q.width").
    public let name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { name.isEmpty ? "v\(id)" : name }
}
