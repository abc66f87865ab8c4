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

/// The keys a PC layout sends as key events rather than text: `action: {key: F5}`. Names are
/// X keysym names, so the X11 and Wayland adapters send them as they are.
public enum NamedKey {
    /// Every name a layout may use, with the label a key shows when the layout gives none.
    public static let labels: [String: String] = {
        var labels: [String: String] = [
            "Escape": "Esc", "Tab": "Tab", "Return": "⏎", "BackSpace": "⌫", "Delete": "Del", "Insert": "Ins",
            "Home": "Home", "End": "End", "Page_Up": "PgUp", "Page_Down": "PgDn",
            "Left": "←", "Up": "↑", "Right": "→", "Down": "↓", "Menu": "Menu", "Print": "PrtSc",
            "Pause": "Pause", "Scroll_Lock": "ScrLk",
        ]
        for number in 1...12 { labels["F\(number)"] = "F\(number)" }
        return labels
    }()

    /// The names, sorted, for error messages and the schema.
    public static var names: [String] { labels.keys.sorted() }
}
