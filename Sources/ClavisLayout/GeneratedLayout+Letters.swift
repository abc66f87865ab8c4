/// Where a generated keyboard puts each letter its keymap types, as the language's phones do.
///
/// A PC keymap scatters letters: Russian ё on the key left of 1, Lithuanian ą č ę on the number
/// row, Polish ą on AltGr+A, Spanish ç as a twelfth key, French ù as an eleventh. A phone
/// keyboard has the language's ten (or eleven, or twelve) commonest letters a row and every
/// other letter on the long press of the letter it is written like: ё on е, ą on a, ç on c,
/// ъ on ь and х. So every letter (Unicode L*) the keymap types ends up on the letters layer.
///
///     let homes = GeneratedLayout.LetterHomes(plains: ["e", "c", "ь", "х"])
///     homes.homes(of: "é", among: ["e"])        // ["e"]
///     homes.homes(of: "ъ", among: ["ь", "х"])   // ["ь", "х"]
extension GeneratedLayout {
    /// Letters a row of the letters layer holds on the phones of `language` (a tag such as
    /// `de` or `pt-BR`): ten, as on the US keyboard, where nothing else is known.
    ///
    ///     GeneratedLayout.lettersPerRow(language: "ru")   // 11: й … х, ф … э
    static func lettersPerRow(language: String) -> Int {
        let base = language.split(separator: "-").first.map { String($0) } ?? language
        return longRows[base] ?? 10
    }

    /// The languages whose phone keyboards have more than ten letters a row: German's and the
    /// Nordic languages' ü ö ä å æ ø, Hungarian's, Russian's х ж э, Ukrainian's and Turkish's
    /// twelve (ї, ü).
    private static let longRows: [String: Int] = [
        "de": 11, "lb": 11, "gsw": 11, "dsb": 11, "hsb": 11, "sv": 11, "fi": 11, "nb": 11, "nn": 11, "no": 11,
        "da": 11, "et": 11, "is": 11, "fo": 11, "hu": 11, "ru": 11, "be": 11, "kk": 11, "ky": 11, "tt": 11,
        "ba": 11, "sr": 11, "mk": 11, "bg": 11, "mn": 11, "uk": 12, "tr": 12, "az": 12,
    ]

    /// Letters that are not an accented form of another but live on its long press on phones
    /// (ъ on ь and х, ß on s, ł on l, ς on σ), each with the keys that take it, best first.
    static let relatives: [String: [String]] = [
        "ъ": ["ь", "х"], "ґ": ["г"], "є": ["е"], "і": ["и"], "ß": ["s"], "æ": ["a"], "ø": ["o"], "œ": ["o"],
        "ð": ["d"], "þ": ["t"], "ł": ["l"], "đ": ["d"], "ħ": ["h"], "ı": ["i"], "ŋ": ["n"], "ŧ": ["t"],
        "ĸ": ["k"], "ſ": ["s"], "ə": ["e"], "ƒ": ["f"], "ς": ["σ"], "ĳ": ["i"], "ŀ": ["l"],
    ]

    /// The letter a long-press list shows for `letter`: its lowercase where Shift makes
    /// `letter` of it again (Ą → ą; a latched Shift capitalises the list), else `letter`
    /// itself (ẞ, whose lowercase ß Shift makes SS; titlecase ǲ, which Shift would make Ǳ).
    ///
    ///     GeneratedLayout.keyCase("Ą")   // "ą"
    static func keyCase(_ letter: String) -> String {
        let lower = letter.lowercased()
        return lower != letter && lower.unicodeScalars.count == 1 && lower.uppercased() == letter ? lower : letter
    }

    /// Which letter keys take a letter on their long press.
    struct LetterHomes {
        /// Each accented letter the keys' letters make with one combining accent (é → e):
        /// Swift compares and hashes strings by canonical equivalence, so `e` + U+0301 finds é.
        private var bases: [String: String] = [:]

        init(plains: [String]) {
            for plain in plains where plain.count == 1 {
                for value in UInt32(0x300)...0x36F {
                    let composed = plain + String(Unicode.Scalar(value)!)
                    if bases[composed] == nil { bases[composed] = plain }
                }
            }
        }

        /// The keys among `among` whose long press takes `letter` (in its key case): its
        /// relatives, else the letter it is an accented form of; empty when neither is there.
        func homes(of letter: String, among: Set<String>) -> [String] {
            let found = (GeneratedLayout.relatives[letter] ?? []).filter(among.contains)
            if !found.isEmpty { return found }
            if let base = bases[letter], base != letter, among.contains(base) { return [base] }
            return []
        }
    }

    /// The label of the way back to the letters from the numbers and symbols pages, in the
    /// script of the keyboard's letters: "АБВ" for Russian, "ΑΒΓ" for Greek, "ABC" for Latin,
    /// the first three letters of the keyboard where the script is not one of those listed.
    ///
    ///     GeneratedLayout.lettersLabel(["й", "ц", "у"])   // "АБВ"
    static func lettersLabel(_ letters: [String]) -> String {
        var votes: [String: Int] = [:]
        for letter in letters {
            guard let value = letter.unicodeScalars.first?.value,
                  let label = scriptLabels.first(where: { $0.range.contains(value) })?.label else { continue }
            votes[label, default: 0] += 1
        }
        if let best = votes.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }), 2 * best.value >= letters.count {
            return best.key
        }
        return letters.isEmpty ? "ABC" : letters.prefix(3).map { $0.uppercased() }.joined()
    }

    private static let scriptLabels: [(range: ClosedRange<UInt32>, label: String)] = [
        (0x41...0x24F, "ABC"), (0x1E00...0x1EFF, "ABC"), (0x370...0x3FF, "ΑΒΓ"), (0x400...0x52F, "АБВ"),
        (0x530...0x58F, "ԱԲԳ"), (0x590...0x5FF, "אבג"), (0x600...0x6FF, "أبت"), (0x750...0x77F, "أبت"),
        (0x900...0x97F, "कखग"), (0x980...0x9FF, "কখগ"), (0xE00...0xE7F, "กขค"), (0x10A0...0x10FF, "აბგ"),
    ]
}
