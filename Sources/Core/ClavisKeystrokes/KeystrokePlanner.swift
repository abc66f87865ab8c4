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
        return surround(keys)
    }

    /// The steps that press `keysym` with `modifiers` held around it (Ctrl+C, Alt+F4,
    /// Shift+Tab), on the keymap's own keycodes, and leave the modifiers as they were. A
    /// key on the shifted level gets Shift as well. Modifiers the keymap lacks go into
    /// `untyped` and nothing is sent.
    public mutating func plan(key keysym: Keysym, modifiers wanted: [Keysym], spares: inout SpareKeycodes,
                              now: Double) -> [KeystrokeStep] {
        var modifierKeys: [UInt8] = []
        for modifier in wanted {
            guard let keycode = mapping.keycode(for: modifier) else {
                untyped.append(modifier)
                return []
            }
            modifierKeys.append(keycode)
        }
        if let position = mapping.position(of: keysym) {
            if position.shifted, let shift = mapping.keycode(for: .shiftLeft) ?? mapping.keycode(for: .shiftRight),
               !modifierKeys.contains(shift) {
                modifierKeys.append(shift)
            }
            return surround(chord(position.keycode, modifierKeys))
        }
        guard let (keycode, remap) = spares.acquire(keysym, in: &mapping, now: now) else {
            untyped.append(keysym)
            return []
        }
        return surround(remap + chord(keycode, modifierKeys))
    }

    /// Presses the modifiers, taps the key, releases the modifiers in reverse.
    private func chord(_ key: UInt8, _ modifiers: [UInt8]) -> [KeystrokeStep] {
        modifiers.map { .press($0) } + [.press(key), .release(key)] + modifiers.reversed().map { .release($0) }
    }

    /// Lets go of the hardware's held modifiers and Caps Lock around `keys`, and puts them back.
    private func surround(_ keys: [KeystrokeStep]) -> [KeystrokeStep] {
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
