import ClavisLayout

/// Ctrl, Alt, Super and AltGr as on-screen keyboards make them usable with one finger
/// (Onboard, and the accessibility guidelines' sticky keys): a tap **latches** a modifier
/// for the next key only, a second tap **locks** it until a third tap, and a modifier held
/// down (by one finger while another types, or the mouse) acts while it is held.
///
///     var modifiers = StickyModifiers()
///     modifiers.tap(.control)        // latched: the next key is Ctrl+key
///     modifiers.active               // [.control]
///     modifiers.keyUsed()            // after that key: off again
public struct StickyModifiers: Equatable, Sendable {
    /// A modifier's sticky state.
    public enum State: Equatable, Sendable {
        case off, latched, locked
    }

    private var states: [KeyModifier: State] = [:]
    private var held: [KeyModifier: Int] = [:]

    public init() {}

    /// The state a tap left the modifier in (holding does not change it).
    public func state(of modifier: KeyModifier) -> State {
        states[modifier] ?? .off
    }

    /// Whether the modifier is held down right now.
    public func isHeld(_ modifier: KeyModifier) -> Bool {
        (held[modifier] ?? 0) > 0
    }

    /// The modifiers the next key gets: latched, locked or held.
    public var active: Set<KeyModifier> {
        Set(KeyModifier.allCases.filter { state(of: $0) != .off || isHeld($0) })
    }

    /// A tap on the modifier's key: off → latched → locked → off.
    public mutating func tap(_ modifier: KeyModifier) {
        states[modifier] = switch state(of: modifier) {
        case .off: .latched
        case .latched: .locked
        case .locked: .off
        }
    }

    /// The modifier's key went down and stays down.
    public mutating func hold(_ modifier: KeyModifier) {
        held[modifier, default: 0] += 1
    }

    /// A held modifier's key came up (or its touch was cancelled).
    public mutating func release(_ modifier: KeyModifier) {
        guard let count = held[modifier], count > 0 else { return }
        held[modifier] = count - 1
    }

    /// A key was pressed with the modifiers: the latched ones let go, locked ones stay.
    public mutating func keyUsed() {
        for (modifier, state) in states where state == .latched { states[modifier] = .off }
    }

    /// Everything off (the keyboard changed or hid).
    public mutating func reset() {
        states = [:]
        held = [:]
    }
}
