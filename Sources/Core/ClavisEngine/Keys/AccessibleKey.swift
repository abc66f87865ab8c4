import ClavisLayout

/// A key as screen readers and switch access present it: named by what it types or does,
/// a toggle for shift with its state.
///
/// Pure, so every name is tested without an accessibility bus; the GTK layer hands these to
/// ATK as one accessible child per key.
///
///     controller.accessibleKey(for: shiftKey)   // "Shift", toggle, on while latched, "caps lock"
///     controller.accessibleKey(for: returnKey)  // "Return, Next" in a field with a next one
public struct AccessibleKey: Equatable, Sendable {
    /// The layout's key id.
    public var id: String
    /// What it types ("q", or "Q" while shifted) or does ("Delete", "Next keyboard").
    public var name: String
    /// Its state in words when the state alone does not say it ("caps lock").
    public var description: String?
    /// Whether it is on or off (shift), rather than a push button.
    public var isToggle: Bool
    /// A toggle that is on.
    public var isOn: Bool

    public init(id: String, name: String, description: String? = nil, isToggle: Bool = false, isOn: Bool = false) {
        self.id = id
        self.name = name
        self.description = description
        self.isToggle = isToggle
        self.isOn = isOn
    }
}

extension KeyboardController {
    /// How assistive technologies should present `key` now.
    public func accessibleKey(for key: KeyDefinition) -> AccessibleKey {
        let id = key.id
        switch key.action {
        case .insert(let text):
            let flicks = key.flicks.map { flicks in FlickDirection.allCases.compactMap { flicks[$0] }.joined(separator: " ") }
            return AccessibleKey(id: id, name: isShiftLatched ? (key.shifted ?? text.uppercased()) : text,
                                 description: flicks.map { "flick for \($0)" })
        case .shift:
            let description: String? = switch shift {
            case .locked: "caps lock"
            case .latched where heldShifts == 0: "next letter capital"
            default: nil
            }
            return AccessibleKey(id: id, name: "Shift", description: description, isToggle: true, isOn: isShiftLatched)
        case .return:
            if let name = mode?.accessibleName(for: key) { return AccessibleKey(id: id, name: name) }
            let type = proxy?.returnKeyType ?? .default
            return AccessibleKey(id: id, name: type == .default ? "Return" : "Return, \(type.label)")
        case .backspace: return AccessibleKey(id: id, name: "Delete")
        case .space: return AccessibleKey(id: id, name: mode?.accessibleName(for: key) ?? "Space")
        case .tab: return AccessibleKey(id: id, name: "Tab")
        case .switchLayer(let layer): return AccessibleKey(id: id, name: layer.prefix(1).uppercased() + layer.dropFirst())
        case .nextKeyboard: return AccessibleKey(id: id, name: "Next keyboard")
        case .previousKeyboard: return AccessibleKey(id: id, name: "Previous keyboard")
        case .cursorLeft: return AccessibleKey(id: id, name: "Left")
        case .cursorRight: return AccessibleKey(id: id, name: "Right")
        case .dismiss: return AccessibleKey(id: id, name: "Hide keyboard")
        case .changeForm: return AccessibleKey(id: id, name: mode?.accessibleName(for: key) ?? "Change the last letter's form")
        case .capsLock:
            return AccessibleKey(id: id, name: "Caps Lock", isToggle: true, isOn: shift == .locked)
        case .modifier(let modifier):
            let state = modifiers.state(of: modifier)
            let description: String? = switch state {
            case .locked: "locked"
            case .latched: "latched for the next key"
            case .off: modifiers.isHeld(modifier) ? "held" : nil
            }
            return AccessibleKey(id: id, name: modifier.label, description: description, isToggle: true,
                                 isOn: modifiers.active.contains(modifier))
        case .key(let name):
            return AccessibleKey(id: id, name: String(name.keysym.map { $0 == "_" ? " " : $0 }))
        case .edit(let command):
            return AccessibleKey(id: id, name: command.spokenName)
        case .hands(let mode):
            return AccessibleKey(id: id, name: mode.spokenName)
        }
    }
}
