/// Turns text into the key presses that type it on the X server's current keymap.
///
/// A character on a key's plain level is a press and release of that key; on its shifted
/// level, the same inside Shift; anywhere else, or missing from the keymap, a spare keycode
/// bound to the character. Before the first key, modifiers held on a hardware keyboard are
/// released and Caps Lock is turned off; after the last they are put back, so the keyboard
/// ends exactly as it was.
///
///     var planner = KeystrokePlanner(mapping: mapping, modifiers: ModifierState(capsLocked: true))
///     let steps = planner.plan([Keysym("H"), Keysym("ö")], spares: &spares, now: clock)
///     // Caps Lock tap, Shift+h, bind a spare to ö and tap it, Caps Lock tap
public struct KeystrokePlanner: Sendable {
    /// The keymap; spare bindings made while planning are written into it.
    public private(set) var mapping: KeyboardMapping
    public let modifiers: ModifierState

    public init(mapping: KeyboardMapping, modifiers: ModifierState) {
        self.mapping = mapping
        self.modifiers = modifiers
    }

    /// What could not be typed: the keymap had no key for it and no empty keycode to borrow.
    public private(set) var untyped: [Keysym] = []

    /// The steps that type `keysyms` in order and leave the modifiers as they were.
    public mutating func plan(_ keysyms: [Keysym], spares: inout SpareKeycodes, now: Double) -> [KeystrokeStep] {
        var keys: [KeystrokeStep] = []
        for keysym in keysyms {
            keys += steps(for: keysym, spares: &spares, now: now)
        }
        guard !keys.isEmpty else { return [] }
        let capsKey = modifiers.capsLocked ? mapping.keycode(for: .capsLock) : nil
        let capsTap: [KeystrokeStep] = capsKey.map { [.press($0), .release($0)] } ?? []
        return modifiers.heldKeycodes.map { .release($0) } + capsTap + keys + capsTap
            + modifiers.heldKeycodes.map { .press($0) }
    }

    private mutating func steps(for keysym: Keysym, spares: inout SpareKeycodes, now: Double) -> [KeystrokeStep] {
        // Other groups and Caps Lock without a Caps Lock key change what the levels mean.
        let levelsHold = modifiers.group == 0 && (!modifiers.capsLocked || mapping.keycode(for: .capsLock) != nil)
        if levelsHold, let position = mapping.position(of: keysym) {
            let tap: [KeystrokeStep] = [.press(position.keycode), .release(position.keycode)]
            if !position.shifted { return tap }
            if let shift = mapping.keycode(for: .shiftLeft) ?? mapping.keycode(for: .shiftRight) {
                return [.press(shift)] + tap + [.release(shift)]
            }
        }
        guard let (keycode, remap) = spares.acquire(keysym, in: &mapping, now: now) else {
            untyped.append(keysym)
            return []
        }
        return remap + [.press(keycode), .release(keycode)]
    }
}
