/// A modifier key of a PC layout, held down around the key it modifies (Ctrl+C).
///
/// Shift is `KeyAction.shift` (it also capitalises text); these are the others.
///
///     KeyModifier(rawValue: "ctrl")   // .control
public enum KeyModifier: String, Equatable, Hashable, Sendable, CaseIterable, Comparable {
    case control = "ctrl"
    case alt
    case `super`
    /// AltGr (ISO Level 3 Shift): the third level of the keymap's keys.
    case altGr = "altgr"

    /// The label a modifier key shows when the layout gives none.
    public var label: String {
        switch self {
        case .control: "Ctrl"
        case .alt: "Alt"
        case .super: "Super"
        case .altGr: "AltGr"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
