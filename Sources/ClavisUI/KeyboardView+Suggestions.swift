import ClavisData
import ClavisEngine
import ClavisLayout
import ClavisText
import Foundation
import GtkKit

extension KeyboardView {
    /// Where learned words are kept: `$XDG_DATA_HOME/clavis/learned-words.tsv`.
    public nonisolated static func learnedWordsPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        return "\(data)/clavis/learned-words.tsv"
    }

    /// The height of the suggestion bar strip above the keys (0 while it is hidden).
    var suggestionBarHeight: Double {
        guard suggestionsEnabled, suggestions.predictor != nil, !suggestions.bar.isHidden, areaHeight > 0 else { return 0 }
        return (min(44, max(28, areaHeight * 0.16))).rounded()
    }

    /// The three slots' frames in the widget's coordinates, left to right.
    public var suggestionSlotFrames: [Rect] {
        let height = suggestionBarHeight
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
            FileHandle.standardError.write(Data("clavis: suggestions off for \(layout.id): \(error)\n".utf8))
            return nil
        }
    }

    /// Gives the predictor the key positions the user sees now (letters layer only).
    func updateProximity() {
        guard let predictor = suggestions.predictor, arrangement.layerName == controller.layout.layers.first?.name else { return }
        suggestions.predictor = predictor.with(proximity: KeyProximity(geometry: arrangement.geometry))
    }
}
