/// Which field an input method serves when fields reach it on two channels: its own (an IBus
/// engine's focus) and a handover (GNOME Shell's extension giving it a password field the
/// Shell switched IBus off for).
///
/// The two come on separate connections, in either order, so each change is read against
/// the other: while a handed-over password has the focus, the engine's own focus-out is the
/// Shell switching the engine off for it, not the field going; a handover ended after another
/// field took the engine's focus has nothing left to end.
///
///     var focus = HandoverFocus()
///     focus.handover(true)     // .focused(.handedOver): the secure keyboard, typing through the Shell
///     focus.ownFocus(false)    // .unchanged: the engine switched off for that password
///     focus.ownFocus(true)     // .focused(.own): the next field, through IBus again
///     focus.handover(false)    // .unchanged: late news of the password
public struct HandoverFocus: Equatable, Sendable {
    /// The field served.
    public enum Field: Equatable, Sendable {
        case none
        /// One the input method's own connection gave it.
        case own
        /// One handed over.
        case handedOver
    }

    /// What a change means for the keyboard: nothing, or this field now (`.none`: no field).
    public enum Change: Equatable, Sendable {
        case unchanged
        case focused(Field)
    }

    public private(set) var field: Field = .none

    public init() {}

    /// The input method's own connection says a field has the focus, or none has.
    @discardableResult
    public mutating func ownFocus(_ focused: Bool) -> Change {
        if !focused, field == .handedOver { return .unchanged }
        field = focused ? .own : .none
        return .focused(field)
    }

    /// The handover says its field has the focus, or lost it.
    @discardableResult
    public mutating func handover(_ focused: Bool) -> Change {
        guard focused != (field == .handedOver) else { return .unchanged }
        field = focused ? .handedOver : .none
        return .focused(field)
    }
}
