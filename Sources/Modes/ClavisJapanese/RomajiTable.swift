/// Romaji spellings and the kana they compose, as Japanese desktop IMEs accept them (Hepburn
/// and Kunrei both: "shi" and "si" are し; "x" or "l" before a kana makes it small).
///
///     RomajiTable.kana["kya"]   // "きゃ"
enum RomajiTable {
    /// Every complete spelling and its kana.
    static let kana: [String: String] = {
        var table: [String: String] = [:]
        let vowels = ["a", "i", "u", "e", "o"]
        func row(_ consonant: String, _ kana: [String]) {
            for (vowel, value) in zip(vowels, kana) where !value.isEmpty { table[consonant + vowel] = value }
        }
        row("", ["あ", "い", "う", "え", "お"])
        row("k", ["か", "き", "く", "け", "こ"]); row("g", ["が", "ぎ", "ぐ", "げ", "ご"])
        row("s", ["さ", "し", "す", "せ", "そ"]); row("z", ["ざ", "じ", "ず", "ぜ", "ぞ"])
        row("t", ["た", "ち", "つ", "て", "と"]); row("d", ["だ", "ぢ", "づ", "で", "ど"])
        row("n", ["な", "に", "ぬ", "ね", "の"])
        row("h", ["は", "ひ", "ふ", "へ", "ほ"]); row("b", ["ば", "び", "ぶ", "べ", "ぼ"])
        row("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"])
        row("m", ["ま", "み", "む", "め", "も"])
        row("y", ["や", "", "ゆ", "いぇ", "よ"])
        row("r", ["ら", "り", "る", "れ", "ろ"])
        row("w", ["わ", "うぃ", "う", "うぇ", "を"])
        row("f", ["ふぁ", "ふぃ", "ふ", "ふぇ", "ふぉ"])
        row("v", ["ゔぁ", "ゔぃ", "ゔ", "ゔぇ", "ゔぉ"])
        row("j", ["じゃ", "じ", "じゅ", "じぇ", "じょ"])
        row("sh", ["しゃ", "し", "しゅ", "しぇ", "しょ"])
        row("ch", ["ちゃ", "ち", "ちゅ", "ちぇ", "ちょ"])
        row("ts", ["つぁ", "つぃ", "つ", "つぇ", "つぉ"])
        row("th", ["てゃ", "てぃ", "てゅ", "てぇ", "てょ"])
        row("dh", ["でゃ", "でぃ", "でゅ", "でぇ", "でょ"])
        // Contracted sounds (拗音): consonant + y + a/u/o, and the small kana behind them.
        let contracted: [(String, String)] = [
            ("k", "き"), ("g", "ぎ"), ("s", "し"), ("z", "じ"), ("t", "ち"), ("c", "ち"), ("d", "ぢ"), ("n", "に"),
            ("h", "ひ"), ("b", "び"), ("p", "ぴ"), ("m", "み"), ("r", "り"), ("j", "じ"), ("f", "ふ"), ("v", "ゔ"),
        ]
        for (consonant, base) in contracted {
            table[consonant + "ya"] = base + "ゃ"
            table[consonant + "yu"] = base + "ゅ"
            table[consonant + "yo"] = base + "ょ"
        }
        table["tyi"] = "ちぃ"; table["cyi"] = "ちぃ"
        for small in ["x", "l"] {
            row(small, ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"])
            table[small + "ya"] = "ゃ"; table[small + "yu"] = "ゅ"; table[small + "yo"] = "ょ"
            table[small + "tu"] = "っ"; table[small + "tsu"] = "っ"; table[small + "wa"] = "ゎ"
        }
        table["nn"] = "ん"
        table["n'"] = "ん"
        table["xn"] = "ん"
        table["-"] = "ー"
        table[","] = "、"
        table["."] = "。"
        table["["] = "「"
        table["]"] = "」"
        table["?"] = "？"
        table["!"] = "！"
        table["~"] = "〜"
        return table
    }()

    /// Every proper prefix of a spelling: letters that may still become kana.
    static let prefixes: Set<String> = {
        var prefixes = Set<String>()
        for key in kana.keys {
            var prefix = ""
            for character in key.dropLast() {
                prefix.append(character)
                prefixes.insert(prefix)
            }
        }
        return prefixes
    }()
}
