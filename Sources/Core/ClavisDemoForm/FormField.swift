import ClavisEngine

/// One text field of a form, as the focus model sees it.
public struct FormField: Equatable, Hashable, Sendable, Identifiable {
    /// Stable name of the field ("firstName").
    public var id: String
    /// The caption shown beside it ("First name").
    public var label: String
    /// What it takes, which picks the keyboard (email layout, number pad, …).
    public var keyboardType: KeyboardType
    /// A password: nothing previewed, nothing learned.
    public var isSecure: Bool
    /// How the keyboard capitalises in it.
    public var autocapitalization: AutocapitalizationType
    /// What its text means (a given name: names offered, nothing corrected).
    public var contentType: TextContentType?
    /// Several lines (a UITextView): Return is a line break there, not Next or Done.
    public var isMultiline: Bool

    public init(id: String, label: String, keyboardType: KeyboardType = .default, isSecure: Bool = false,
                autocapitalization: AutocapitalizationType = .words, contentType: TextContentType? = nil,
                isMultiline: Bool = false) {
        self.id = id
        self.label = label
        self.keyboardType = keyboardType
        self.isSecure = isSecure
        self.autocapitalization = autocapitalization
        self.contentType = contentType
        self.isMultiline = isMultiline
    }
}
