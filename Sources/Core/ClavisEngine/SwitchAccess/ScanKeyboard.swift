import ClavisLayout
import ClavisPrediction

/// Makes the scanning keyboards: `scan` (English) and `scan:de`, `scan:fr`, … with their
/// letters placed by the language's letter frequencies, read from its lexicon (English's
/// known order when no English lexicon is installed).
///
///     let library = LayoutLibrary(generators: [ScanLayout.prefix: { try ScanKeyboard.layout($0, lexicons: lexicons) }])
public enum ScanKeyboard {
    /// The scanning keyboards there are: English always, and one per other language with a
    /// lexicon installed, for the letters are placed by its frequencies.
    ///
    ///     ScanKeyboard.available(lexicons: library)   // with de.clx, en.clx and es.clx:
    ///     // [("scan", "Scanning (English)"), ("scan:de", "Scanning (Deutsch)"), ("scan:es", "Scanning (Español)")]
    public static func available(lexicons: LexiconLibrary) -> [(id: String, name: String)] {
        [("scan", ScanLayout.name(language: "en"))] + lexicons.languages.filter { $0 != "en" }
            .map { (ScanLayout.prefix + $0, ScanLayout.name(language: $0)) }
    }

    public static func layout(_ reference: String, lexicons: LexiconLibrary) throws(LayoutErrors) -> KeyboardLayout {
        let language = reference == "scan" ? "en" : String(reference.dropFirst(ScanLayout.prefix.count))
        let frequencies: [(letter: String, share: Double)]
        do {
            frequencies = try lexicons.load(language: language).letterFrequencies()
        } catch where language == "en" {
            frequencies = ScanLayout.englishLetters.map { ($0, 0) }
        } catch {
            throw LayoutErrors(errors: [LayoutError(file: reference, message: "no scanning keyboard for '\(language)': \(error)")])
        }
        let (letters, alternates) = ScanLayout.letters(from: frequencies)
        return ScanLayout.layout(id: reference, name: ScanLayout.name(language: language), language: language,
                                 letters: letters, alternates: alternates)
    }
}
