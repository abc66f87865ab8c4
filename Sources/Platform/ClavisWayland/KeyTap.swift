import ClavisEngine
import ClavisKeystrokes

/// One key event as both Wayland input methods send it (input-method v2 through its virtual
/// keyboard, v1 through its context): the keysym the press names, found or said to be
/// unknown, then the key pressed and released with its modifiers down for it alone, so none
/// stays held after it.
///
///     guard let keysym = KeyTap.keysym(of: press, onProblem: report) else { return }
///     KeyTap.tap(keycode: code, mask: mask, modifiers: { setModifiers($0) }, key: { sendKey($0, $1) })
enum KeyTap {
    /// The keysym of the key a press names; `nil` (said through `onProblem`) for a name no
    /// keysym has.
    static func keysym(of press: KeyPress, onProblem: ((String) -> Void)?) -> Keysym? {
        guard let keysym = Keysym(named: press.name.keysym) else {
            onProblem?("cannot send \(press.description): unknown key name")
            return nil
        }
        return keysym
    }

    /// Presses and releases the key of XKB keycode `keycode` (sent as its evdev code, 8
    /// less), with the modifiers of `mask` set for it alone (`modifiers(0)` after).
    static func tap(keycode: UInt32, mask: UInt32, modifiers: (_ mask: UInt32) -> Void, key: (_ evdevCode: UInt32, _ pressed: UInt32) -> Void) {
        if mask != 0 { modifiers(mask) }
        key(keycode - 8, 1)
        key(keycode - 8, 0)
        if mask != 0 { modifiers(0) }
    }
}
