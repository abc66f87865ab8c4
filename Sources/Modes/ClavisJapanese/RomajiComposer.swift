/// Turns romaji typed a letter at a time into hiragana, as a Japanese IME's romaji mode does:
/// "ka" → か, "kya" → きゃ, "nn" or "n'" → ん, "n" before another consonant → ん, a doubled
/// consonant → っ ("kka" → っか, "tchi" → っち), "-" → ー, ",.[]" → 、。「」.
///
/// The composition is `kana` plus the letters still `pending` (they may yet become kana:
/// "k", "ky", "n"); both are shown as the marked text. What cannot be romaji passes through.
///
///     var composer = RomajiComposer()
///     for letter in "nihongo" { composer.type(letter) }
///     composer.text            // "にほんご"
///     RomajiComposer.convert("kyou ha ii tenki desu.")   // "きょう は いい てんき です。"
public struct RomajiComposer: Equatable, Sendable {
    /// The kana composed so far.
    public private(set) var kana = ""
    /// Typed letters that may still become kana ("k", "ky", "n").
    public private(set) var pending = ""

    public init() {}

    /// The whole composition as shown: kana, then the pending letters.
    public var text: String { kana + pending }

    /// Whether nothing is being composed.
    public var isEmpty: Bool { kana.isEmpty && pending.isEmpty }

    /// Adds one typed character.
    public mutating func type(_ character: Character) {
        pending.append(contentsOf: character.lowercased())
        resolve(final: false)
    }

    /// Removes the last pending letter, or else the last kana (Backspace inside the
    /// composition). Returns whether there was anything to remove.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        if !pending.isEmpty {
            pending.removeLast()
            return true
        }
        guard !kana.isEmpty else { return false }
        kana.removeLast()
        return true
    }

    /// Replaces the last kana composed with `replacement` (the 小ﾞﾟ key, toggle input). Does
    /// nothing and returns `false` while letters are pending or nothing is composed.
    @discardableResult
    public mutating func replaceLast(with replacement: String) -> Bool {
        guard pending.isEmpty, !kana.isEmpty else { return false }
        kana.removeLast()
        kana += replacement
        return true
    }

    /// The last kana composed, unless letters are pending after it.
    public var lastKana: Character? { pending.isEmpty ? kana.last : nil }

    /// Ends the composition: a pending "n" becomes ん, other pending letters stay as typed.
    /// Returns the text and leaves the composer empty.
    public mutating func finish() -> String {
        resolve(final: true)
        let result = kana + pending
        kana = ""
        pending = ""
        return result
    }

    /// The hiragana for a whole romaji text.
    public static func convert(_ romaji: String) -> String {
        var composer = RomajiComposer()
        for character in romaji { composer.type(character) }
        return composer.finish()
    }

    private static let consonants = Set("bcdfghjklmpqrstvwxyz")

    /// Turns as much of `pending` into kana as can be decided now (or all of it, `final`).
    private mutating func resolve(final: Bool) {
        while !pending.isEmpty {
            if let value = RomajiTable.kana[pending] {
                kana += value
                pending = ""
                return
            }
            if RomajiTable.prefixes.contains(pending) {
                guard final else { return }
                if pending == "n" {
                    kana += "ん"
                    pending = ""
                    return
                }
                kana += pending
                pending = ""
                return
            }
            let characters = Array(pending)
            let first = characters[0]
            if characters.count >= 2, first == characters[1], first != "n", Self.consonants.contains(first) {
                kana += "っ"   // a doubled consonant: "kka" → っか
            } else if characters.count >= 2, first == "t", characters[1] == "c" {
                kana += "っ"   // "tchi" → っち
            } else if first == "n" {
                kana += "ん"   // "n" before a consonant: "kantan" → かんたん
            } else {
                kana.append(first)   // not romaji: as typed
            }
            pending.removeFirst()
        }
    }
}
