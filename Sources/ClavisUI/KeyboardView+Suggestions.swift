import ClavisData
import ClavisEngine
import ClavisLayout
import ClavisText
import GtkKit
#if canImport(Glibc)
import Glibc
#endif

extension KeyboardView {
    /// Where learned words are kept: `$XDG_DATA_HOME/clavis/learned-words.tsv`.
    public nonisolated static func learnedWordsPath() -> String {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let data = variable("XDG_DATA_HOME") ?? "\(variable("HOME") ?? "/tmp")/.local/share"
        return "\(data)/clavis/learned-words.tsv"
    }

    /// Whether the bar shows: on in the settings, a lexicon for the language, a field that
    /// wants it.
    var suggestionBarVisible: Bool {
        suggestionsEnabled && suggestions.predictor != nil && !suggestions.bar.isHidden
    }

    /// The bar's height for keys of this height: four fifths of a key row, so the layout's own
    /// row constraints size it in every orientation and at every size.
    static func suggestionBarHeight(keyHeight: Double) -> Double {
        (min(56, max(24, keyHeight * 0.8))).rounded()
    }

    /// The median height of the letter keys in a solved layer (0 for none).
    static func letterKeyHeight(_ geometry: KeyboardGeometry) -> Double {
        let heights = geometry.frames.filter { $0.key.action.isCharacter }.map(\.frame.height).sorted()
        return heights.isEmpty ? 0 : heights[heights.count / 2]
    }

    /// The three slots' frames in the widget's coordinates, left to right.
    public var suggestionSlotFrames: [Rect] {
        let height = shownBarHeight
        guard height > 0 else { return [] }
        let width = geometry.width / Double(SuggestionBar.slotCount)
        return (0..<SuggestionBar.slotCount).map { Rect(x: Double($0) * width, y: 0, width: width, height: height) }
    }

    /// The slot under a point, if the bar is there.
    func suggestionSlot(atX x: Double, y: Double) -> Int? {
        suggestionSlotFrames.firstIndex { $0.contains(x: x, y: y) }
    }

    /// The predictor for a layout's language (lexicons are mapped once and kept); `nil`
    /// when no lexicon is installed for it, said once on standard error.
    func predictor(for layout: KeyboardLayout) -> TextPredictor? {
        let language = layout.language.isEmpty ? "en" : layout.language
        let file = LexiconLibrary.fileName(language: language)
        if let lexicon = lexicons[file] { return lexicon.map { TextPredictor(lexicon: $0) } }
        do {
            let lexicon = try LexiconLibrary(directories: ClavisData.textDirectories).load(language: language)
            lexicons[file] = .some(lexicon)
            return TextPredictor(lexicon: lexicon)
        } catch {
            lexicons[file] = .some(nil)
            suggestions.onProblem?("suggestions off for \(layout.id): \(error)")
            return nil
        }
    }

    /// Gives the predictor the key positions the user sees now (letters layer only).
    func updateProximity() {
        guard let predictor = suggestions.predictor, arrangement.layerName == controller.layout.layers.first?.name else { return }
        suggestions.predictor = predictor.with(proximity: KeyProximity(geometry: arrangement.geometry))
    }
}
