import ClavisEngine

/// A `TextContextSource` whose focused field a test sets, as AT-SPI would report it.
///
///     let field = FakeTextContext(before: "Hi. ")
///     field.change(before: "Hi. Bye")   // calls onChange, as a text-changed event would
@MainActor
public final class FakeTextContext: TextContextSource {
    public private(set) var textBeforeCaret: String?
    public var textAfterCaret: String?
    public var isSecure = false
    public var onChange: (() -> Void)?
    public var onFieldFocus: ((Bool) -> Void)?

    public init(before: String?) {
        textBeforeCaret = before
    }

    /// The field's text changed (or focus moved to another field).
    public func change(before: String?) {
        textBeforeCaret = before
        onChange?()
    }

    /// The focus moved to a text field with that text (`nil`: to something that is none).
    public func focus(textField before: String?) {
        change(before: before)
        onFieldFocus?(before != nil)
    }
}
