/// The other ways a reading may be written that an IME offers beside its conversions:
/// katakana, half-width katakana, and full-width or half-width letters and digits.
///
///     TextForms.katakana("きゃべつ")    // "キャベツ"
///     TextForms.halfWidth("キャベツ")   // "ｷｬﾍﾞﾂ"
///     TextForms.fullWidth("abc1")      // "ａｂｃ１"
///     TextForms.alternatives(of: "てれび")   // ["テレビ", "ﾃﾚﾋﾞ"]
public enum TextForms {
    /// Hiragana as katakana (other characters as they are).
    public static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (0x3041...0x3096).contains(scalar.value) || (0x309D...0x309E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x60)! : scalar
        }))
    }

    /// Katakana, hiragana (as katakana), punctuation and full-width letters in their
    /// half-width forms: ガ → ｶﾞ, Ａ → A, 　 → space.
    public static func halfWidth(_ text: String) -> String {
        var result = ""
        for scalar in katakana(text).unicodeScalars {
            if let half = halfKana[scalar] {
                result += half
            } else if (0xFF01...0xFF5E).contains(scalar.value) {
                result.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            } else if scalar.value == 0x3000 {
                result += " "
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// ASCII letters, digits and symbols in their full-width forms (space: U+3000).
    public static func fullWidth(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            if (0x21...0x7E).contains(scalar.value) { return Unicode.Scalar(scalar.value + 0xFEE0)! }
            return scalar.value == 0x20 ? Unicode.Scalar(0x3000)! : scalar
        }))
    }

    /// The forms of `text` other than itself, each once: katakana and half-width katakana
    /// for kana; full-width and half-width for letters.
    public static func alternatives(of text: String) -> [String] {
        var forms: [String] = []
        for form in [katakana(text), halfWidth(text), fullWidth(text)] where form != text && !forms.contains(form) {
            forms.append(form)
        }
        return forms
    }

    /// Full-width katakana and punctuation to half-width (voiced kana as two characters).
    private static let halfKana: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        let full = Array("ァアィイゥウェエォオカキクケコサシスセソタチッツテトナニヌネノハヒフヘホマミムメモャヤュユョヨラリルレロワヲンー・「」、。".unicodeScalars)
        let half = Array("ｧｱｨｲｩｳｪｴｫｵｶｷｸｹｺｻｼｽｾｿﾀﾁｯﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓｬﾔｭﾕｮﾖﾗﾘﾙﾚﾛﾜｦﾝｰ･｢｣､｡".unicodeScalars)
        for (index, scalar) in full.enumerated() { table[scalar] = String(half[index]) }
        for (voiced, base) in zip("ガギグゲゴザジズゼゾダヂヅデドバビブベボヴ".unicodeScalars, "カキクケコサシスセソタチツテトハヒフヘホウ".unicodeScalars) {
            table[voiced] = table[base]! + "ﾞ"
        }
        for (semi, base) in zip("パピプペポ".unicodeScalars, "ハヒフヘホ".unicodeScalars) { table[semi] = table[base]! + "ﾟ" }
        return table
    }()
}
