import ClavisLayout

/// The bar above the keys and the words a stroke draws: what taps and swipes on it do, all
/// through the input mode shown.
extension KeyboardController {
    /// Types the word in a slot of the suggestion bar (then a space), as a tap on it, with
    /// the capitals the keys show (a latched Shift is used up).
    public func chooseSuggestion(slot index: Int) {
        if let barOverride {
            barOverride.choose(index)
            textDidChange()
            onAppearanceChange?()
            return
        }
        guard let proxy, let mode else { return }
        mode.choose(slot: index, cased: wordCasing, in: proxy)
        if case .latched = shift { shift = .off }
        textDidChange()
        onAppearanceChange?()
    }

    /// The capitals a word typed whole (swiped, or chosen from the bar) gets now: all with
    /// caps lock, the first with shift latched (a sentence start, a name field) or a Shift
    /// key held down, else none.
    ///
    ///     controller.wordCasing("hello")   // "Hello" at a sentence start
    public var wordCasing: (String) -> String {
        let state: ShiftState = shift == .off && heldShifts > 0 ? .latched(automatic: false) : shift
        return { word in
            switch state {
            case .locked: word.uppercased()
            case .latched: word.prefix(1).uppercased() + word.dropFirst()
            case .off: word
            }
        }
    }

    /// Types the word a swipe drew (the first of `candidates`, the others offered in the
    /// bar), with the capitals the field and shift ask for (`wordCasing`).
    public func typeSwipe(_ candidates: [String]) {
        guard let proxy, let mode, !candidates.isEmpty else { return }
        mode.typeStroke(candidates, cased: wordCasing, in: proxy)
        if case .latched = shift { shift = .off }
        textDidChange()
        onAppearanceChange?()
    }

    /// A swipe along the bar (1 rightwards, -1 leftwards): whether the mode used it (moving
    /// between a conversion's segments).
    public func swipeBar(by offset: Int) -> Bool {
        guard let proxy, let mode, mode.swipeBar(by: offset, in: proxy) else { return false }
        onAppearanceChange?()
        return true
    }

    /// Commits the focused segment's candidate at `index` (from the full candidate list).
    public func chooseCandidate(_ index: Int) {
        guard let proxy, let mode else { return }
        mode.choose(candidate: index, in: proxy)
        textDidChange()
        onAppearanceChange?()
    }
}
