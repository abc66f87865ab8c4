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

    /// The syllable block of those indices (`final` 0: none).
    public static func syllable(initial: Int, vowel: Int, final: Int) -> Character {
        Character(Unicode.Scalar(UInt32(0xAC00 + (initial * 21 + vowel) * 28 + final))!)
    }

    private static func index(_ letters: [Character]) -> [Character: Int] {
        Dictionary(uniqueKeysWithValues: letters.enumerated().map { ($1, $0) })
    }
}
