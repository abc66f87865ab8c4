import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// Whether the bar shows, as the input mode shown decides (words: on in the settings, a
    /// lexicon for the language, a field that wants it; Japanese: always, but for passwords),
    /// except over the editing panel, which shows what was copied there, if anything.
    var suggestionBarVisible: Bool {
        if isShowingEditingPanel { return controller.barOverride != nil }
        return activeMode?.showsBar(in: proxy?.traits ?? TextInputTraits()) ?? false
    }

    /// Whether the bar's strip shows: the bar, the dwell controls, or the room the emoji
    /// keyboard keeps for the bar of the keyboard it was switched from — its rows below the
    /// same strip, so the globe and the bottom row stay where the finger left them, and the
    /// ✎ still opens the editing panel.
    var barStripShown: Bool { suggestionBarVisible || dwellEnabled || keepsBarRoom }

    /// The bar's height for keys of this height: four fifths of a key row, so the layout's own
    /// row constraints size it in every orientation and at every size.
    static func suggestionBarHeight(keyHeight: Double) -> Double {
        (min(56, max(24, keyHeight * 0.8))).rounded()
    }

    /// The median height of the letter keys in a solved layer, of all its keys where it has
    /// no letters (the editing panel, whose clipboard strip is a bar like any other); 0 for
    /// no keys.
    static func letterKeyHeight(_ geometry: KeyboardGeometry) -> Double {
        let letters = geometry.frames.filter { $0.key.action.isCharacter }
        let heights = (letters.isEmpty ? geometry.frames : letters).map(\.frame.height).sorted()
        return heights.isEmpty ? 0 : heights[heights.count / 2]
    }

    /// The bar's strip in the area's coordinates (empty while hidden).
    var suggestionStrip: Rect {
        Rect(x: 0, y: 0, width: shownBarHeight > 0 ? geometry.width : 0, height: shownBarHeight)
    }

    /// The slots' frames in the area's coordinates, left to right: a third of the bar
    /// each for words; Japanese candidates as wide as their text needs, sharing the bar's
    /// width in proportion (a whole sentence gets more room than one kanji).
    var suggestionSlotFrames: [Rect] {
        let height = shownBarHeight
        let bar = controller.bar
        // A strip kept without a bar (dwell's controls, the emoji keyboard's room) has none.
        guard height > 0, suggestionBarVisible, !bar.slots.isEmpty else { return [] }
        let fitted = activeMode?.fitsSlotsToText == true
        let weights: [Double] = if fitted {
            bar.slots.indices.map { Double(max(2, bar.label(ofSlot: $0).count)) + 1.5 }
        } else {
            Array(repeating: 1, count: max(SuggestionBar.slotCount, bar.slots.count))
        }
        // Japanese candidates share at least twelve units, so one kanji is not the whole bar.
        let units = fitted ? max(weights.reduce(0, +), 12) : weights.reduce(0, +)
        let start = panelButtonFrame?.width ?? 0
        let unit = (geometry.width - dwellControlsWidth - start) / units
        var x = start
        return bar.slots.indices.map { index in
            defer { x += weights[index] * unit }
            return Rect(x: x, y: 0, width: weights[index] * unit, height: height)
        }
    }

    /// Types the word (or commits the candidate) in a slot, as a tap on it does.
    public func chooseSuggestion(slot: Int) {
        handlingEvent { controller.chooseSuggestion(slot: slot) }
    }

    /// Commits the focused segment's candidate at `index` (from the full candidate list).
    public func chooseCandidate(_ index: Int) {
        handlingEvent { controller.chooseCandidate(index) }
    }
}
