import ClavisLayout

/// Small layouts built in code, so tests do not depend on shipped data files.
public enum TestLayouts {
    /// Two rows: `q w e` and `shift space backspace return`.
    public static let tiny = KeyboardLayout(id: "tiny", name: "Tiny", rows: [
        Row(items: [.key(letter("q")), .key(letter("w")), .key(letter("e"))]),
        Row(items: [
            .key(Key(id: "shift", label: "⇧", action: .shift)),
            .key(Key(id: "space", label: "space", action: .space)),
            .key(Key(id: "backspace", label: "⌫", action: .backspace)),
            .key(Key(id: "return", label: "return", action: .return)),
        ]),
    ])

    /// A character key that types its own id.
    public static func letter(_ text: String) -> Key {
        Key(id: text, label: text, action: .insert(text))
    }
}
