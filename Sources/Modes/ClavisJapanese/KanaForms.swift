/// The 小ﾞﾟ key's cycles: a kana, then its small, voiced (゛) and semi-voiced (゜) forms,
/// and back, as 12-key Japanese keyboards do it.
///
///     KanaForms.next(after: "は")   // "ば", then "ぱ", then "は"
///     KanaForms.next(after: "つ")   // "っ", then "づ", then "つ"
///     KanaForms.next(after: "ん")   // nil: it has no other form
public enum KanaForms {
    /// Every cycle, each form once; a form's successor is the next in its cycle.
    static let cycles: [String] = [
        "あぁ", "いぃ", "うぅゔ", "えぇ", "おぉ",
        "かが", "きぎ", "くぐ", "けげ", "こご",
        "さざ", "しじ", "すず", "せぜ", "そぞ",
        "ただ", "ちぢ", "つっづ", "てで", "とど",
        "はばぱ", "ひびぴ", "ふぶぷ", "へべぺ", "ほぼぽ",
        "やゃ", "ゆゅ", "よょ", "わゎ",
        "アァ", "イィ", "ウゥヴ", "エェ", "オォ",
        "カガ", "キギ", "クグ", "ケゲ", "コゴ",
        "サザ", "シジ", "スズ", "セゼ", "ソゾ",
        "タダ", "チヂ", "ツッヅ", "テデ", "トド",
        "ハバパ", "ヒビピ", "フブプ", "ヘベペ", "ホボポ",
        "ヤャ", "ユュ", "ヨョ", "ワヮ",
    ]

    private static let successor: [Character: Character] = {
        var table: [Character: Character] = [:]
        for cycle in cycles {
            let forms = Array(cycle)
            for (index, form) in forms.enumerated() { table[form] = forms[(index + 1) % forms.count] }
        }
        return table
    }()

    /// The next form of a kana, or `nil` when it has no other.
    public static func next(after kana: Character) -> Character? {
        successor[kana]
    }
}
