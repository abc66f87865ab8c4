import ClavisKeystrokes
import ClavisLayout

/// The XKB keymap Clavis's virtual keyboard uploads: one keycode per keysym it has sent, each
/// key a single level, so a key event means exactly its keysym whatever the user's own layout.
///
/// The compositor hands this keymap to the focused application, which reads our keycodes with
/// it. Keysyms are added as keys need them (`keycode(for:)` says when the keymap changed and
/// must be uploaded again); the editing keys and printable ASCII are there from the start, so
/// typing and shortcuts rarely need a second upload. Keycodes stay within 8…255, the range
/// X11 clients under Xwayland can read; when they run out the keymap starts again from the
/// fixed keys.
///
///     var keymap = VirtualKeymap()
///     keymap.keycode(for: Keysym("é"))   // (code: 106, changed: true): upload `keymap.text`
///     press.modifierMask()   // the modifiers' real bits, which this keymap maps too
public struct VirtualKeymap: Sendable {
    /// The modifier keys, at fixed keycodes, with the real modifier each one sets.
    static let modifierKeys: [(keysym: String, modifier: String)] = [
        ("Shift_L", "Shift"), ("Control_L", "Control"), ("Alt_L", "Mod1"), ("Super_L", "Mod4"), ("ISO_Level3_Shift", "Mod5"),
    ]
    static let firstKeycode: UInt32 = 9
    static let lastKeycode: UInt32 = 255
    /// How many keysyms fit beside the modifier keys.
    static let capacity = Int(lastKeycode - firstKeycode) + 1 - modifierKeys.count
    /// The keysyms every keymap has: editing keys, then printable ASCII.
    static let initialKeysyms: [Keysym] = {
        let editing: [KeyName] = [.returnKey, .backSpace, .tab, .escape, .delete, .left, .up, .right, .down, .home, .end, .pageUp, .pageDown]
        return editing.compactMap { Keysym(named: $0.keysym) } + (0x20...0x7E).map { Keysym(rawValue: $0) }
    }()

    private(set) var keysyms: [Keysym] = []
    private var codes: [Keysym: UInt32] = [:]

    public init() {
        reset()
    }

    /// The XKB keycode (evdev code + 8) of `keysym`, and whether the keymap changed to get it.
    public mutating func keycode(for keysym: Keysym) -> (code: UInt32, changed: Bool) {
        if let code = codes[keysym] { return (code, false) }
        if keysyms.count == Self.capacity { reset() }
        keysyms.append(keysym)
        let code = Self.firstKeycode + UInt32(Self.modifierKeys.count + keysyms.count - 1)
        codes[keysym] = code
        return (code, true)
    }

    /// Gives every keysym a key at once (a layout's, when it is shown), so typing needs no
    /// upload; true when the keymap changed. Keysyms that no longer fit are left to
    /// `keycode(for:)`.
    public mutating func add(_ wanted: [Keysym]) -> Bool {
        var missing: [Keysym] = []
        for keysym in wanted where codes[keysym] == nil && !missing.contains(keysym) { missing.append(keysym) }
        guard !missing.isEmpty else { return false }
        if keysyms.count + missing.count > Self.capacity { reset() }
        for keysym in missing.prefix(Self.capacity - keysyms.count) { _ = keycode(for: keysym) }
        return true
    }

    /// The keysyms a layout's keys type or send: characters of single-character texts (with
    /// their shifted forms and alternates) and named keys.
    ///
    ///     VirtualKeymap.keysyms(of: german)   // ü, ö, ä, ß, €, … beside ASCII
    public static func keysyms(of layout: KeyboardLayout) -> [Keysym] {
        var keysyms: [Keysym] = []
        for key in layout.keys {
            var texts = key.alternates + (key.shifted.map { [$0] } ?? [])
            switch key.action {
            case .insert(let text): texts.append(text)
            case .key(let name): if let keysym = Keysym(named: name.keysym) { keysyms.append(keysym) }
            default: break
            }
            for text in texts where text.unicodeScalars.count == 1 {
                keysyms.append(Keysym(text.unicodeScalars.first!))
            }
        }
        return keysyms
    }

    /// The keycode of a modifier key (`Shift_L`, `Control_L`, `Alt_L`, `Super_L`, `ISO_Level3_Shift`).
    public func modifierKeycode(_ name: String) -> UInt32? {
        Self.modifierKeys.firstIndex { $0.keysym == name }.map { Self.firstKeycode + UInt32($0) }
    }

    /// The keymap in XKB's text format (wl_keyboard's `xkb_v1`), types and compatibility from
    /// the system's `complete` sets.
    public var text: String {
        var keycodes = ""
        var symbols = ""
        var modifierMap = ""
        for (index, key) in Self.modifierKeys.enumerated() {
            let code = Self.firstKeycode + UInt32(index)
            keycodes += "    <I\(code)> = \(code);\n"
            symbols += "    key <I\(code)> { [ \(key.keysym) ] };\n"
            modifierMap += "    modifier_map \(key.modifier) { <I\(code)> };\n"
        }
        for keysym in keysyms {
            let code = codes[keysym]!
            keycodes += "    <I\(code)> = \(code);\n"
            symbols += "    key <I\(code)> { [ \(keysym) ] };\n"
        }
        return """
            xkb_keymap {
            xkb_keycodes "clavis" {
                minimum = \(Self.firstKeycode - 1);
                maximum = \(Self.lastKeycode);
            \(keycodes)};
            xkb_types "clavis" { include "complete" };
            xkb_compatibility "clavis" { include "complete" };
            xkb_symbols "clavis" {
            \(symbols)\(modifierMap)};
            };

            """
    }

    private mutating func reset() {
        keysyms = []
        codes = [:]
        for keysym in Self.initialKeysyms { _ = keycode(for: keysym) }
    }
}
