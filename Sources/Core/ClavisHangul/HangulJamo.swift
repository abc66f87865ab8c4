/// The letters (jamo) of Hangul as a 2-set (두벌식) keyboard types them — Unicode's
/// compatibility jamo, U+3131 … U+3163 — and where each sits in a syllable block.
///
/// A syllable is an initial consonant, a vowel and an optional final consonant, at
/// U+AC00 + (initial × 21 + vowel) × 28 + final (Unicode's Hangul syllable algorithm, §3.12).
/// Some vowels and finals are two letters typed one after the other (ㅗ ㅏ → ㅘ, ㄹ ㄱ → ㄺ).
///
///     HangulJamo.initialIndex["ㄷ"]   // 3
///     HangulJamo.syllable(initial: 3, vowel: 0, final: 9)   // "닭"
public enum HangulJamo {
    /// The 19 initial consonants in Unicode's order.
    public static let initials: [Character] = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
    /// The 21 vowels in Unicode's order (U+314F … U+3163).
    public static let vowels: [Character] = (0x314F...0x3163).map { Character(Unicode.Scalar($0)!) }
    /// The 27 final consonants in Unicode's order (index 0 of a syllable is "no final").
    public static let finals: [Character] = ["ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]

    public static let initialIndex = index(initials)
    public static let vowelIndex = index(vowels)
    /// A final's index in a syllable: 1 … 27 (0 is none).
    public static let finalIndex = index(finals).mapValues { $0 + 1 }

    /// The vowels typed as two letters.
    public static let compoundVowels: [String: Character] = [
        "ㅗㅏ": "ㅘ", "ㅗㅐ": "ㅙ", "ㅗㅣ": "ㅚ", "ㅜㅓ": "ㅝ", "ㅜㅔ": "ㅞ", "ㅜㅣ": "ㅟ", "ㅡㅣ": "ㅢ",
    ]
    /// The finals typed as two consonants.
    public static let compoundFinals: [String: Character] = [
        "ㄱㅅ": "ㄳ", "ㄴㅈ": "ㄵ", "ㄴㅎ": "ㄶ", "ㄹㄱ": "ㄺ", "ㄹㅁ": "ㄻ", "ㄹㅂ": "ㄼ", "ㄹㅅ": "ㄽ", "ㄹㅌ": "ㄾ",
        "ㄹㅍ": "ㄿ", "ㄹㅎ": "ㅀ", "ㅂㅅ": "ㅄ",
    ]

    /// Whether `letter` is a vowel jamo.
    public static func isVowel(_ letter: Character) -> Bool { vowelIndex[letter] != nil }
    /// Whether `letter` is a consonant jamo a key types (one that can begin a syllable).
    public static func isConsonant(_ letter: Character) -> Bool { initialIndex[letter] != nil }

    /// The keys a 2-set keyboard types `scalar` with, in order: a syllable's letters, a
    /// compound vowel or final as its two letters, a compound letter alone as its two; `nil`
    /// for anything but Hangul. How Korean words are compared while typing
    /// (`WordFolding.fold`): an open syllable is a prefix of every word its letters begin.
    ///
    ///     HangulJamo.keystrokes(of: "닭")   // ["ㄷ", "ㅏ", "ㄹ", "ㄱ"]
    ///     HangulJamo.keystrokes(of: "과")   // ["ㄱ", "ㅗ", "ㅏ"]
    public static func keystrokes(of scalar: Unicode.Scalar) -> [Character]? {
        switch scalar.value {
        case 0xAC00...0xD7A3:
            let index = Int(scalar.value - 0xAC00)
            var keys = [initials[index / 588]] + typed(vowels[index % 588 / 28])
            if index % 28 > 0 { keys += typed(finals[index % 28 - 1]) }
            return keys
        case 0x3131...0x3163:
            return typed(Character(scalar))
        default:
            return nil
        }
    }

    /// The two letters of each compound vowel and final.
    private static let compoundLetters: [Character: [Character]] = Dictionary(
        uniqueKeysWithValues: compoundVowels.merging(compoundFinals) { first, _ in first }.map { ($1, Array($0)) })

    private static func typed(_ letter: Character) -> [Character] { compoundLetters[letter] ?? [letter] }

    /// The syllable block of those indices (`final` 0: none).
    public static func syllable(initial: Int, vowel: Int, final: Int) -> Character {
        Character(Unicode.Scalar(UInt32(0xAC00 + (initial * 21 + vowel) * 28 + final))!)
    }

    private static func index(_ letters: [Character]) -> [Character: Int] {
        Dictionary(uniqueKeysWithValues: letters.enumerated().map { ($1, $0) })
    }
}
