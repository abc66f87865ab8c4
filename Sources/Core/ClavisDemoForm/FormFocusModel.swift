import ClavisEngine

/// Which field of a form has focus, and where Return takes it, as a value testable without a
/// window: a field may refuse to give the focus up or to take it, and asks before it does.
///
/// Every field but the last submits with "Next", which focuses the following field; the last
/// submits with "Done", which leaves no field focused, and so hides the keyboard. A field of
/// several lines does not submit: its Return is a line break ("return"), and the user moves
/// on by tapping the next field, as in a UITextView. Focus
/// changes are reported once each through `onFocusChange`, never echoed: setting the field
/// that already has focus reports nothing, so a view can mirror the model and the model
/// the view without loops.
///
/// The order of calls, as UIKit makes them (and why: delegates written for iOS expect it):
///
/// - Return: `shouldReturn(field)` — if it answers no, nothing else happens and the keyboard
///   stays; else `editingDidEndOnExit`, which is Next or Done below.
/// - Focus leaving a field (Next, Done, a click elsewhere, `endEditing(false)`):
///   `shouldEndEditing(field)` — if it answers no, focus stays; else `didEndEditing(field)`,
///   then `didBeginEditing(next)` when another field takes focus.
/// - `endEditing(true)` (a click on empty space): focus leaves without asking.
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
    /// Asked on Return; answering false keeps the field editing (textFieldShouldReturn).
    public var shouldReturn: ((String) -> Bool)?
    /// Asked before focus leaves a field; answering false keeps it (textFieldShouldEndEditing).
    public var shouldEndEditing: ((String) -> Bool)?
    /// Told after focus left a field.
    public var didEndEditing: ((String) -> Void)?
    /// Told after a field took focus.
    public var didBeginEditing: ((String) -> Void)?

    public init(fields: [FormField]) {
        self.fields = fields
    }

    /// The form appeared: focus its first field.
    public func onAppear() {
        focus(fields.first?.id)
    }

    /// Moves focus to `id` (or clears it with `nil`), asking the focused field's delegate
    /// first; unknown ids are ignored. Returns whether focus is where it was asked to be.
    @discardableResult
    public func focus(_ id: String?, force: Bool = false) -> Bool {
        guard id == nil || fields.contains(where: { $0.id == id }) else { return false }
        guard id != focusedField else { return true }
        if let current = focusedField {
            if !force, shouldEndEditing?(current) == false { return false }
            focusedField = nil
            didEndEditing?(current)
        }
        focusedField = id
        if let id { didBeginEditing?(id) }
        onFocusChange?(id)
        return true
    }

    /// Return was pressed in the focused field: unless its delegate refuses, Next moves on
    /// and Done clears focus.
    public func submit() {
        guard let current = focusedField, let index = fields.firstIndex(where: { $0.id == current }) else { return }
        guard shouldReturn?(current) ?? true else { return }
        let next = fields.index(after: index)
        focus(next < fields.endIndex ? fields[next].id : nil)
    }

    /// Ends editing in the form (UIView.endEditing): forced, focus always leaves; otherwise
    /// the field's delegate may refuse. Returns whether no field is focused afterwards.
    @discardableResult
    public func endEditing(force: Bool) -> Bool {
        focus(nil, force: force)
    }

    /// The Return key's role in a field: a line break in a field of several lines, else Next
    /// for all but the last, Done for the last.
    public func returnKeyType(for id: String) -> ReturnKeyType {
        if fields.first(where: { $0.id == id })?.isMultiline == true { return .default }
        return fields.last?.id == id ? .done : .next
    }

    /// The traits the keyboard adapts to in a field.
    public func traits(for id: String) -> TextInputTraits {
        let field = fields.first { $0.id == id }
        return TextInputTraits(keyboardType: field?.keyboardType ?? .default, returnKeyType: returnKeyType(for: id),
                               autocapitalizationType: field?.autocapitalization ?? .sentences,
                               isSecureTextEntry: field?.isSecure ?? false, isMultiline: field?.isMultiline ?? false,
                               textContentType: field?.contentType)
    }
}
