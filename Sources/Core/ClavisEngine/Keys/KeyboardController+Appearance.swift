import ClavisLayout

/// How the keys look in the controller's state: their labels (capitals while shifted, the
/// Return key named for the field, the mode's own names) and their theme classes.
extension KeyboardController {
    /// The theme classes for a key's state: `latched` or `locked` for shift, Caps Lock and
    /// the modifiers (a held modifier shows as latched); `current` for the emoji keyboard's
    /// category key whose pages show (where you are, as on phones).
    public func stateClasses(for key: KeyDefinition) -> [String] {
        switch key.action {
        case .switchLayer(let target) where key.styles.contains("category"):
            return EmojiKeyboard.category(ofLayer: target) == EmojiKeyboard.category(ofLayer: layer) ? ["current"] : []
        case .shift:
            switch shift {
            case .off: return []
            case .latched: return ["latched"]
            case .locked: return ["locked"]
            }
        case .capsLock:
            return shift == .locked ? ["locked"] : []
        case .modifier(let modifier):
            switch modifiers.state(of: modifier) {
            case .locked: return ["locked"]
            case .latched: return ["latched"]
            case .off: return modifiers.isHeld(modifier) ? ["latched"] : []
            }
        default:
            return []
        }
    }

    /// The label the key shows now: capitals while shifted, the Return key's label from the
    /// focused field ("Next", "Done", …).
    public func label(for key: KeyDefinition) -> String {
        switch key.action {
        case .insert:
            isShiftLatched ? (key.shifted ?? key.label.uppercased()) : key.label
        case _ where mode?.label(for: key) != nil:
            mode?.label(for: key) ?? key.label
        case .return:
            proxy?.returnKeyType.label(language: layout.language) ?? key.label
        case .shift where shift == .locked && key.label == KeyAction.shift.defaultLabel:
            // Caps Lock reads as it does on phones: ⇪, on a filled key (the themes' `locked`).
            "⇪"
        default:
            key.label
        }
    }
}
