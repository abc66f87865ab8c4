import ClavisLayout

/// Small layouts built in code, so tests do not depend on shipped data files.
public enum TestLayouts {
    /// Two layers. `letters`: `q w e` over `shift space backspace return 123`; `numbers`:
    /// `1 2 3` over `abc space`.
    public static let tiny: KeyboardLayout = {
        let keys = ["q", "w", "e", "1", "2", "3"].map(KeyDefinition.character) + [
            KeyDefinition(id: "shift", action: .shift),
            KeyDefinition(id: "space", action: .space),
            KeyDefinition(id: "backspace", action: .backspace),
            KeyDefinition(id: "return", action: .return),
            KeyDefinition(id: "123", action: .switchLayer("numbers")),
            KeyDefinition(id: "abc", action: .switchLayer("letters")),
            KeyDefinition(id: "globe", action: .nextKeyboard),
            KeyDefinition(id: "left", action: .cursorLeft),
            KeyDefinition(id: "right", action: .cursorRight),
            KeyDefinition(id: "dismiss", action: .dismiss),
        ]
        return KeyboardLayout(id: "tiny", name: "Tiny", keys: keys, layers: [
            Layer(name: "letters", rows: [row("q w e"), row("shift space backspace return 123")]),
            Layer(name: "numbers", rows: [row("1 2 3"), row("abc space globe left right dismiss")]),
        ])
    }()

    /// A Japanese layout (`language: ja`): romaji letters `n i h o g k a t u`, two flick
    /// keys (あ: い う え お; た: ち つ て と), 小ﾞﾟ, and shift, space, backspace, return,
    /// ← →.
    public static let japanese: KeyboardLayout = {
        let keys = ["n", "i", "h", "o", "g", "k", "a", "t", "u"].map(KeyDefinition.character) + [
            KeyDefinition(id: "kana-a", label: "あ", action: .insert("あ"), flicks: Flicks(left: "い", up: "う", right: "え", down: "お")),
            KeyDefinition(id: "kana-ta", label: "た", action: .insert("た"), flicks: Flicks(left: "ち", up: "つ", right: "て", down: "と")),
            KeyDefinition(id: "form", action: .changeForm),
            KeyDefinition(id: "shift", action: .shift),
            KeyDefinition(id: "space", action: .space),
            KeyDefinition(id: "backspace", action: .backspace),
            KeyDefinition(id: "return", action: .return),
            KeyDefinition(id: "left", action: .cursorLeft),
            KeyDefinition(id: "right", action: .cursorRight),
        ]
        return KeyboardLayout(id: "japanese", name: "Japanese", language: "ja", keys: keys, layers: [
            Layer(name: "letters", rows: [row("n i h o g k a t u"), row("kana-a kana-ta form"),
                                          row("shift left space right backspace return")]),
        ])
    }()

    /// A PC-style layout: `1` (shift: `!`), `c`, `t`, Ctrl, Alt, shift, Caps Lock, Esc, F5,
    /// space, Return.
    public static let pc: KeyboardLayout = {
        let keys = [
            KeyDefinition(id: "1", action: .insert("1"), shifted: "!"),
            .character("c"), .character("t"),
            KeyDefinition(id: "ctrl", action: .modifier(.control)),
            KeyDefinition(id: "alt", action: .modifier(.alt)),
            KeyDefinition(id: "shift", action: .shift),
            KeyDefinition(id: "caps", action: .capsLock),
            KeyDefinition(id: "esc", action: .key(.escape)),
            KeyDefinition(id: "f5", action: .key(.function(5))),
            KeyDefinition(id: "space", action: .space),
            KeyDefinition(id: "return", action: .return),
        ]
        return KeyboardLayout(id: "pc", name: "PC", keys: keys, layers: [
            Layer(name: "keys", rows: [row("esc f5 1 c t"), row("ctrl alt shift caps space return")]),
        ])
    }()

    /// A row of the keys named, separated by spaces.
    public static func row(_ ids: String) -> LayoutRow {
        LayoutRow(items: ids.split(separator: " ").map { .key(String($0), nil) })
    }

    /// A character key that types its own id.
    public static func letter(_ text: String) -> KeyDefinition {
        .character(text)
    }
}
