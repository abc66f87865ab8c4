/// Where each letter sits on the keyboard, so a slip to a neighbouring key costs less than a
/// far one when correcting.
///
/// Built from the layout's solved key frames (`init(keys:)`, any layout, any orientation);
/// `qwerty` is the stand-in when no layout is at hand. Distances are in key widths.
///
///     let proximity = KeyProximity.qwerty
///     proximity.substitutionCost(typed: "o", meant: "p")   // neighbours: cheap
///     proximity.substitutionCost(typed: "o", meant: "z")   // far apart: dear
public struct KeyProximity: Sendable {
    private var centres: [UInt16: (x: Double, y: Double)] = [:]

    /// A key's letter and the centre of its frame, with the typical key width to scale by.
    public init(keys: [(letter: Character, x: Double, y: Double)], keyWidth: Double) {
        let scale = keyWidth > 0 ? keyWidth : 1
        for key in keys {
            for unit in String(key.letter).lowercased().utf16 where centres[unit] == nil {
                centres[unit] = (key.x / scale, key.y / scale)
            }
        }
    }

    /// A US QWERTY grid of letters, staggered as on a phone.
    public static let qwerty: KeyProximity = {
        let rows: [(String, Double)] = [("qwertyuiop", 0), ("asdfghjkl", 0.5), ("zxcvbnm", 1.5)]
        var keys: [(Character, Double, Double)] = []
        for (row, (letters, offset)) in rows.enumerated() {
            for (column, letter) in letters.enumerated() { keys.append((letter, Double(column) + offset, Double(row))) }
        }
        return KeyProximity(keys: keys.map { (letter: $0.0, x: $0.1, y: $0.2) }, keyWidth: 1)
    }()

    /// Whether the layout has a key for this (folded) letter.
    public func contains(_ unit: UInt16) -> Bool { centres[unit] != nil }

    /// The distance between two letters' keys in key widths, or `nil` if either is not on the layout.
    public func distance(_ a: UInt16, _ b: UInt16) -> Double? {
        guard let p = centres[a], let q = centres[b] else { return nil }
        let dx = p.x - q.x, dy = p.y - q.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// What typing `typed` where `meant` belongs costs (in orders of magnitude of likelihood).
    ///
    /// The same letter costs nothing, an accent of Latin-1 left out 0.3, a neighbouring key
    /// about 1.5, rising with distance to 2.4; vowels swapped for each other (a phonetic slip)
    /// at most 1.6.
    public func substitutionCost(typed: UInt16, meant: UInt16) -> Float {
        if typed == meant { return 0 }
        // Within a slip search an accent costs what it did before Latin Extended-A had bases:
        // Polish and Czech have many words an accent apart, and "teaz" must stay near
        // "teraz", not "też". A word whose only difference is its accents is put back by the
        // accent lookup (`Lexicon.accentedForms`), at `accentLeftOut` a letter.
        if typed < 0x100, meant < 0x100, WordFolding.base(of: typed) == WordFolding.base(of: meant) { return Self.accentInSlip }
        var cost: Float = Self.farCost
        if let distance = distance(typed, meant) { cost = Float(min(Double(Self.farCost), 1.0 + 0.5 * distance)) }
        if Self.isVowel(typed), Self.isVowel(meant) { cost = min(cost, 1.6) }
        return cost
    }

    static let farCost: Float = 2.4
    /// What a letter typed without its accent costs: nearly nothing, because many people
    /// type Polish, Czech or Turkish on a keyboard without the accents and expect them back
    /// (`zolw` → `żółw`), and the accented word's frequency should decide, not its distance.
    public static let accentLeftOut: Float = 0.1
    /// What an accent left out costs beside another slip ("ubre" for "über").
    static let accentInSlip: Float = 0.3

    static func isVowel(_ unit: UInt16) -> Bool {
        switch WordFolding.base(of: unit) {
        case 0x61, 0x65, 0x69, 0x6F, 0x75, 0x79: true
        default: false
        }
    }
}
