import ClavisEngine

/// Which field of a form has focus, and where Return takes it: a testable stand-in for
/// SwiftUI's `@FocusState` (seed 003).
///
/// Every field but the last submits with "Next", which focuses the following field; the last
/// submits with "Done", which leaves no field focused, and so hides the keyboard. Focus
/// changes are reported once each through `onFocusChange`, never echoed: setting the field
/// that already has focus reports nothing, so a view can mirror the model and the model
/// the view without loops.
///
///     let model = FormFocusModel(fields: [first, last])
///     model.onAppear()            // focusedField == "first"
///     model.submit()              // focusedField == "last"
///     model.submit()              // focusedField == nil
@MainActor
public final class FormFocusModel {
    public let fields: [FormField]
    /// The id of the focused field, or `nil` when none is (the keyboard is hidden).
    public private(set) var focusedField: String?
    /// Called with the new focus after every change.
    public var onFocusChange: ((String?) -> Void)?

    public init(fields: [FormField]) {
        self.fields = fields
    }

    /// The form appeared: focus its first field.
    public func onAppear() {
        focus(fields.first?.id)
    }

    /// Moves focus to `id` (or clears it with `nil`); unknown ids are ignored.
    public func focus(_ id: String?) {
        guard id == nil || fields.contains(where: { $0.id == id }) else { return }
        guard id != focusedField else { return }
        focusedField = id
        onFocusChange?(id)
    }

    /// Return was pressed in the focused field: Next moves on, Done clears focus.
    public func submit() {
        guard let current = focusedField, let index = fields.firstIndex(where: { $0.id == current }) else { return }
        let next = fields.index(after: index)
        focus(next < fields.endIndex ? fields[next].id : nil)
    }

    /// The Return key's role in a field: Next for all but the last, Done for the last.
    public func returnKeyType(for id: String) -> ReturnKeyType {
        fields.last?.id == id ? .done : .next
    }
}
