import CGtk3
import ClavisKeystrokes

/// The display's keymap as GTK holds it (the compositor's, for KWin's input panel; the X
/// server's, for IBus clients under X11 or Xwayland): where a keysym is, so a key event can
/// carry the keycode a hardware key would have.
@MainActor
enum DisplayKeymap {
    /// The key of `keysym` in the first group with the lowest level, and whether that level
    /// takes Shift; nil where no key has it.
    ///
    ///     DisplayKeymap.keycode(for: Keysym("A"))   // (code: 38, shift: true) on a US keymap
    static func keycode(for keysym: Keysym) -> (code: UInt32, shift: Bool)? {
        guard let display = gdk_display_get_default(), let keymap = gdk_keymap_get_for_display(display) else { return nil }
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: Int32 = 0
        guard gdk_keymap_get_entries_for_keyval(keymap, keysym.rawValue, &keys, &count) != 0, let keys else { return nil }
        defer { g_free(keys) }
        let best = (0..<Int(count)).map { keys[$0] }.filter { $0.group == 0 && $0.level <= 1 }.min { $0.level < $1.level }
        return best.map { (UInt32($0.keycode), $0.level == 1) }
    }
}
