/// A touch keyboard built from a keymap's levels: what the XKB adapter reads for `xkb:fr`,
/// `xkb:ru` or `xkb:de(neo)` becomes a layout shaped like the built-in ones, with a portrait
/// and a landscape arrangement, that passes `clavis check`.
///
/// A PC keymap is not a phone keyboard: its letter rows hold punctuation and dead keys, and
/// its number row symbols. So:
/// - **letters**: the letters of each of the keymap's three letter rows, in its order, as
///   many a row as the language's phones have (ten, eleven for German or Russian); every
///   other letter the keymap types, wherever it has it (Russian ё left of 1, Lithuanian ą on
///   the number row, Polish ą on AltGr, Spanish ç as a twelfth key), on the long press of the
///   letter it is written like (`GeneratedLayout+Letters.swift`), with the accented letters
///   its dead keys make (é from ´ and e); Shift's level as the shifted text where it is
///   another letter, not the capital or punctuation; comma and full stop beside Space;
/// - **numbers**: the digits, then the built-ins' punctuation and symbols and every other
///   character of the keymap (the symbols of its number row, AltGr's characters, the dead
///   keys' accents, which offer their combining accent on a long press), over as many
///   **symbols** pages as they need; the way back names the letters' script ("АБВ").
///
/// Every character the keymap types is somewhere on it, every letter on the letters layer;
/// the bottom row is the built-ins'.
///
///     let layout = GeneratedLayout.layout(id: "xkb:fr", name: "French", language: "fr", levels: levels)
///     layout.layers.first?.rows.first   // a z e r t y u i o p
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

    /// The characters on the numbers layer's second and third rows, and on each symbols page.
    static let extrasPerRow = (10, 7)

    public static func layout(id: String, name: String, language: String, levels: Levels, file: String? = nil) -> KeyboardLayout {
        var builder = Builder()
        let letterRows = builder.letterRows(levels, language: language)
        let widest = letterRows.prefix(2).map(\.count).max() ?? 0
        // Shift and backspace fill the bottom letter row out to the widest, and to ten keys at
        // least: letters never wider than the built-ins' (a tenth of the keyboard).
        let rowUnits = max(widest, 10, letterRows[2].count + 2)
        let sideUnits = max(1, min(2.5, Double(rowUnits - letterRows[2].count) / 2))
        builder.keys += [
            KeyDefinition(id: "shift", action: .shift, widthUnits: sideUnits),
            KeyDefinition(id: "backspace", action: .backspace, widthUnits: sideUnits),
            // The pages' own, as wide as their layer key (the letters' may be wider).
            KeyDefinition(id: "delete", action: .backspace, widthUnits: 1.5),
            KeyDefinition(id: "comma", label: ",", action: .insert(",")),
            KeyDefinition(id: "period", label: ".", action: .insert(".")),
            // The way back from the pages, in the letters' script ("АБВ").
            KeyDefinition(id: "letters", label: lettersLabel(letterRows.joined().compactMap { id in builder.keys.first { $0.id == id }?.label }),
                          action: .switchLayer("letters")),
        ] + fixedKeys
        func row(_ ids: [String]) -> LayoutRow { LayoutRow(items: ids.map { .key($0, nil) }) }
        var layers = [
            Layer(name: "letters", rows: [row(letterRows[0]), row(letterRows[1]), row(["shift"] + letterRows[2] + ["backspace"])],
                  portraitRows: [row(["numbers", "globe", "comma", "space", "period", "return"])],
                  landscapeRows: [row(["numbers", "globe", "left", "comma", "space", "period", "right", "return", "dismiss"])]),
        ]
        let digits = builder.digits(levels.numberRow)
        let extras = builder.extras(levels)
        // The numbers layer, then symbols pages of 27 (10, 10, 7) for what is left.
        var pages: [[String]] = []
        var rest = extras[...]
        let firstPage = extrasPerRow.0 + extrasPerRow.1
        pages.append(Array(rest.prefix(firstPage)))
        rest = rest.dropFirst(firstPage)
        while !rest.isEmpty {
            pages.append(Array(rest.prefix(2 * extrasPerRow.0 + extrasPerRow.1)))
            rest = rest.dropFirst(2 * extrasPerRow.0 + extrasPerRow.1)
        }
        let pageNames = ["numbers"] + (1..<pages.count).map { $0 == 1 ? "symbols" : "symbols\($0)" }
        for (index, page) in pages.enumerated() {
            // Each page's third row starts with the way to the next page (the last one's back to the digits).
            var turn: [String] = []
            if pages.count > 1 {
                let next = (index + 1) % pages.count
                let id = "page\(index)"
                builder.keys.append(KeyDefinition(id: id, label: next == 0 ? "123" : "#+=", action: .switchLayer(pageNames[next]), widthUnits: 1.5))
                turn = [id]
            }
            let top = index == 0 ? digits : Array(page.prefix(extrasPerRow.0))
            let middle = index == 0 ? Array(page.prefix(extrasPerRow.0)) : Array(page.dropFirst(extrasPerRow.0).prefix(extrasPerRow.0))
            let last = Array(page.dropFirst(index == 0 ? extrasPerRow.0 : 2 * extrasPerRow.0))
            layers.append(Layer(name: pageNames[index], rows: [row(top), row(middle), row(turn + last + ["delete"])].filter { !$0.items.isEmpty },
                                portraitRows: [row(["letters", "globe", "space", "return"])],
                                landscapeRows: [row(["letters", "globe", "left", "space", "right", "return", "dismiss"])]))
        }
        return KeyboardLayout(id: id, name: name, language: language, keys: builder.keys, layers: layers,
                              constraints: constraints, file: file ?? id)
    }

    /// The bottom row's keys, as on the built-in keyboards.
    private static let fixedKeys = [
        KeyDefinition(id: "numbers", label: "123", action: .switchLayer("numbers")),
        KeyDefinition(id: "globe", action: .nextKeyboard),
        KeyDefinition(id: "space", action: .space, widthUnits: 5),
        KeyDefinition(id: "return", action: .return, widthUnits: 2),
        KeyDefinition(id: "dismiss", action: .dismiss),
        KeyDefinition(id: "left", action: .cursorLeft),
        KeyDefinition(id: "right", action: .cursorRight),
    ]

    /// The built-in keyboards' bottom row (data/layouts/us.yaml): the layer key and the globe
    /// an eighth of the width each, the space bar the rest; in landscape the cursor keys and
    /// dismiss narrower.
    private static let constraints: ConstraintSets = {
        // Fixed, valid constraints: parsing cannot fail.
        func parse(_ texts: [String]) -> [LayoutConstraint] { texts.map { try! ConstraintParser.parse($0) } }
        return ConstraintSets(
            shared: parse(["numbers.width == 0.125 * keyboard.width", "letters.width == 0.125 * keyboard.width",
                           "globe.width == 0.125 * keyboard.width", "numbers.leading == keyboard.leading",
                           "letters.leading == keyboard.leading", "space.width >= 0.15 * keyboard.width"]),
            landscape: parse(["return.width == 1.5 * comma.width", "left.width == 0.75 * comma.width",
                              "right.width == 0.75 * comma.width", "dismiss.width == 0.75 * comma.width"]))
    }()

    /// Collects the keys as the layers are made (the letter rows: GeneratedLayout+Letters.swift).
    struct Builder {
        var keys: [KeyDefinition] = []
        /// The texts keys of their own already type: the letters and their capitals, the
        /// digits, comma and full stop. (What only a long press or Shift offers gets a key of
        /// its own on the symbols pages too: `&` on a French k's long press is hard to find.)
        var placed: Set<String> = [",", "."]
        /// The letters a letter key's long press offers (æ on a, ê on e): not repeated on the
        /// symbols pages, unlike punctuation there.
        var lettersOnLongPress: Set<String> = []

        /// The ten digits: the number row's, in the keymap's own script where it has them.
        mutating func digits(_ numberRow: [Key]) -> [String] {
            (0..<10).map { index in
                let levels = numberRow.indices.contains(index) ? [numberRow[index].plain, numberRow[index].shift].compactMap { $0 } : []
                let ascii = String((index + 1) % 10)
                let digit = levels.first { $0 == ascii } ?? levels.first { $0.first?.isNumber == true && $0.count == 1 } ?? ascii
                let id = "n\(ascii)"
                keys.append(KeyDefinition(id: id, label: digit, action: .insert(digit), alternates: digit == ascii ? [] : [ascii]))
                placed.formUnion([digit, ascii])
                return id
            }
        }

        /// Every other character the keymap types, each once (ids `x1`, `x2`, …): the common
        /// punctuation first in the built-ins' order, then the keymap's plain and Shift levels,
        /// then AltGr's (the rarely used last, on the later pages); a dead key's accent offers
        /// its combining accent on a long press.
        mutating func extras(_ levels: Levels) -> [String] {
            let block = levels.numberRow + levels.topRow + levels.homeRow + levels.bottomRow
            let all = block.flatMap { [$0.plain, $0.shift] } + block.map(\.altGr) + block.map(\.altGrShift)
            var ids: [String] = []
            let candidates = commonPunctuation + all.compactMap { $0 }.filter {
                !GeneratedLayout.isLetter($0) || !lettersOnLongPress.contains(GeneratedLayout.keyCase($0))
            }
            for text in candidates where placed.insert(text).inserted {
                ids.append("x\(ids.count + 1)")
                keys.append(KeyDefinition(id: ids.last!, label: text, action: .insert(text), alternates: combining[text].map { [$0] } ?? []))
            }
            return ids
        }
    }

    /// The punctuation the built-in keyboards' numbers and symbols layers show, in their order.
    static let commonPunctuation = ["-", "/", ":", ";", "(", ")", "$", "&", "@", "\"", "?", "!", "'", "[", "]", "{", "}",
                                    "#", "%", "^", "*", "+", "=", "_", "\\", "|", "~", "<", ">", "€", "£", "¥", "•"]

    /// Whether a key's plain level belongs in the letter rows: a letter or a combining mark
    /// (Devanagari's vowel signs), not punctuation, a symbol, a digit or a dead key's accent.
    static func isLetter(_ text: String?) -> Bool {
        guard let text, text.count == 1, let scalar = text.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether a character typed away from the letter keys belongs on a letter's long press:
    /// a letter of a cased script, or of a script without case beyond Latin-1 — not a modifier
    /// letter (ˇ, ʹ: accents drawn as letters) nor the ordinal indicators ª º (symbols there).
    public static func isStrayLetter(_ text: String) -> Bool {
        guard text.count == 1, let scalar = text.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter: return true
        case .otherLetter: return scalar.value >= 0x100
        default: return false
        }
    }

    /// The precomposed letter `base` with `accent` makes (e + ◌́ → é), or `nil` where Unicode
    /// has none: looked for among the Latin, Greek and Cyrillic letters, which is where
    /// keymaps' dead keys compose.
    static func composed(_ base: String, _ accent: String) -> String? {
        guard let target = (base + accent).first, base.count == 1 else { return nil }
        for range in composedRanges {
            for value in range {
                if let scalar = Unicode.Scalar(value), Character(scalar) == target { return String(scalar) }
            }
        }
        return nil
    }

    private static let composedRanges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x386...0x3CE, 0x400...0x4FF, 0x1E00...0x1EFF]
}
