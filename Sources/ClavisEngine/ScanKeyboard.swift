import ClavisLayout
import ClavisText

/// Makes the scanning keyboards: `scan` (English) and `scan:de`, `scan:fr`, … with their
/// letters placed by the language's letter frequencies, read from its lexicon (English's
/// known order when no English lexicon is installed).
///
///     let library = LayoutLibrary(generators: [ScanLayout.prefix: { try ScanKeyboard.layout($0, lexicons: lexicons) }])
public enum ScanKeyboard {
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
