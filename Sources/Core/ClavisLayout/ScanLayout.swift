/// A keyboard made for switch scanning: the commonest letters where the scan reaches first.
///
/// Row–column scanning reaches the key in row r, column c (from 0) after r + c steps, so the
/// keys are dealt out along the grid's diagonals — space, then the letters from the most to
/// the least frequent, with Backspace among the first few and the rarer keys (Return,
/// shift, 123, the globe) last. With English's `e t a o i n …` this needs fewer steps per
/// letter than QWERTY's rows. `letters` comes from the language's lexicon (see
/// `Lexicon.letterFrequencies`); rare accented letters ride on their base letter's long
/// press instead of taking a key.
///
///     let layout = ScanLayout.layout(id: "scan", name: "Scanning (English)", language: "en",
///                                    letters: ["e", "t", "a", "o", "i", "n", …])
public enum ScanLayout {
    /// English letters from the most to the least frequent, for when no lexicon is there.
    public static let englishLetters = "etaoinsrhldcumfpgwybvkxjqz".map(String.init)
    /// The ids it is loaded by: `scan` (English) and `scan:` with a language (`scan:de`).
    public static let prefix = "scan:"

    /// The keyboard's name in the lists: "Scanning (English)".
    public static func name(language: String) -> String {
        "Scanning (\(LanguageNames.endonym(of: language) ?? language))"
    }

    /// Columns of the grid.
    public static let columns = 6

    /// `letters`: every letter to place, most frequent first; `alternates`: the accented
    /// letters offered on a base letter's long press.
    public static func layout(id: String, name: String, language: String, letters: [String],
                              alternates: [String: [String]] = [:]) -> KeyboardLayout {
        var keys: [KeyDefinition] = [
            KeyDefinition(id: "space", action: .space),
            KeyDefinition(id: "backspace", action: .backspace),
            KeyDefinition(id: "shift", action: .shift),
            KeyDefinition(id: "return", action: .return),
            KeyDefinition(id: "numbers", label: "123", action: .switchLayer("numbers")),
            KeyDefinition(id: "letters", label: "ABC", action: .switchLayer("letters")),
            KeyDefinition(id: "globe", action: .nextKeyboard),
        ]
        var used = Set(keys.map(\.id))
        func add(_ text: String, alternates: [String] = []) -> String {
            var id = text
            if used.contains(id) { id = "key-\(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-"))" }
            used.insert(id)
            keys.append(KeyDefinition(id: id, label: text, action: .insert(text), alternates: alternates))
            return id
        }
        let letterIDs = letters.map { add($0, alternates: alternates[$0] ?? []) }
        var order = ["space"] + letterIDs
        // Backspace early (mistakes are undone often), the marks after the common letters.
        order.insert("backspace", at: min(4, order.count))
        order.insert(add("."), at: min(14, order.count))
        order.insert(add(","), at: min(18, order.count))
        order += [add("'"), add("?"), "return", "shift", "numbers", "globe"]
        let symbols = "1234567890!-:;\"()@/&$%+=*#".map { add(String($0)) }
        let numberOrder = ["space", "letters", "backspace"] + symbols + ["return", "globe"]
        return KeyboardLayout(id: id, name: name, language: language, keys: keys, layers: [
            Layer(name: "letters", rows: diagonalRows(order)),
            Layer(name: "numbers", rows: diagonalRows(numberOrder)),
        ], file: id)
    }

    /// The letters to give keys and the accented ones to offer on a long press, from a
    /// language's letter frequencies (most frequent first): a–z always get keys, another
    /// letter gets one when it is at least `keyShare` of all letters (German ä ü ö ß,
    /// French é è ç), and the rest ride on their base letter (ô on o); a rare letter with no
    /// base letter known gets a key when it is at least `dropShare`, and is left out below
    /// that (the Greek and kana of a few borrowed words in an English word list).
    ///
    ///     ScanLayout.letters(from: [("e", 0.15), ("é", 0.02), ("ê", 0.0005), ("ω", 0.00001), ("z", 0.0001)])
    ///     // (["e", "é", "z", …the rest of a–z], ["e": ["ê"]])
    public static func letters(from frequencies: [(letter: String, share: Double)], keyShare: Double = 0.001,
                               dropShare: Double = 0.0001)
        -> (letters: [String], alternates: [String: [String]]) {
        var letters: [String] = []
        var alternates: [String: [String]] = [:]
        for (letter, share) in frequencies {
            let isBasic = letter.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
            if isBasic || share >= keyShare {
                letters.append(letter)
            } else if let base = baseLetters[letter] {
                alternates[base, default: []].append(letter)
            } else if share >= dropShare {
                letters.append(letter)
            }
        }
        for letter in "abcdefghijklmnopqrstuvwxyz".map(String.init) where !letters.contains(letter) { letters.append(letter) }
        return (letters, alternates)
    }

    /// The base letter of the accented Latin letters European languages use.
    static let baseLetters: [String: String] = {
        let groups: [(String, String)] = [
            ("a", "àáâãäåāæ"), ("c", "çćč"), ("e", "èéêëēęě"), ("i", "ìíîïī"), ("n", "ñńň"),
            ("o", "òóôõöøōœ"), ("u", "ùúûüūů"), ("y", "ýÿ"), ("s", "ßśš"), ("z", "źżž"), ("l", "ł"),
        ]
        var table: [String: String] = [:]
        for (base, accented) in groups { for letter in accented { table[String(letter)] = base } }
        return table
    }()

    /// Deals `ids` onto a grid of `columns` columns along its diagonals (row + column
    /// ascending, the upper row first on each), so the earlier an id, the fewer steps.
    static func diagonalRows(_ ids: [String]) -> [LayoutRow] {
        let rowCount = (ids.count + columns - 1) / columns
        var cells: [(row: Int, column: Int)] = []
        for row in 0..<rowCount {
            for column in 0..<columns where row * columns + column < ids.count || row < rowCount - 1 {
                cells.append((row, column))
            }
        }
        // The last row is filled from its left, so its cells are the first ones.
        let lastRowSize = ids.count - (rowCount - 1) * columns
        cells = cells.filter { $0.row < rowCount - 1 || $0.column < lastRowSize }
        cells.sort { ($0.row + $0.column, $0.row) < ($1.row + $1.column, $1.row) }
        var grid = Array(repeating: [String](), count: rowCount)
        var placed = Array(repeating: [(Int, String)](), count: rowCount)
        for (cell, id) in zip(cells, ids) { placed[cell.row].append((cell.column, id)) }
        for row in 0..<rowCount { grid[row] = placed[row].sorted { $0.0 < $1.0 }.map(\.1) }
        return grid.map { LayoutRow(items: $0.map { .key($0, nil) }) }
    }
}
