/// The keysyms on each keycode: the X server's core keyboard mapping, as
/// `XGetKeyboardMapping` returns it.
///
/// Each keycode has `symbolsPerKeycode` keysyms; the first is typed without modifiers and
/// the second with Shift (group 1). Clavis types from these two levels only: any other level
/// or group would need modifiers whose meaning depends on the keymap, so those characters go
/// through a spare keycode instead.
///
///     var mapping = KeyboardMapping(firstKeycode: 8, symbolsPerKeycode: 2, symbols: table)
///     mapping.position(of: Keysym("A"))   // KeyPosition(keycode: 38, shifted: true)
public struct KeyboardMapping: Equatable, Sendable {
    public let firstKeycode: UInt8
    public let symbolsPerKeycode: Int
    public private(set) var symbols: [Keysym]

    public init(firstKeycode: UInt8, symbolsPerKeycode: Int, symbols: [Keysym]) {
        precondition(symbolsPerKeycode > 0 && symbols.count % symbolsPerKeycode == 0)
        self.firstKeycode = firstKeycode
        self.symbolsPerKeycode = symbolsPerKeycode
        self.symbols = symbols
    }

    /// Every keycode the mapping describes.
    public var keycodes: ClosedRange<UInt8> {
        firstKeycode...UInt8(Int(firstKeycode) + symbols.count / symbolsPerKeycode - 1)
    }

    /// The keysyms on `keycode`, level by level.
    public func symbols(of keycode: UInt8) -> ArraySlice<Keysym> {
        guard keycodes.contains(keycode) else { return [] }
        let start = Int(keycode - firstKeycode) * symbolsPerKeycode
        return symbols[start..<(start + symbolsPerKeycode)]
    }

    /// Whether `keycode` types nothing at all (a spare Clavis may bind).
    public func isEmpty(_ keycode: UInt8) -> Bool {
        symbols(of: keycode).allSatisfy { $0 == .noSymbol }
    }

    /// The keysyms Clavis writes to a spare keycode for `keysym`: the same on the plain and
    /// the shifted level (so a held Shift cannot change it), nothing on the others.
    public func binding(for keysym: Keysym) -> [Keysym] {
        (0..<symbolsPerKeycode).map { $0 < 2 ? keysym : .noSymbol }
    }

    /// Whether `keycode` types `keysym` and nothing else: the binding Clavis wrote. The
    /// server may report it on more levels than were written (XKB fills all four of a key
    /// type's levels), so every level counts that is not empty.
    public func isBound(_ keycode: UInt8, to keysym: Keysym) -> Bool {
        let bound = symbols(of: keycode).filter { $0 != .noSymbol }
        return !bound.isEmpty && bound.allSatisfy { $0 == keysym }
    }

    /// Puts `keysyms` on `keycode` (what `XChangeKeyboardMapping` does to the server's map).
    public mutating func set(_ keycode: UInt8, to keysyms: [Keysym]) {
        precondition(keycodes.contains(keycode) && keysyms.count == symbolsPerKeycode)
        let start = Int(keycode - firstKeycode) * symbolsPerKeycode
        symbols.replaceSubrange(start..<(start + symbolsPerKeycode), with: keysyms)
    }

    /// Where `keysym` is typed on the first two levels: any key that has it without a
    /// modifier wins over one that needs Shift; lower keycodes win ties.
    public func position(of keysym: Keysym) -> KeyPosition? {
        guard keysym != .noSymbol else { return nil }
        for level in 0..<min(2, symbolsPerKeycode) {
            for keycode in keycodes where symbols[symbolIndex(keycode, level)].types(keysym) {
                return KeyPosition(keycode: keycode, shifted: level == 1)
            }
        }
        return nil
    }

    /// The keycode with `keysym` on its plain level (Shift_L, Caps_Lock): a modifier key.
    public func keycode(for keysym: Keysym) -> UInt8? {
        keycodes.first { symbols(of: $0).first == keysym }
    }

    private func symbolIndex(_ keycode: UInt8, _ level: Int) -> Int {
        Int(keycode - firstKeycode) * symbolsPerKeycode + level
    }
}

/// Where a character is on the keyboard: which key, and whether Shift must be held.
public struct KeyPosition: Equatable, Sendable {
    public var keycode: UInt8
    public var shifted: Bool

    public init(keycode: UInt8, shifted: Bool) {
        self.keycode = keycode
        self.shifted = shifted
    }
}
