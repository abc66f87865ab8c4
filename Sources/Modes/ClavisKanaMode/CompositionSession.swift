import ClavisEngine
import ClavisJapanese
import ClavisLayout
import ClavisPrediction

/// A Japanese composition, as a Japanese IME keeps it: kana composed from romaji or flicks,
/// shown in the field as marked text (`setMarkedText`, underlined); Space converts it to kanji
/// segment by segment (文節) and steps through each segment's candidates; Return commits.
///
/// - **Composing**: letters become kana in place, underlined by the field, caret at the end;
///   Backspace edits inside the composition; repeated taps on a flick key cycle its kana
///   (toggle input) and 小ﾞﾟ changes the last kana's form.
/// - **Converting** (after Space): the marked text is the chosen candidate of each segment,
///   the focused segment selected inside it. Space takes the focused segment's next
///   candidate; ← → move the focus; with shift, ← → make the focused segment shorter or
///   longer (re-converted with the new boundary); Backspace goes back to the kana; tapping
///   a candidate in the bar commits the segments up to the focused one.
/// - A field that cannot show marked text (`showsMarkedText` false, another application
///   over XTest) gets only committed text; the composition shows in the bar instead.
///
/// Without a converter (its data missing) everything works but conversion: Space commits
/// the kana.
///
///     let session = CompositionSession(converter: converter)
///     session.type("nihongo", in: proxy)   // proxy shows "にほんご", marked
///     session.space(in: proxy)             // "日本語", marked; bar: 日本語, にっぽんご, …
///     session.commit(in: proxy)            // "日本語", ordinary text
@MainActor
public final class CompositionSession {
    /// What a slot of the bar does when tapped.
    private enum SlotTarget: Equatable {
        case commitComposition
        case sentence(String)
        case prediction(reading: String, word: String)
        case candidate(Int)
        case more
    }

    /// Converts readings to kanji; `nil` while none is loaded (kana only).
    public var converter: (any KanaKanjiConverter)?
    /// How many candidates the bar shows at once (the rest are a tap on ▾ away).
    public var pageSize = 4
    /// Called when a conversion's candidates should be listed in full (the bar's ▾).
    public var onCandidateList: (([String], Int) -> Void)?
    /// The conversions the user committed before (learned with Full Access); `nil` for none.
    public var memory: ConversionMemory?
    /// Runs the predictions a moment after the last key; `nil` computes them at once.
    public var scheduler: (any Scheduler)?
    /// Seconds after the last key before the bar predicts what is being typed.
    public var predictionDelay = 0.1
    /// How long a reading may be for the converter to predict its words (longer ones
    /// convert with Space).
    public var predictionLength = 8
    /// The longest composition, in kana: a kana past it first commits what is composed (as
    /// kana, as Return would), and typing goes on in a new composition. A long sentence typed
    /// before converting is normal in Japanese, and conversion takes longer with the reading
    /// (docs/reliability.md); 120 kana is several sentences, and converts in one search of
    /// `LatticeConverter.pieceLength`.
    public static let maximumLength = 120
    /// Called when the bar changes on its own (predictions arriving).
    public var onChange: (() -> Void)?

    /// The romaji or kana being composed (before conversion).
    public private(set) var composer = RomajiComposer()
    /// The conversion on screen, if Space was pressed.
    public private(set) var converting: Converting?
    /// The bar: the focused segment's candidates while converting.
    public private(set) var bar = SuggestionBar(slots: [])
    private var targets: [SlotTarget] = []
    /// The flick key whose repeated taps cycle the last kana, and where in its cycle it is.
    private var toggle: (keyID: String, cycle: [String], index: Int)?
    /// Whether the current proxy shows marked text (else the bar shows the composition).
    private var marked = MarkedComposition()
    /// What the bar offers for the reading being typed, and the pending computation.
    private var predictions: [(reading: String, word: String)] = []
    private var pendingPrediction: (any ScheduledTask)?

    public init(converter: (any KanaKanjiConverter)? = nil) {
        self.converter = converter
    }

    /// Whether a composition (or a conversion) is in progress.
    public var isComposing: Bool { !composer.isEmpty || converting != nil }

    /// The kana reading being composed.
    public var reading: String {
        converting.map { $0.segments.map(\.reading).joined() } ?? composer.text
    }

    /// What the composition shows now: the kana, or the conversion.
    public var shownText: String { converting?.text ?? composer.text }

    /// What Space would do now: convert (or take the next candidate) while composing.
    public var spaceConverts: Bool { isComposing && converter != nil }

    // MARK: Composing

    /// Adds typed characters (romaji letters, kana, punctuation) to the composition; a
    /// conversion on screen is committed first.
    public func type(_ text: String, in proxy: any TextDocumentProxy) {
        if converting != nil { commit(in: proxy) }
        toggle = nil
        for character in text {
            // Full, and no romaji half typed: what is composed is committed, typing goes on.
            if composer.kana.count >= Self.maximumLength, composer.pending.isEmpty { end(with: composer.finish(), in: proxy) }
            composer.type(character)
        }
        show(in: proxy)
    }

    /// A tap on a flick key: its kana, or, tapped again right after, the next kana of its
    /// cycle in place of the last (あ → い → う → え → お → あ).
    public func tap(_ key: KeyDefinition, text: String, in proxy: any TextDocumentProxy) {
        guard let flicks = key.flicks else { return type(text, in: proxy) }
        if converting == nil, var current = toggle, current.keyID == key.id,
           composer.lastKana.map(String.init) == current.cycle[current.index] {
            current.index = (current.index + 1) % current.cycle.count
            composer.replaceLast(with: current.cycle[current.index])
            toggle = current
            show(in: proxy)
            return
        }
        type(text, in: proxy)
        toggle = (key.id, flicks.cycle(after: text), 0)
    }

    /// The 小ﾞﾟ key: the last kana's next form (つ → っ → づ → つ). Returns whether it
    /// changed anything.
    @discardableResult
    public func changeLastKanaForm(in proxy: any TextDocumentProxy) -> Bool {
        guard converting == nil, let last = composer.lastKana, let next = KanaForms.next(after: last) else { return false }
        composer.replaceLast(with: String(next))
        show(in: proxy)
        return true
    }

    /// Backspace: back from a conversion to its kana, or removes the last letter or kana.
    /// Returns `false` when there was no composition, so the key deletes from the field.
    @discardableResult
    public func deleteBackward(in proxy: any TextDocumentProxy) -> Bool {
        guard isComposing else { return false }
        toggle = nil
        if let conversion = converting {
            converting = nil
            composer = RomajiComposer()
            for character in conversion.segments.map(\.reading).joined() { composer.type(character) }
        } else {
            composer.deleteBackward()
        }
        if composer.isEmpty {
            clearMarked(in: proxy)
        } else {
            show(in: proxy)
        }
        return true
    }

    // MARK: Converting

    /// Space: converts the composition, or takes the focused segment's next candidate.
    /// Returns `false` when there is nothing to convert (the key types a space).
    @discardableResult
    public func space(in proxy: any TextDocumentProxy) -> Bool {
        guard isComposing else { return false }
        toggle = nil
        guard let converter else {
            commit(in: proxy)
            return true
        }
        if var conversion = converting {
            let count = conversion.segments[conversion.focus].candidates.count
            conversion.chosen[conversion.focus] = (conversion.chosen[conversion.focus] + 1) % max(1, count)
            conversion.sentence = nil
            converting = conversion
        } else {
            let result = ranked(converter.convert(composer.finish()))
            guard !result.segments.isEmpty else { return true }
            converting = Converting(segments: result.segments, sentence: result.segments.count > 1 ? result.sentences.first : nil)
        }
        show(in: proxy)
        return true
    }

    /// ← / →: moves the focus between segments while converting. Returns whether it did
    /// (otherwise the caret moves as usual).
    @discardableResult
    public func moveFocus(by offset: Int, in proxy: any TextDocumentProxy) -> Bool {
        guard var conversion = converting else {
            // While composing the arrows only end toggle input (the caret stays at the end).
            if isComposing { toggle = nil }
            return isComposing
        }
        conversion.focus = min(max(conversion.focus + offset, 0), conversion.segments.count - 1)
        conversion.sentence = nil
        converting = conversion
        show(in: proxy)
        return true
    }

    /// Shift+← / Shift+→: makes the focused segment one kana shorter or longer and converts
    /// again, keeping the segments before it as chosen. Returns whether a conversion was
    /// there to resize.
    @discardableResult
    public func resizeFocus(by offset: Int, in proxy: any TextDocumentProxy) -> Bool {
        guard let conversion = converting, let converter else { return false }
        let readings = conversion.segments.map(\.reading)
        let reading = readings.joined()
        let start = readings.prefix(conversion.focus).reduce(0) { $0 + $1.count }
        let end = start + readings[conversion.focus].count + offset
        guard end > start, end <= reading.count else { return true }
        var ends: [Int] = []
        var position = 0
        for segment in readings.prefix(conversion.focus) {
            position += segment.count
            ends.append(position)
        }
        ends.append(end)
        let result = ranked(converter.convert(reading, segmentEnds: ends))
        guard !result.segments.isEmpty else { return true }
        var chosen = result.segments.map { _ in 0 }
        for index in 0..<min(conversion.focus, result.segments.count) where result.segments[index] == conversion.segments[index] {
            chosen[index] = conversion.chosen[index]
        }
        converting = Converting(segments: result.segments, chosen: chosen,
                                focus: min(conversion.focus, result.segments.count - 1))
        show(in: proxy)
        return true
    }

    /// Chooses the focused segment's candidate at `index` and commits the segments up to
    /// it; the segments after it stay, converted again on their own.
    public func choose(candidate index: Int, in proxy: any TextDocumentProxy) {
        guard var conversion = converting, conversion.segments[conversion.focus].candidates.indices.contains(index) else { return }
        conversion.chosen[conversion.focus] = index
        let done = Converting(segments: Array(conversion.segments.prefix(conversion.focus + 1)),
                              chosen: Array(conversion.chosen.prefix(conversion.focus + 1)), focus: 0)
        let rest = conversion.segments.dropFirst(conversion.focus + 1).map(\.reading).joined()
        converting = nil
        learn(done, in: proxy)
        finish(done.text, in: proxy)
        guard !rest.isEmpty else { return update() }
        let result = converter.map { ranked($0.convert(rest)) }
            ?? Conversion(sentences: [rest], segments: [Conversion.Segment(reading: rest, candidates: [rest])])
        converting = Converting(segments: result.segments)
        show(in: proxy)
    }

    /// A tap on a slot of the bar.
    public func choose(slot index: Int, in proxy: any TextDocumentProxy) {
        guard targets.indices.contains(index) else { return }
        switch targets[index] {
        case .commitComposition: commit(in: proxy)
        case .sentence(let sentence):
            if let conversion = converting { learn(Converting(segments: conversion.segments), in: proxy) }
            end(with: sentence, in: proxy)
        case .prediction(let reading, let word):
            memory?.learn(reading: reading, word: word, traits: proxy.traits)
            end(with: word, in: proxy)
        case .candidate(let candidate): choose(candidate: candidate, in: proxy)
        case .more:
            guard let conversion = converting else { return }
            onCandidateList?(conversion.segments[conversion.focus].candidates, conversion.chosen[conversion.focus])
        }
    }

    // MARK: Ending

    /// Return (確定): makes what is shown ordinary text (a pending "n" as ん). Returns
    /// `false` when there was nothing to commit, so Return acts as usual.
    @discardableResult
    public func commit(in proxy: any TextDocumentProxy) -> Bool {
        guard isComposing else { return false }
        if let conversion = converting { learn(conversion, in: proxy) }
        end(with: converting?.text ?? composer.finish(), in: proxy)
        return true
    }

    /// Removes the composition from the field, committing nothing.
    public func cancel(in proxy: any TextDocumentProxy) {
        guard isComposing else { return }
        end(with: nil, in: proxy)
    }

    /// Ends the composition: `text` becomes ordinary text in its place, or (`nil`) the marked
    /// text goes.
    private func end(with text: String?, in proxy: any TextDocumentProxy) {
        converting = nil
        composer = RomajiComposer()
        toggle = nil
        if let text {
            finish(text, in: proxy)
        } else if marked.isInField {
            clearMarked(in: proxy)
        }
        update()
    }

    // MARK: Showing

    /// The conversion with the words the user chose before first in each segment.
    private func ranked(_ conversion: Conversion) -> Conversion {
        guard let memory else { return conversion }
        var result = conversion
        for index in result.segments.indices {
            result.segments[index].candidates = memory.ranked(result.segments[index].candidates, for: result.segments[index].reading)
        }
        return result
    }

    /// Remembers each segment's chosen word for its reading (with Full Access).
    private func learn(_ conversion: Converting, in proxy: any TextDocumentProxy) {
        guard let memory else { return }
        for (segment, chosen) in zip(conversion.segments, conversion.chosen) where segment.candidates.indices.contains(chosen) {
            memory.learn(reading: segment.reading, word: segment.candidates[chosen], traits: proxy.traits)
        }
    }

    /// Predicts the words of the reading being typed, a moment after the last key: the
    /// words learned for readings it begins, then the converter's for the reading itself.
    private func schedulePrediction(in proxy: any TextDocumentProxy) {
        pendingPrediction?.cancel()
        pendingPrediction = nil
        predictions = []
        guard converting == nil, composer.pending.isEmpty, !composer.kana.isEmpty else { return }
        let reading = composer.kana
        let traits = proxy.traits
        let predict: @MainActor () -> Void = { [weak self] in
            guard let self, self.converting == nil, self.composer.kana == reading else { return }
            self.pendingPrediction = nil
            var found = traits.learnsWords ? (self.memory?.predictions(for: reading) ?? []) : []
            if reading.count <= self.predictionLength, let converter = self.converter {
                for word in converter.candidates(for: reading).prefix(self.pageSize) where !found.contains(where: { $0.word == word }) {
                    found.append((reading, word))
                }
            }
            self.predictions = Array(found.filter { $0.word != reading }.prefix(self.pageSize))
            self.update()
            self.onChange?()
        }
        if let scheduler {
            pendingPrediction = scheduler.schedule(after: predictionDelay, predict)
        } else {
            predict()
        }
    }

    /// Shows the composition: as marked text in the field, and in the bar.
    private func show(in proxy: any TextDocumentProxy) {
        schedulePrediction(in: proxy)
        widenFocusedCandidates()
        marked.show(shownText, selected: converting?.focusRange, in: proxy)
        update()
    }

    /// A sentence's conversion gives a segment only the words that fit that sentence (日本
    /// for にほん in 日本語); the converter's candidates for the segment's reading alone add
    /// the others (二本, ニホン), after them. Once per segment, when it is first focused.
    private func widenFocusedCandidates() {
        guard var conversion = converting, let converter, !conversion.widened.contains(conversion.focus) else { return }
        let focus = conversion.focus
        conversion.widened.insert(focus)
        let segment = conversion.segments[focus]
        // The kana themselves stay last when the converter put them last.
        let readingLast = segment.candidates.last == segment.reading && segment.candidates.count > 1
        var candidates = readingLast ? Array(segment.candidates.dropLast()) : segment.candidates
        for sentence in converter.candidates(for: segment.reading) where !segment.candidates.contains(sentence) {
            candidates.append(sentence)
        }
        if readingLast { candidates.append(segment.reading) }
        conversion.segments[focus].candidates = candidates
        converting = conversion
    }

    private func finish(_ text: String, in proxy: any TextDocumentProxy) {
        marked.commit(text, in: proxy)
    }

    private func clearMarked(in proxy: any TextDocumentProxy) {
        marked.clear(in: proxy)
        update()
    }

    /// Fills the bar: the composition first where the field cannot show it, the whole best
    /// sentence while nothing was changed, then the focused segment's candidates, a page at
    /// a time, and ▾ when there are more.
    private func update() {
        var slots: [Suggestion?] = []
        targets = []
        var highlighted: Int?
        if isComposing, !marked.isInField {
            slots.append(Suggestion(text: shownText, kind: .composing))
            targets.append(.commitComposition)
        }
        if converting == nil, isComposing {
            for prediction in predictions {
                slots.append(Suggestion(text: prediction.word, kind: .prediction))
                targets.append(.prediction(reading: prediction.reading, word: prediction.word))
            }
        }
        if let conversion = converting {
            let candidates = conversion.segments[conversion.focus].candidates
            let chosen = conversion.chosen[conversion.focus]
            let page = (chosen / pageSize) * pageSize
            if let sentence = conversion.sentence, page == 0 {
                slots.append(Suggestion(text: sentence, kind: .candidate))
                targets.append(.sentence(sentence))
            }
            for index in page..<min(page + pageSize, candidates.count) {
                if index == chosen { highlighted = slots.count }
                slots.append(Suggestion(text: candidates[index], kind: .candidate))
                targets.append(.candidate(index))
            }
            if candidates.count > pageSize {
                slots.append(Suggestion(text: "▾", kind: .more))
                targets.append(.more)
            }
        }
        bar = SuggestionBar(slots: slots, highlighted: highlighted)
    }
}
