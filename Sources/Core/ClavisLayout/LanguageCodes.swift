/// ISO 639-3 language codes, as XKB's registry gives a layout's languages ("deu", "dsb"), in
/// the shortest form a BCP 47 tag takes: the two-letter ISO 639-1 code where there is one
/// ("de"), else the code itself ("dsb": Lower Sorbian has no two-letter code). Lexicons,
/// language names and return-key labels are all looked up by that form.
///
///     LanguageCodes.tag(iso639: "fra")   // "fr"
///     LanguageCodes.tag(iso639: "dsb")   // "dsb"
public enum LanguageCodes {
    public static func tag(iso639 code: String) -> String {
        let lowered = code.lowercased()
        return twoLetter[lowered] ?? lowered
    }

    /// Every three-letter code in XKB's registry (evdev.xml) that has a two-letter one, from
    /// iso-codes' ISO 639-3 table; "nor" (Norwegian) is typed as Bokmål, the lexicon's "nb".
    static let twoLetter: [String: String] = [
        "aka": "ak", "amh": "am", "ara": "ar", "aze": "az", "bak": "ba", "bam": "bm", "bel": "be", "ben": "bn",
        "bod": "bo", "bos": "bs", "bul": "bg", "cat": "ca", "ces": "cs", "chv": "cv", "dan": "da", "deu": "de",
        "div": "dv", "dzo": "dz", "ell": "el", "eng": "en", "epo": "eo", "est": "et", "ewe": "ee", "fao": "fo",
        "fas": "fa", "fin": "fi", "fra": "fr", "ful": "ff", "gla": "gd", "gle": "ga", "guj": "gu", "hau": "ha",
        "heb": "he", "hin": "hi", "hrv": "hr", "hun": "hu", "hye": "hy", "ibo": "ig", "iku": "iu", "ind": "id",
        "isl": "is", "ita": "it", "jav": "jv", "jpn": "ja", "kan": "kn", "kat": "ka", "kaz": "kk", "khm": "km",
        "kik": "ki", "kir": "ky", "kom": "kv", "kor": "ko", "kur": "ku", "lao": "lo", "lav": "lv", "lit": "lt",
        "ltz": "lb", "mal": "ml", "mar": "mr", "mkd": "mk", "mlt": "mt", "mon": "mn", "mri": "mi", "msa": "ms",
        "mya": "my", "nep": "ne", "nld": "nl", "nno": "nn", "nob": "nb", "nor": "nb", "oci": "oc", "ori": "or",
        "oss": "os", "pan": "pa", "pol": "pl", "por": "pt", "pus": "ps", "ron": "ro", "rus": "ru", "san": "sa",
        "sin": "si", "slk": "sk", "slv": "sl", "sme": "se", "snd": "sd", "spa": "es", "sqi": "sq", "srd": "sc",
        "srp": "sr", "swa": "sw", "swe": "sv", "tam": "ta", "tat": "tt", "tel": "te", "tgk": "tg", "tgl": "tl",
        "tha": "th", "tsn": "tn", "tuk": "tk", "tur": "tr", "uig": "ug", "ukr": "uk", "urd": "ur", "uzb": "uz",
        "vie": "vi", "wol": "wo", "yor": "yo", "zho": "zh",
    ]
}
