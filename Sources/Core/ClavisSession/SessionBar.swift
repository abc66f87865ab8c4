import ClavisEngine
import ClavisLayout
import ClavisPrediction

/// The suggestion bar's place on the keyboard, the session's part: whether its strip shows,
/// how tall it is, where its slots, the ✎ and dwell's controls sit, and a tap on a slot.
/// What the slots say is the input mode's (`controller.bar`).
///
///     session.bar.choose(slot: 1)     // types the middle suggestion, as a tap does
@MainActor
public final class SessionBar {
    unowned let session: KeyboardSession
    /// The strip's height as last laid out (0 while hidden).
    private(set) var height = 0.0
    /// Whether the keyboard shown keeps the bar's room without a bar of its own: the emoji
    /// keyboard, switched to from one that showed a bar (`stripShown`).
    private var keepsRoom = false
    /// The words of the gesture being drawn, and how many of its points they were decoded from.
    var gesturePreview: (points: Int, bar: SuggestionBar)?

    init(session: KeyboardSession) {
        self.session = session
    }

    /// Another keyboard is about to show: the emoji keyboard keeps the room of a bar that
    /// showed.
    func keyboardWillShow(_ layout: KeyboardLayout) {
        keepsRoom = layout.id == EmojiKeyboard.id && height > 0
    }

    /// Whether the bar shows, as the input mode shown decides (words: on in the settings, a
    /// lexicon for the language, a field that wants it; Japanese: always, but for passwords),
    /// except over the editing panel, which shows what was copied there, if anything.
    var isVisible: Bool {
        if session.panel.isShowing { return session.controller.barOverride != nil }
        return session.activeMode?.showsBar(in: session.proxy?.traits ?? TextInputTraits()) ?? false
    }

    /// Whether the bar's strip shows: the bar, the dwell controls, or the room the emoji
    /// keyboard keeps for the bar of the keyboard it was switched from — its rows below the
    /// same strip, so the globe and the bottom row stay where the finger left them, and the
    /// ✎ still opens the editing panel.
    var stripShown: Bool { isVisible || session.access.dwellEnabled || keepsRoom }

    /// Lays the strip out for keys of a solved layer (0 height when it does not show).
    func layOut(over geometry: KeyboardGeometry?) {
        height = geometry.map { Self.height(keyHeight: Self.letterKeyHeight($0)) } ?? 0
    }

    /// The bar's height for keys of this height: four fifths of a key row, so the layout's own
    /// row constraints size it in every orientation and at every size.
    static func height(keyHeight: Double) -> Double {
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

    /// The strip in the area's coordinates (empty while hidden).
    var strip: Rect {
        Rect(x: 0, y: 0, width: height > 0 ? session.geometry.width : 0, height: height)
    }

    /// The slots' frames in the area's coordinates, left to right: a third of the bar
    /// each for words; Japanese candidates as wide as their text needs, sharing the bar's
    /// width in proportion (a whole sentence gets more room than one kanji).
    var slotFrames: [Rect] {
        let bar = session.controller.bar
        // A strip kept without a bar (dwell's controls, the emoji keyboard's room) has none.
        guard height > 0, isVisible, !bar.slots.isEmpty else { return [] }
        let fitted = session.activeMode?.fitsSlotsToText == true
        let weights: [Double] = if fitted {
            bar.slots.indices.map { Double(max(2, bar.label(ofSlot: $0).count)) + 1.5 }
        } else {
            Array(repeating: 1, count: max(SuggestionBar.slotCount, bar.slots.count))
        }
        // Japanese candidates share at least twelve units, so one kanji is not the whole bar.
        let units = fitted ? max(weights.reduce(0, +), 12) : weights.reduce(0, +)
        let start = session.panel.buttonFrame?.width ?? 0
        let unit = (session.geometry.width - session.access.dwellControlsWidth - start) / units
        var x = start
        return bar.slots.indices.map { index in
            defer { x += weights[index] * unit }
            return Rect(x: x, y: 0, width: weights[index] * unit, height: height)
        }
    }

    /// Types the word (or commits the candidate) in a slot, as a tap on it does.
    public func choose(slot: Int) {
        session.handlingEvent { session.controller.chooseSuggestion(slot: slot) }
    }

    /// Commits the focused segment's candidate at `index` (from the full candidate list).
    public func chooseCandidate(_ index: Int) {
        session.handlingEvent { session.controller.chooseCandidate(index) }
    }
}
