/// Languages named in their own words, as a keyboard shows them to the people who type
/// them: on the space bar when several keyboards are enabled, in the scanning keyboard's name.
///
///     LanguageNames.endonym(of: "de-CH")   // "Deutsch"
///     LanguageNames.endonym(of: "tlh")     // nil
public enum LanguageNames {
    /// The language of a BCP 47 tag ("pt-BR" → "Português"), or `nil` where the table has none
    /// (the caller falls back on the keyboard's own name). XKB keyboards carry their language's
    /// tag, not their layout's country ("xkb:gb" is "en").
    public static func endonym(of tag: String) -> String? {
        endonyms[KeyboardCatalog.baseLanguage(tag)]
    }

    /// The languages the keyboards and lexicons cover, and their neighbours.
    static let endonyms: [String: String] = [
        "ar": "العربية", "bg": "Български", "bn": "বাংলা", "ca": "Català", "cs": "Čeština", "cy": "Cymraeg",
        "da": "Dansk", "de": "Deutsch", "dsb": "Dolnoserbšćina", "hsb": "Hornjoserbšćina", "el": "Ελληνικά", "en": "English", "eo": "Esperanto", "es": "Español",
        "et": "Eesti", "eu": "Euskara", "fa": "فارسی", "fi": "Suomi", "fr": "Français", "ga": "Gaeilge",
        "gd": "Gàidhlig", "gl": "Galego", "he": "עברית", "hi": "हिन्दी", "hr": "Hrvatski", "hu": "Magyar",
        "hy": "Հայերեն", "id": "Indonesia", "is": "Íslenska", "it": "Italiano", "ja": "日本語", "ka": "ქართული",
        "kk": "Қазақ", "ko": "한국어", "lb": "Lëtzebuergesch", "lt": "Lietuvių", "lv": "Latviešu", "mk": "Македонски",
        "ms": "Melayu", "mt": "Malti", "nb": "Norsk", "nl": "Nederlands", "nn": "Nynorsk", "no": "Norsk",
        "pl": "Polski", "pt": "Português", "ro": "Română", "ru": "Русский", "sk": "Slovenčina", "sl": "Slovenščina",
        "sq": "Shqip", "sr": "Српски", "sv": "Svenska", "ta": "தமிழ்", "th": "ไทย", "tr": "Türkçe",
        "uk": "Українська", "ur": "اردو", "vi": "Tiếng Việt", "zh": "中文",
    ]
}
