/// An X keysym: the symbol a key types, as the X protocol names it.
///
/// Characters map the way X defines it: Latin-1 characters are their own keysym, every other
/// Unicode character is `0x0100_0000` plus its code point. Return, Tab and BackSpace are the
/// editing keys' keysyms, so "\n" is a press of Return, never a character.
///
///     Keysym("a").rawValue     // 0x61
///     Keysym("€").rawValue     // 0x0100_20AC
///     Keysym("\n") == .return  // true
public struct Keysym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The keysym that types `scalar` (the editing key for "\n", "\t" and backspace).
    public init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0A, 0x0D: self = .return
        case 0x09: self = .tab
        case 0x08: self = .backSpace
        case 0x1B: self = .escape
        case 0x20...0x7E, 0xA0...0xFF: rawValue = scalar.value
        default: rawValue = 0x0100_0000 + scalar.value
        }
    }

    public static let noSymbol = Keysym(rawValue: 0)
    public static let backSpace = Keysym(rawValue: 0xFF08)
    public static let tab = Keysym(rawValue: 0xFF09)
    public static let `return` = Keysym(rawValue: 0xFF0D)
    public static let escape = Keysym(rawValue: 0xFF1B)
    public static let left = Keysym(rawValue: 0xFF51)
    public static let up = Keysym(rawValue: 0xFF52)
    public static let right = Keysym(rawValue: 0xFF53)
    public static let down = Keysym(rawValue: 0xFF54)
    public static let controlLeft = Keysym(rawValue: 0xFFE3)
    public static let altLeft = Keysym(rawValue: 0xFFE9)
    public static let superLeft = Keysym(rawValue: 0xFFEB)
    public static let isoLevel3Shift = Keysym(rawValue: 0xFE03)
    public static let shiftLeft = Keysym(rawValue: 0xFFE1)
    public static let shiftRight = Keysym(rawValue: 0xFFE2)
    public static let capsLock = Keysym(rawValue: 0xFFE5)
    /// The legacy keysym many keymaps put € on (rather than its Unicode keysym).
    public static let euroSign = Keysym(rawValue: 0x20AC)

    /// The keysym of an X keysym name a layout uses (`Escape`, `F5`, `Page_Up`, `space`), or
    /// of a one-character name (`c`: the key that types it); `nil` for a name Clavis does
    /// not know.
    public init?(named name: String) {
        if let value = Self.named[name] {
            self.init(rawValue: value)
        } else if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first {
            self.init(scalar)
        } else {
            return nil
        }
    }

    private static let named: [String: UInt32] = {
        var names: [String: UInt32] = [
            "space": 0x20, "Escape": 0xFF1B, "Tab": 0xFF09, "Return": 0xFF0D, "BackSpace": 0xFF08,
            "Delete": 0xFFFF, "Insert": 0xFF63, "Home": 0xFF50, "End": 0xFF57, "Page_Up": 0xFF55,
            "Page_Down": 0xFF56, "Left": 0xFF51, "Up": 0xFF52, "Right": 0xFF53, "Down": 0xFF54,
            "Menu": 0xFF67, "Print": 0xFF61, "Pause": 0xFF13, "Scroll_Lock": 0xFF14,
        ]
        for number in 1...12 { names["F\(number)"] = 0xFFBD + UInt32(number) }
        return names
    }()

    /// The character this keysym types, or `nil` for keys that type none (Shift, the arrows)
    /// and for legacy keysyms Clavis does not know (those keys are never used to type; a
    /// spare keycode bound to the Unicode keysym is used instead, so nothing is mistyped).
    public var scalar: Unicode.Scalar? {
        switch rawValue {
        case 0x20...0x7E, 0xA0...0xFF: Unicode.Scalar(rawValue)
        case 0x0100_0100...0x0110_FFFF: Unicode.Scalar(rawValue - 0x0100_0000)
        case Self.euroSign.rawValue: "€"
        default: nil
        }
    }

    /// Whether a key with `self` on it types what `wanted` asks for: the same keysym, or
    /// another keysym for the same character (EuroSign for U+20AC).
    public func types(_ wanted: Keysym) -> Bool {
        if self == wanted { return true }
        guard let scalar, let other = wanted.scalar else { return false }
        return scalar == other
    }

    public var description: String {
        "0x" + String(rawValue, radix: 16)
    }
}
