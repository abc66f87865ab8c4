import ClavisKeystrokes

/// An X server's keyboard in memory: a keymap, the keys held down, Caps Lock, and the text
/// a focused client would receive from the key events.
///
/// It checks what a real server cannot: a key pressed twice without a release, or released
/// without a press, is recorded in `faults`.
///
///     var keyboard = FakeXKeyboard(mapping: FakeXKeyboard.usMapping())
///     keyboard.perform([.press(38), .release(38)])   // keyboard.text == "a"
public struct FakeXKeyboard {
    public var mapping: KeyboardMapping
    public private(set) var down: Set<UInt8> = []
    public private(set) var capsLocked = false
    /// The receiving client's text, with its caret.
    public private(set) var text: [Unicode.Scalar] = []
    public private(set) var caret = 0
    public private(set) var faults: [String] = []

    public init(mapping: KeyboardMapping, capsLocked: Bool = false, held: [UInt8] = []) {
        self.mapping = mapping
        self.capsLocked = capsLocked
        down = Set(held)
    }

    public var typed: String { String(String.UnicodeScalarView(text)) }

    /// The modifier keys: the ones with Shift, Control or Caps Lock on them.
    public var modifierKeycodes: Set<UInt8> {
        Set(mapping.keycodes.filter { [0xFFE1, 0xFFE2, 0xFFE3, 0xFFE5].contains(mapping.symbols(of: $0).first?.rawValue) })
    }

    /// What Clavis reads before typing.
    public var modifiers: ModifierState {
        ModifierState(heldKeycodes: down.intersection(modifierKeycodes).sorted(), capsLocked: capsLocked)
    }

    public mutating func perform(_ steps: [KeystrokeStep]) {
        for step in steps {
            switch step {
            case .press(let keycode):
                if !down.insert(keycode).inserted { faults.append("\(keycode) pressed while down") }
                receive(keycode)
            case .release(let keycode):
                if down.remove(keycode) == nil { faults.append("\(keycode) released while up") }
            case .remap(let keycode, let keysyms):
                mapping.set(keycode, to: keysyms)
            }
        }
    }

    private var shiftDown: Bool {
        down.contains { [0xFFE1, 0xFFE2].contains(mapping.symbols(of: $0).first?.rawValue) }
    }

    /// What a client does with a key press: the level from Shift (and Caps Lock on letters).
    private mutating func receive(_ keycode: UInt8) {
        let keysyms = Array(mapping.symbols(of: keycode))
        guard let plain = keysyms.first else { return faults.append("\(keycode) is not a keycode") }
        if plain == .capsLock { capsLocked.toggle(); return }
        if modifierKeycodes.contains(keycode) { return }
        let isLetter = plain.scalar.map { Character($0).isLetter && Character($0).isLowercase } ?? false
        let shifted = isLetter ? shiftDown != capsLocked : shiftDown
        let keysym = shifted && keysyms.count > 1 && keysyms[1] != .noSymbol ? keysyms[1] : plain
        switch keysym {
        case .return: insert("\n")
        case .tab: insert("\t")
        case .backSpace:
            if caret > 0 { text.remove(at: caret - 1); caret -= 1 }
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .noSymbol: break
        default:
            if let scalar = keysym.scalar { insert(scalar) } else { faults.append("\(keycode) types \(keysym)") }
        }
    }

    private mutating func insert(_ scalar: Unicode.Scalar) {
        text.insert(scalar, at: caret)
        caret += 1
    }

    /// A US keymap like Xvfb's: letters, digits and punctuation on two levels, Shift, Caps
    /// Lock and the editing keys; the other keycodes (most of 120–255) are empty.
    public static func usMapping() -> KeyboardMapping {
        var table = [[Keysym]](repeating: [.noSymbol, .noSymbol], count: 248)
        func put(_ keycode: Int, _ plain: UInt32, _ shifted: UInt32 = 0) {
            table[keycode - 8] = [Keysym(rawValue: plain), Keysym(rawValue: shifted)]
        }
        func row(_ start: Int, _ plain: String, _ shifted: String) {
            for (offset, (p, s)) in zip(plain.unicodeScalars, shifted.unicodeScalars).enumerated() {
                put(start + offset, p.value, s.value)
            }
        }
        row(10, "1234567890-=", "!@#$%^&*()_+")
        row(24, "qwertyuiop[]", "QWERTYUIOP{}")
        row(38, "asdfghjkl;'`", "ASDFGHJKL:\"~")
        row(51, "\\zxcvbnm,./", "|ZXCVBNM<>?")
        put(22, 0xFF08)
        put(23, 0xFF09)
        put(36, 0xFF0D)
        put(50, 0xFFE1)
        put(62, 0xFFE2)
        put(37, 0xFFE3)
        put(9, 0xFF1B)
        put(64, 0xFFE9)
        put(71, 0xFFC2)
        put(65, 0x20)
        put(66, 0xFFE5)
        put(111, 0xFF52)
        put(113, 0xFF51)
        put(114, 0xFF53)
        put(116, 0xFF54)
        return KeyboardMapping(firstKeycode: 8, symbolsPerKeycode: 2, symbols: table.flatMap { $0 })
    }
}
