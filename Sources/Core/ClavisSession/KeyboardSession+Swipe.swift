import ClavisEngine
import ClavisLayout
import ClavisPrediction

extension KeyboardSession {
    /// Whether a stroke may be a gesture now: the mode shown takes strokes (words, with swipe
    /// and suggestions on and a lexicon), and not in a secure field.
    var canSwipe: Bool {
        activeMode?.takesStrokes == true && proxy?.traits.isSecureTextEntry != true
    }

    /// Connects the tracker's gestures to the decoder.
    func wireSwipe() {
        tracker.gesturesEnabled = { [weak self] in self?.canSwipe ?? false }
        tracker.onGestureMove = { [weak self] points in self?.previewSwipe(points) }
        tracker.onGesture = { [weak self] points in self?.swiped(points) }
    }

    /// Decodes a finished gesture and types its best word, the next candidates in the bar.
    func swiped(_ points: [GestureDecoder.Point]) {
        bar.gesturePreview = nil
        let candidates = decode(points)
        guard !candidates.isEmpty else { return }
        onRequest?(.keyWillAct)
        controller.typeSwipe(candidates)
    }

    /// Shows the words the gesture drawn so far spells in the bar, best in the middle as
    /// suggestions are. Decoded again once the stroke has grown by `previewStep` points, so a
    /// fast pointer's many small moves do not each cost a decoding.
    func previewSwipe(_ points: [GestureDecoder.Point]) {
        if let shown = bar.gesturePreview, points.count < shown.points + Self.previewStep, points.count > shown.points { return }
        let cased = controller.wordCasing
        let ranked = decode(points).map { Suggestion(text: cased($0), kind: .prediction) }
        bar.gesturePreview = (points.count, SuggestionBar(ranked: ranked, typed: "", typedIsKnown: true))
    }

    /// Points a gesture grows by before its preview is decoded again.
    static let previewStep = 4

    /// The bar while a gesture is drawn: its preview, else what the bar showed.
    var barDuringGesture: SuggestionBar? {
        tracker.gestureTrail == nil ? nil : bar.gesturePreview?.bar
    }

    /// The likeliest words for a stroke on the keys shown, after the text before the caret.
    private func decode(_ points: [GestureDecoder.Point]) -> [String] {
        activeMode?.strokeCandidates(points, on: geometry, after: proxy?.suggestionContext ?? "") ?? []
    }
}
