import CXkb
import ClavisEngine
import ClavisKeystrokes
import ClavisLayout
import ClavisProtocolProxy
import ClavisWayland
import Testing

@Suite struct VirtualKeymapTests {
    /// Compiles `text` as a compositor and its clients do (libxkbcommon with the system's
    /// XKB data) and returns the keysym of each keycode's first level.
    func compile(_ text: String) -> [UInt32: UInt32]? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return nil }
        defer { xkb_keymap_unref(keymap) }
        var symbols: [UInt32: UInt32] = [:]
        for code in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) {
            var syms: UnsafePointer<xkb_keysym_t>?
            if xkb_keymap_key_get_syms_by_level(keymap, code, 0, 0, &syms) > 0, let syms { symbols[code] = syms.pointee }
        }
        return symbols
    }

    @Test func theKeymapCompilesAndEachKeycodeTypesItsKeysym() throws {
        var keymap = VirtualKeymap()
        let euro = keymap.keycode(for: Keysym("€"))
        let again = keymap.keycode(for: Keysym("€"))
        #expect(euro.changed && !again.changed && euro.code == again.code)
        let escape = keymap.keycode(for: Keysym(named: "Escape")!)
        #expect(!escape.changed, "editing keys are there from the start")
        let symbols = try #require(compile(keymap.text), "libxkbcommon rejected:\n\(keymap.text)")
        #expect(symbols[euro.code] == 0x0100_20AC)
        #expect(symbols[escape.code] == 0xFF1B)
        #expect(symbols[keymap.keycode(for: Keysym("a")).code] == 0x61)
        #expect(symbols[keymap.modifierKeycode("Control_L")!] == 0xFFE3)
    }

    @Test func modifiersAreTheRealModifierBits() throws {
        let keymap = VirtualKeymap()
        #expect(KeyPress(name: .character("t"), modifiers: [.control], shift: true).modifierMask() == 0x5)
        #expect(KeyPress(name: .character("t"), modifiers: [.alt, .super]).modifierMask() == 0x48)
        #expect(KeyPress(name: .character("t"), modifiers: [.altGr]).modifierMask(shifted: true) == 0x81)
        // The compiled keymap puts Control_L on Control and Super_L on Mod4, as the masks say.
        let text = keymap.text
        #expect(text.contains("modifier_map Control { <I\(keymap.modifierKeycode("Control_L")!)> };"))
        #expect(text.contains("modifier_map Mod4 { <I\(keymap.modifierKeycode("Super_L")!)> };"))
    }

    @Test func whenKeycodesRunOutTheKeymapStartsAgain() throws {
        var keymap = VirtualKeymap()
        var last: UInt32 = 0
        for value in UInt32(0x4E00)..<0x4E00 + 200 { last = keymap.keycode(for: Keysym(Unicode.Scalar(value)!)).code }
        #expect(last <= 255, "codes stay readable by X11 clients")
        let symbols = try #require(compile(keymap.text))
        let expected: UInt32 = 0x0100_0000 + 0x4E00 + 199
        #expect(symbols[last] == expected)
    }

    @Test func aLayoutsKeysymsGoInAtOnce() throws {
        let german = try LayoutLibrary().load("de")
        let wanted = VirtualKeymap.keysyms(of: german)
        #expect(wanted.contains(Keysym("ü")) && wanted.contains(Keysym("ß")))
        var keymap = VirtualKeymap()
        let first = keymap.add(wanted), second = keymap.add(wanted)
        #expect(first, "ü and ß are new")
        #expect(!second, "nothing to upload the second time")
        let eszett = keymap.keycode(for: Keysym("ß"))
        #expect(!eszett.changed)
        #expect(compile(keymap.text) != nil)
    }

    @Test func moreThanFitsStartsAgainWithTheNewOnes() throws {
        var keymap = VirtualKeymap()
        let many = (UInt32(0x4E00)..<0x4E00 + 400).map { Keysym(Unicode.Scalar($0)!) }
        let changed = keymap.add(many)
        let first = keymap.keycode(for: many[0])
        let a = keymap.keycode(for: Keysym("a"))
        #expect(changed)
        #expect(!first.changed, "the first ones got keys")
        #expect(a.code <= 255)
        #expect(compile(keymap.text) != nil)
    }
}
