/// The keycodes that type nothing, which Clavis borrows for characters the keymap lacks.
///
/// A character such as "ö" on a US keymap is typed by binding an empty keycode to its
/// keysym, pressing it, and later giving the keycode back, as xdotool does. The binding is
/// kept for `holdTime` after its last use, not undone at once: X clients read the keymap
/// lazily, when they handle the key event, so a binding undone right after the release
/// would make a slow client see an empty key. Bindings are reused while they last, and the
/// least recently used one is rebound when no empty keycode is left.
///
/// Another program may change the keymap meanwhile: a keycode whose keysyms are no longer
/// what Clavis wrote is not Clavis's any more, and is neither reused nor "restored".
///
///     var spares = SpareKeycodes()
///     let (keycode, steps) = spares.acquire(Keysym("ö"), in: &mapping, now: 0)!
///     spares.release(in: mapping, now: 2)   // [.remap(keycode, [noSymbol, …])]
public struct SpareKeycodes: Sendable {
    /// How long a binding outlives its last use, in seconds.
    public var holdTime: Double
    /// At most this many keycodes are borrowed at once.
    public var limit: Int
    /// The keysym each borrowed keycode is bound to, and when it was last used.
    public private(set) var bindings: [UInt8: (keysym: Keysym, lastUsed: Double)] = [:]

    public init(holdTime: Double = 2, limit: Int = 8) {
        self.holdTime = holdTime
        self.limit = limit
    }

    /// A keycode typing `keysym`, binding one (and updating `mapping`) if none is bound yet;
    /// `nil` when the keymap has no empty keycode to borrow.
    public mutating func acquire(_ keysym: Keysym, in mapping: inout KeyboardMapping,
                                 now: Double) -> (keycode: UInt8, steps: [KeystrokeStep])? {
        forgetLost(in: mapping)
        if let keycode = bindings.first(where: { $0.value.keysym == keysym })?.key {
            bindings[keycode]?.lastUsed = now
            return (keycode, [])
        }
        // Borrow from the top of the range: low keycodes are the ones keymaps fill first.
        let free = mapping.keycodes.reversed().first { mapping.isEmpty($0) && bindings[$0] == nil }
        let oldest = bindings.min { ($0.value.lastUsed, $0.key) < ($1.value.lastUsed, $1.key) }?.key
        guard let keycode = bindings.count < limit ? free ?? oldest : oldest ?? free else { return nil }
        let keysyms = mapping.binding(for: keysym)
        mapping.set(keycode, to: keysyms)
        bindings[keycode] = (keysym, now)
        return (keycode, [.remap(keycode, keysyms)])
    }

    /// Gives back the keycodes unused for `holdTime` (all of them with `force`), updating
    /// `mapping`.
    public mutating func release(in mapping: inout KeyboardMapping, now: Double, force: Bool = false) -> [KeystrokeStep] {
        forgetLost(in: mapping)
        let expired = bindings.filter { force || now - $0.value.lastUsed >= holdTime }.keys.sorted()
        let empty = [Keysym](repeating: .noSymbol, count: mapping.symbolsPerKeycode)
        return expired.map { keycode in
            bindings[keycode] = nil
            mapping.set(keycode, to: empty)
            return .remap(keycode, empty)
        }
    }

    /// When the next binding expires, if any is held.
    public var nextExpiry: Double? {
        bindings.values.map { $0.lastUsed + holdTime }.min()
    }

    /// Drops bindings another program has overwritten since.
    private mutating func forgetLost(in mapping: KeyboardMapping) {
        for (keycode, binding) in bindings where !mapping.isBound(keycode, to: binding.keysym) {
            bindings[keycode] = nil
        }
    }
}
