import ClavisEngine
import ClavisLayout
import ClavisText

extension KeyboardSession {
    /// Whether a stroke may be a gesture now: swipe on, suggestions on with a lexicon, no
    /// Japanese composition, and not a secure field (which gets no suggestions either).
    var canSwipe: Bool {
        swipeEnabled && suggestionsEnabled && suggestions.predictor != nil && controller.composition == nil
            && proxy?.traits.isSecureTextEntry != true
    }

    /// Connects the tracker's gestures to the decoder.
    func wireSwipe() {
        tracker.gesturesEnabled = { [weak self] in self?.canSwipe ?? false }
        tracker.onGesture = { [weak self] points in self?.swiped(points) }
    }

    /// Decodes a finished gesture and types its best word, the next candidates in the bar.
    func swiped(_ points: [GestureDecoder.Point]) {
        guard let predictor = suggestions.predictor else { return }
        let lexicon = predictor.lexicon
        let geometry = self.geometry
        var decoder: GestureDecoder
        if let cached = gestureDecoder, cached.geometry == geometry, cached.lexicon == lexicon.origin {
            decoder = cached.decoder
        } else {
            decoder = GestureDecoder(lexicon: lexicon, geometry: geometry)
            gestureDecoder = (geometry, lexicon.origin, decoder)
        }
        // Learned words (with Full Access) are swipeable as they are suggested.
        decoder.userWords = predictor.userWords
        let context = TypingContext(before: proxy?.suggestionContext ?? "")
        let candidates = decoder.candidates(for: points, context: context, count: SuggestionBar.slotCount)
        guard !candidates.isEmpty else { return }
        onKeyCommit?()
        controller.typeSwipe(candidates)
    }
}
