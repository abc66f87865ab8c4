import ClavisEngine

/// One text field of a form, as the focus model sees it.
public struct FormField: Equatable, Hashable, Sendable, Identifiable {
    /// Stable name of the field ("firstName").
    public var id: String
    /// The caption shown beside it ("First name").
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
