/// How words are compared while typing: lowercase, apostrophes ignored.
///
/// Folding is what lets "dont" find "don't" and "london" find "London"; the lexicon is sorted
/// by folded key so that a typed prefix is one binary search away.
///
///     WordFolding.fold("Don't")   // [UInt16] of "dont"
public enum WordFolding {
    /// The folded key of `word` as UTF-16 code units.
    public static func fold(_ word: some StringProtocol) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(word.utf16.count)
        for scalar in word.lowercased().unicodeScalars where !isApostrophe(scalar) {
            units.append(contentsOf: String(scalar).utf16)
        }
        return units
    }

    /// Whether `scalar` is an apostrophe (typewriter or typographic).
    public static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    /// Whether `character` can be part of a word ("don't" and "Straße" are single words).
    public static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.unicodeScalars.allSatisfy(isApostrophe)
    }

    /// The base letter of an accented lowercase letter ("ü" → "u"), or the letter itself.
    public static func base(of unit: UInt16) -> UInt16 {
        switch unit {
        case 0xE0...0xE5: return 0x61          // à..å → a
        case 0xE7: return 0x63                 // ç → c
        case 0xE8...0xEB: return 0x65          // è..ë → e
        case 0xEC...0xEF: return 0x69          // ì..ï → i
        case 0xF1: return 0x6E                 // ñ → n
        case 0xF2...0xF6, 0xF8: return 0x6F    // ò..ö, ø → o
        case 0xF9...0xFC: return 0x75          // ù..ü → u
        case 0xFD, 0xFF: return 0x79           // ý, ÿ → y
        case 0xDF: return 0x73                 // ß → s
        default: return unit
        }
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
