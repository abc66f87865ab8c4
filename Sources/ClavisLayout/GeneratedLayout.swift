/// A keyboard built from a keymap's levels, laid out like the built-in QWERTY: what the XKB
/// adapter reads for `xkb:fr`, `xkb:ru` or `xkb:de(neo)` becomes an ordinary layout, with a
/// portrait and a landscape arrangement, that passes `clavis check`.
///
/// - **letters**: the keymap's three letter rows in its own order, Shift's level as the
///   shifted text, AltGr's levels as long-press alternates;
/// - **numbers**: the number row, plain and shifted;
/// - **altgr**: the letter rows' AltGr level, where the keymap has one.
///
/// Dead keys show their accent and offer the combining accent on a long press.
///
///     let layout = GeneratedLayout.layout(id: "xkb:fr", name: "French", language: "fr", levels: levels)
///     layout.layers.first?.rows.first   // a z e r t y u i o p ^ $
public enum GeneratedLayout {
    /// What one key types at each level (`nil`: nothing there).
    public struct Key: Equatable, Sendable {
        public var plain: String?
        public var shift: String?
        public var altGr: String?
        public var altGrShift: String?

        public init(plain: String?, shift: String? = nil, altGr: String? = nil, altGrShift: String? = nil) {
            self.plain = plain
            self.shift = shift
            self.altGr = altGr
            self.altGrShift = altGrShift
        }
    }

    /// A keymap's alphanumeric block, row by row (the XKB names AE, AD, AC and BKSL, LSGT and
    /// AB: ISO keyboards' extra keys where the keymap has them).
    public struct Levels: Equatable, Sendable {
        public var numberRow: [Key]
        public var topRow: [Key]
        public var homeRow: [Key]
        public var bottomRow: [Key]

        public init(numberRow: [Key], topRow: [Key], homeRow: [Key], bottomRow: [Key]) {
            self.numberRow = numberRow
            self.topRow = topRow
            self.homeRow = homeRow
            self.bottomRow = bottomRow
        }
    }

    /// The spacing accent a dead key shows, and the combining accent it offers, by keysym name.
    public static let deadKeys: [String: (spacing: String, combining: String)] = [
        "dead_grave": ("`", "\u{0300}"), "dead_acute": ("´", "\u{0301}"), "dead_circumflex": ("^", "\u{0302}"),
        "dead_tilde": ("~", "\u{0303}"), "dead_macron": ("¯", "\u{0304}"), "dead_breve": ("˘", "\u{0306}"),
        "dead_abovedot": ("˙", "\u{0307}"), "dead_diaeresis": ("¨", "\u{0308}"), "dead_abovering": ("˚", "\u{030A}"),
        "dead_doubleacute": ("˝", "\u{030B}"), "dead_caron": ("ˇ", "\u{030C}"), "dead_cedilla": ("¸", "\u{0327}"),
        "dead_ogonek": ("˛", "\u{0328}"),
    ]

    /// The combining accents of dead keys, by the spacing accent they show.
    static let combining: [String: String] = Dictionary(deadKeys.values.map { ($0.spacing, $0.combining) }, uniquingKeysWith: { a, _ in a })

    public static func layout(id: String, name: String, language: String, levels: Levels, file: String? = nil) -> KeyboardLayout {
        var keys: [KeyDefinition] = [
            KeyDefinition(id: "shift", action: .shift, widthUnits: 1.5),
            KeyDefinition(id: "backspace", action: .backspace, widthUnits: 1.5),
            KeyDefinition(id: "numbers", label: "123", action: .switchLayer("numbers"), widthUnits: 1.5),
            KeyDefinition(id: "letters", label: "ABC", action: .switchLayer("letters"), widthUnits: 1.5),
            KeyDefinition(id: "globe", action: .nextKeyboard),
            KeyDefinition(id: "space", action: .space, widthUnits: 5),
            KeyDefinition(id: "return", action: .return, widthUnits: 2),
            KeyDefinition(id: "dismiss", action: .dismiss),
            KeyDefinition(id: "left", action: .cursorLeft),
            KeyDefinition(id: "right", action: .cursorRight),
        ]
        func row(_ ids: [String]) -> LayoutRow { LayoutRow(items: ids.map { .key($0, nil) }) }
        func add(_ id: String, _ text: String, shifted: String? = nil, alternates: [String] = []) -> String {
            var offered = alternates.filter { $0 != text && $0 != shifted }
            if let accent = combining[text], !offered.contains(accent) { offered.append(accent) }
            keys.append(KeyDefinition(id: id, label: text, action: .insert(text), alternates: offered, shifted: shifted))
            return id
        }
        func letterKeys(_ row: [Key], _ prefix: String) -> [String] {
            row.enumerated().compactMap { index, key in
                guard let plain = key.plain else { return nil }
                let shifted = key.shift == plain.uppercased() ? nil : key.shift
                return add("\(prefix)\(index + 1)", plain, shifted: shifted, alternates: [key.altGr, key.altGrShift].compactMap { $0 })
            }
        }
        let top = letterKeys(levels.topRow, "ad")
        let home = letterKeys(levels.homeRow, "ac")
        let bottom = letterKeys(levels.bottomRow, "ab")
        let numbers = levels.numberRow.enumerated().compactMap { index, key in
            key.plain.map { add("ae\(index + 1)", $0, alternates: [key.altGr].compactMap { $0 }) }
        }
        let shiftedNumbers = levels.numberRow.enumerated().compactMap { index, key in
            key.shift.map { add("sae\(index + 1)", $0) }
        }
        let letterRows = [row(top), row(home), row(["shift"] + bottom + ["backspace"])]
        var layers = [
            Layer(name: "letters", rows: letterRows,
                  portraitRows: [row(["numbers", "globe", "space", "return"])],
                  landscapeRows: [row(["numbers", "globe", "left", "space", "right", "return", "dismiss"])]),
            Layer(name: "numbers", rows: [row(numbers), row(shiftedNumbers), row((hasAltGr(levels) ? ["altgrlayer"] : []) + ["backspace"])],
                  portraitRows: [row(["letters", "globe", "space", "return"])],
                  landscapeRows: [row(["letters", "globe", "left", "space", "right", "return", "dismiss"])]),
        ]
        if hasAltGr(levels) {
            keys.append(KeyDefinition(id: "altgrlayer", label: "AltGr", action: .switchLayer("altgr"), widthUnits: 1.5))
            func altGrKeys(_ row: [Key], _ prefix: String) -> [String] {
                row.enumerated().compactMap { index, key in key.altGr.map { add("g\(prefix)\(index + 1)", $0) } }
            }
            let rows = [altGrKeys(levels.topRow, "ad"), altGrKeys(levels.homeRow, "ac"), altGrKeys(levels.bottomRow, "ab")]
                .filter { !$0.isEmpty }.map(row)
            layers.append(Layer(name: "altgr", rows: rows + [row(["backspace"])],
                                portraitRows: [row(["letters", "globe", "space", "return"])],
                                landscapeRows: [row(["letters", "globe", "left", "space", "right", "return", "dismiss"])]))
        }
        return KeyboardLayout(id: id, name: name, language: language, keys: keys, layers: layers,
                              constraints: ConstraintSets(landscape: landscapeConstraints), file: file ?? id)
    }

    private static func hasAltGr(_ levels: Levels) -> Bool {
        (levels.topRow + levels.homeRow + levels.bottomRow).contains { $0.altGr != nil }
    }

    /// As the built-in QWERTY: the landscape bottom row's space and Return narrower.
    private static let landscapeConstraints: [LayoutConstraint] = [
        // Fixed, valid constraints: parsing cannot fail.
        try! ConstraintParser.parse("space.width == 3 * globe.width"),
        try! ConstraintParser.parse("return.width == 1.5 * globe.width"),
    ]
}
