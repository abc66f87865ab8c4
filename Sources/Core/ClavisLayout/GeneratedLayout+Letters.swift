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

/// The letters layer's rows, made as the keys are collected (`Builder`'s other pages are in
/// GeneratedLayout.swift).
extension GeneratedLayout.Builder {
    /// The letter keys of the three letter rows (ids `ad1`, `ac1`, `ab1`, … by XKB name),
    /// at most the language's phones' letters a row; every other letter the keymap types
    /// (a row's extra ones, the number row's, AltGr's, Shift's where it is not the capital)
    /// on the long press of the letter it is written like (`LetterHomes`), else of the
    /// letter key nearest where the keymap has it; then the letters the keymap's dead keys
    /// make. Long presses list letters in the key's case, each once, no symbols (those
    /// are on the symbols pages), and no letter a key of its own types.
    mutating func letterRows(_ levels: GeneratedLayout.Levels, language: String) -> [[String]] {
        let rows = [levels.topRow, levels.homeRow, levels.bottomRow]
        let prefixes = ["ad", "ac", "ab"]
        let everyPlain = rows.joined().compactMap(\.plain).filter(GeneratedLayout.isLetter)
        // Scripts without case (Hebrew, Arabic, the Indic ones) keep the PC's eleven: their
        // rarer letters and marks have no letter they are written like to go to.
        let cased = 2 * everyPlain.filter { $0.uppercased() != $0 }.count >= everyPlain.count
        let perRow = cased ? GeneratedLayout.lettersPerRow(language: language) : 11
        let homes = GeneratedLayout.LetterHomes(plains: everyPlain)
        // The letters without a key of their own, with where the keymap has them.
        var strays: [(letter: String, row: Int, position: Int)] = []
        func strayLetters(_ levels: [String?], row: Int, position: Int, all: Bool = false) {
            strays += levels.compactMap { $0 }.filter(all ? GeneratedLayout.isLetter : GeneratedLayout.isStrayLetter).map { ($0, row, position) }
        }
        var kept: [[(position: Int, key: GeneratedLayout.Key)]] = []
        var widest = 0
        for (index, row) in rows.enumerated() {
            // A letter a key before has already (Colemak-DH's second z) is not repeated.
            var letters: [(position: Int, key: GeneratedLayout.Key)] = []
            for (position, key) in row.enumerated() where GeneratedLayout.isLetter(key.plain) {
                if kept.joined().contains(where: { $0.key.plain == key.plain }) || letters.contains(where: { $0.key.plain == key.plain }) {
                    strayLetters([key.shift, key.altGr, key.altGrShift], row: index, position: position)
                } else {
                    letters.append((position, key))
                }
            }
            let limit = index < 2 ? perRow : max(7, min(perRow, widest) - 2)
            while letters.count > limit {
                // The last letter with a home elsewhere goes first (ù to u, ç to c), else the last.
                let drop = letters.lastIndex { !homes.homes(of: $0.key.plain!, among: Set(everyPlain)).isEmpty } ?? letters.count - 1
                let gone = letters.remove(at: drop)
                strayLetters([gone.key.plain], row: index, position: gone.position, all: true)
                strayLetters([gone.key.shift, gone.key.altGr, gone.key.altGrShift], row: index, position: gone.position)
            }
            for (position, key) in row.enumerated() where !GeneratedLayout.isLetter(key.plain) {
                strayLetters([key.shift, key.altGr, key.altGrShift], row: index, position: position)
            }
            kept.append(letters)
            widest = max(widest, letters.count)
        }
        for (position, key) in levels.numberRow.enumerated() {
            strayLetters([key.plain, key.shift, key.altGr, key.altGrShift], row: 0, position: position)
        }
        // The keys, with the letters of their own other levels first on their long press.
        var idOfLetter: [String: Int] = [:]
        var capitalsOnLongPress: Set<String> = []
        var ids: [[String]] = []
        for (index, letters) in kept.enumerated() {
            var rowIDs: [String] = []
            for (position, key) in letters {
                let plain = key.plain!
                // Shift types another letter (Turkish i's İ) or the capital, never punctuation.
                let shifted = key.shift.flatMap { $0 != plain.uppercased() && GeneratedLayout.isLetter($0) ? $0 : nil }
                rowIDs.append("\(prefixes[index])\(position + 1)")
                idOfLetter[plain] = keys.count
                keys.append(KeyDefinition(id: rowIDs.last!, label: plain, action: .insert(plain), shifted: shifted))
                placed.formUnion([plain, shifted ?? plain.uppercased()])
                strayLetters([key.altGr, key.altGrShift], row: index, position: position)
            }
            ids.append(rowIDs)
        }
        let keyed = Set(idOfLetter.keys)
        for stray in strays where !placed.contains(stray.letter) {
            // In the key's case, unless a key types that case but not this one.
            let lower = GeneratedLayout.keyCase(stray.letter)
            let letter = placed.contains(lower) ? stray.letter : lower
            var hosts = homes.homes(of: letter, among: keyed).compactMap { idOfLetter[$0] }
            let row = kept[stray.row].isEmpty ? kept.first { !$0.isEmpty } ?? [] : kept[stray.row]
            if hosts.isEmpty, let nearest = row.min(by: { abs($0.position - stray.position) < abs($1.position - stray.position) }) {
                hosts = [idOfLetter[nearest.key.plain!]!]
            }
            // Gagauz's I beside ı on i: a latched Shift already makes I of ı.
            guard !capitalsOnLongPress.contains(letter) else { continue }
            for host in hosts where !keys[host].alternates.contains(letter) { keys[host].alternates.append(letter) }
            lettersOnLongPress.insert(letter)
            capitalsOnLongPress.insert(letter.uppercased())
        }
        // The accented letters the keymap's dead keys make, after the keymap's own.
        let block = levels.numberRow + rows.joined()
        let accents = Set(block.flatMap { [$0.plain, $0.shift, $0.altGr, $0.altGrShift] }.compactMap { $0 }.compactMap { GeneratedLayout.combining[$0] })
        for index in idOfLetter.values {
            let made = accents.sorted().compactMap { GeneratedLayout.composed(keys[index].label, $0) }
                .filter { !placed.contains($0) && !keys[index].alternates.contains($0) }
            keys[index].alternates += made
            lettersOnLongPress.formUnion(made)
        }
        giveSharedCapitalsBack(Array(idOfLetter.values))
        assert(idOfLetter.count == kept.joined().count, "one key a letter")
        return ids
    }

    /// One key per label under Shift: where two letters share a capital (Greek ς and σ,
    /// both Σ), the one that is not that capital's lowercase keeps its letter; where two
    /// keys' Shift levels type the same letter, the later key keeps its letter.
    private mutating func giveSharedCapitalsBack(_ indices: [Int]) {
        let capitals = Dictionary(grouping: indices.sorted()) { keys[$0].shifted ?? keys[$0].label.uppercased() }
        for (capital, sharing) in capitals where sharing.count > 1 {
            let canonical = sharing.first { keys[$0].shifted == nil && keys[$0].label == capital.lowercased() } ?? sharing[0]
            for index in sharing where index != canonical { keys[index].shifted = keys[index].label }
        }
    }
}
