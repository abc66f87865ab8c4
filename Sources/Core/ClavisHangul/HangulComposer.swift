/// Hangul composed as a 2-set (두벌식) keyboard types it: letter by letter into syllable
/// blocks, as phone and desktop Korean keyboards do.
///
/// The syllable being typed is kept as the letters typed into it, so that Backspace takes
/// back one letter at a time (닭 → 달 → 다 → ㄷ), a compound vowel or final included (과 → 고).
/// A letter that cannot join the syllable begins the next one; a vowel typed after a final
/// consonant takes that consonant (the second of a compound final) as its initial
/// (달 + ㅏ → 다라, 닭 + ㅏ → 달가), which is why the syllable stays open until then.
///
///     var composer = HangulComposer()
///     for letter in "ㅎㅏㄴㄱㅜㄱ" { committed += composer.type(letter) }   // committed "하", composing "국"… "한국"
///     committed += composer.commit()
public struct HangulComposer: Equatable, Sendable {
    /// The letters typed into the syllable being composed, in order.
    public private(set) var letters: [Character] = []

    public init() {}

    /// The syllable being composed as it shows ("닭", a lone "ㄷ" or "ㅘ"); empty when none.
    public var composing: String { Self.render(letters) ?? "" }

    /// Types a letter; returns the text that is done (syllables the letter closed). Anything
    /// but a jamo ends the syllable and follows it as it is.
    public mutating func type(_ letter: Character) -> String {
        guard HangulJamo.isVowel(letter) || HangulJamo.isConsonant(letter) else { return commit() + String(letter) }
        if Self.render(letters + [letter]) != nil {
            letters.append(letter)
            return ""
        }
        // A vowel after a final: the final's last consonant begins the next syllable.
        if HangulJamo.isVowel(letter), letters.count >= 3, let last = letters.last, HangulJamo.isConsonant(last),
           let closed = Self.render(Array(letters.dropLast())) {
            letters = [last, letter]
            return closed
        }
        let closed = commit()
        letters = [letter]
        return closed
    }

    /// Takes back the last letter typed into the syllable; `false` when there was none (the
    /// Backspace then deletes text before it).
    public mutating func backspace() -> Bool {
        letters.popLast() != nil
    }

    /// Ends the syllable: returns it, and composes nothing afterwards.
    public mutating func commit() -> String {
        defer { letters = [] }
        return composing
    }

    /// The syllable `letters` make, or `nil` when they make none: an initial, a vowel (one
    /// or a compound of two) and a final (one or a compound of two); a lone initial or a lone
    /// vowel shows as the letter.
    static func render(_ letters: [Character]) -> String? {
        var rest = letters[...]
        let initial = rest.first.flatMap { HangulJamo.initialIndex[$0] }
        if initial != nil { rest = rest.dropFirst() }
        guard var vowel = rest.first, HangulJamo.isVowel(vowel) else {
            return initial != nil && rest.isEmpty ? String(letters[0]) : nil
        }
        rest = rest.dropFirst()
        if let second = rest.first, let compound = HangulJamo.compoundVowels[String([vowel, second])] {
            vowel = compound
            rest = rest.dropFirst()
        }
        guard let initial else { return rest.isEmpty ? String(vowel) : nil }
        var final = 0
        switch rest.count {
        case 0: break
        case 1:
            guard let index = HangulJamo.finalIndex[rest[rest.startIndex]] else { return nil }
            final = index
        case 2:
            guard let compound = HangulJamo.compoundFinals[String(rest)], let index = HangulJamo.finalIndex[compound] else { return nil }
            final = index
        default: return nil
        }
        return String(HangulJamo.syllable(initial: initial, vowel: HangulJamo.vowelIndex[vowel]!, final: final))
    }
}
