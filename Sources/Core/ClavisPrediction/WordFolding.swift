import ClavisHangul

/// How words are compared while typing: lowercase, apostrophes ignored, Hangul as the keys
/// that type it.
///
/// Folding is what lets "dont" find "don't" and "london" find "London"; the lexicon is sorted
/// by folded key so that a typed prefix is one binary search away. A Hangul syllable folds to
/// its 2-set letters (`HangulJamo.keystrokes`), so the syllable still being typed finds
/// every word its letters begin: 한 (ㅎㅏㄴ) finds 한국 and 하나 (ㅎㅏㄴㅏ) alike.
///
///     WordFolding.fold("Don't")   // [UInt16] of "dont"
///     WordFolding.fold("한국")     // [UInt16] of "ㅎㅏㄴㄱㅜㄱ"
public enum WordFolding {
    /// The folded key of `word` as UTF-16 code units.
    public static func fold(_ word: some StringProtocol) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(word.utf16.count)
        for scalar in word.lowercased().unicodeScalars where !isApostrophe(scalar) {
            if scalar.value >= 0x3131, let keys = HangulJamo.keystrokes(of: scalar) {
                for key in keys { units.append(contentsOf: key.utf16) }
            } else {
                units.append(contentsOf: String(scalar).utf16)
            }
        }
        return units
    }

    /// Whether `scalar` is an apostrophe (typewriter or typographic).
    public static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    /// Whether `character` can be part of a word ("don't" and "Straße" are single words):
    /// not the kanji and kana of Japanese or Chinese, written without spaces, so a run of
    /// them before the caret is never taken for the word an English keyboard completes.
    public static func isWordCharacter(_ character: Character) -> Bool {
        if let scalar = character.unicodeScalars.first, isUnspaced(scalar) { return false }
        return character.isLetter || character.unicodeScalars.allSatisfy(isApostrophe)
    }

    /// Whether `scalar` is of a script written without spaces between words: kana, the CJK
    /// ideographs (and their extensions), half-width katakana.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
             0x20000...0x2FFFF: return true
        default: return false
        }
    }

    /// The base letter of an accented lowercase letter ("ü" → "u", "ż" → "z", "ł" → "l",
    /// "ș" → "s", "ё" → "е", "έ" → "ε"), or the letter itself: what a letter typed without
    /// its diacritic stands for (people type Polish or Turkish on a US keyboard, and Greek
    /// without its tonos).
    public static func base(of unit: UInt16) -> UInt16 {
        switch unit {
        case ..<0xDF: return unit
        case 0xE0...0xE5: return 0x61          // à..å → a
        case 0xE7: return 0x63                 // ç → c
        case 0xE8...0xEB: return 0x65          // è..ë → e
        case 0xEC...0xEF: return 0x69          // ì..ï → i
        case 0xF1: return 0x6E                 // ñ → n
        case 0xF2...0xF6, 0xF8: return 0x6F    // ò..ö, ø → o
        case 0xF9...0xFC: return 0x75          // ù..ü → u
        case 0xFD, 0xFF: return 0x79           // ý, ÿ → y
        case 0xDF: return 0x73                 // ß → s
        case 0x100...0x17F: return latinExtendedA[Int(unit - 0x100)]
        case 0x219: return 0x73                // ș → s
        case 0x21B: return 0x74                // ț → t
        case 0x3AC: return 0x3B1               // ά → α
        case 0x3AD: return 0x3B5               // έ → ε
        case 0x3AE: return 0x3B7               // ή → η
        case 0x3AF, 0x3CA, 0x390: return 0x3B9 // ί ϊ ΐ → ι
        case 0x3CC: return 0x3BF               // ό → ο
        case 0x3CD, 0x3CB, 0x3B0: return 0x3C5 // ύ ϋ ΰ → υ
        case 0x3CE: return 0x3C9               // ώ → ω
        case 0x451: return 0x435               // ё → е
        default: return unit
        }
    }

    /// Latin Extended-A (U+0100–017F), each lowercase letter's base (capitals map to
    /// themselves: `base(of:)` is asked of folded, lowercase keys).
    private static let latinExtendedA: [UInt16] = {
        var table = (0x100...0x17F).map { UInt16($0) }
        let groups: [(String, Character)] = [
            ("āăą", "a"), ("ćĉċč", "c"), ("ďđ", "d"), ("ēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ńņňŉ", "n"), ("ōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ũūŭůűų", "u"), ("ŵ", "w"), ("ŷ", "y"), ("źżž", "z"),
        ]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[Int(scalar.value) - 0x100] = UInt16(base.asciiValue!) }
        }
        return table
    }()

    /// Each base letter's accented forms (lowercase UTF-16 units) that `base(of:)` takes
    /// back to it: what a letter typed without its accent may stand for.
    public static let accentedLetters: [UInt16: [UInt16]] = {
        var table: [UInt16: [UInt16]] = [:]
        for unit in [0xE0...0xFF, 0x100...0x17F, 0x219...0x21B, 0x390...0x3CE, 0x451...0x451].joined().map(UInt16.init) where unit != 0xDF {
            let base = base(of: unit)
            if base != unit, let scalar = Unicode.Scalar(unit), scalar.properties.isLowercase { table[base, default: []].append(unit) }
        }
        return table
    }()

    /// `word` with every accent `base(of:)` knows taken off and "ß" written "ss", in the case
    /// it was written: what someone typing without the diacritics types.
    ///
    ///     WordFolding.strippingAccents("Żółw")     // "Zolw"
    ///     WordFolding.strippingAccents("Straße")   // "Strasse"
    public static func strippingAccents(_ word: String) -> String {
        var result = ""
        for character in word {
            let lowered = character.lowercased()
            guard lowered.utf16.count == 1, let unit = lowered.utf16.first else {
                result.append(character)
                continue
            }
            if unit == 0xDF {
                result += character.isUppercase ? "SS" : "ss"
                continue
            }
            let base = Self.base(of: unit)
            guard base != unit, let scalar = Unicode.Scalar(base) else {
                result.append(character)
                continue
            }
            let plain = String(Character(scalar))
            result += character.isUppercase ? plain.uppercased() : plain
        }
        return result
    }

    /// Applies the case of `typed` to `word`: "Helo" makes "Hello", "HELO" makes "HELLO".
    ///
    /// A word the lexicon writes with capitals ("London", "I'm") keeps them.
    public static func matchCase(of typed: String, to word: String) -> String {
        let letters = typed.filter(\.isLetter)
        guard let first = letters.first else { return word }
        if letters.count > 1, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
        if first.isUppercase, let head = word.first { return head.uppercased() + word.dropFirst() }
        return word
    }
}
