import ClavisEngine
import ClavisJapanese
import ClavisLayout
import ClavisText

extension KeyboardSession {
    /// The predictor for a layout's language (lexicons are mapped once and kept); `nil`
    /// when no lexicon can be loaded for it, said once, and for Japanese, whose bar holds
    /// conversion candidates instead.
    func predictor(for layout: KeyboardLayout) -> TextPredictor? {
        guard !layout.composesKana else { return nil }
        let language = layout.language.isEmpty ? "en" : layout.language
        if let lexicon = lexicons[language] { return lexicon.map { TextPredictor(lexicon: $0) } }
        do {
            let lexicon = try dependencies.loadLexicon(language)
            lexicons[language] = .some(lexicon)
            return TextPredictor(lexicon: lexicon)
        } catch {
            lexicons[language] = .some(nil)
            report("suggestions off for \(layout.id): \(error)")
            return nil
        }
    }

    /// Gives the predictor the key positions the user sees now (letters layer only).
    func updateProximity() {
        guard let predictor = suggestions.predictor, arrangement.layerName == controller.layout.layers.first?.name else { return }
        suggestions.predictor = predictor.with(proximity: KeyProximity(geometry: arrangement.geometry))
    }

    /// Gives the Japanese keyboard its converter, loaded the first time one is shown, once
    /// the keyboard is drawn (the model takes about 0.04 s to load); when it cannot be
    /// loaded, says why once and the keyboard types kana. Another keyboard shown lets the
    /// converter go after `converterUnloadDelay`, unless a Japanese one comes back first.
    func prepareConversion() {
        guard let composition = controller.composition else {
            converterLoad?.cancel()
            converterLoad = nil
            if converterUnload == nil, case .some(.some) = converter {
                converterUnload = scheduler.schedule(after: converterUnloadDelay) { [weak self] in
                    guard let self else { return }
                    self.converterUnload = nil
                    self.converter = nil
                    // The model's tens of megabytes were freed in small pieces that the heap
                    // keeps for reuse; handing them back is what makes letting go pay.
                    self.dependencies.returnFreedMemory()
                }
            }
            return
        }
        converterUnload?.cancel()
        converterUnload = nil
        composition.memory = conversionMemory
        composition.scheduler = scheduler
        composition.onChange = { [weak self] in self?.redraw() }
        composition.onCandidateList = { [weak self] candidates, chosen in self?.onCandidateList?(candidates, chosen) }
        if let loaded = converter {
            composition.converter = loaded
            return
        }
        converterLoad?.cancel()
        converterLoad = scheduler.schedule(after: 0) { [weak self] in
            guard let self else { return }
            self.converterLoad = nil
            guard let composition = self.controller.composition, composition.converter == nil else { return }
            if self.converter == nil {
                do {
                    self.converter = .some(try self.dependencies.makeConverter())
                } catch {
                    self.converter = .some(nil)
                    self.report("Japanese conversion off (the Japanese keyboards type kana): \(error)")
                }
            }
            composition.converter = self.converter ?? nil
            self.redraw()
        }
    }

    /// The emoji keyboard generated from Unicode's list, with its Recent page when emoji were
    /// used (regenerated each time it is shown, so the page is current; the list is parsed
    /// once); any other layout as it is. A stand-in that cannot be generated (the list is
    /// gone or holds no emoji) is reported, and the built-in layout shows instead.
    func readyToShow(_ layout: KeyboardLayout) -> KeyboardLayout {
        guard layout.id == EmojiKeyboard.id, EmojiKeyboard.isStandIn(layout) || layout.file == dependencies.library.emojiData else {
            return layout
        }
        let recent = recentEmoji.recent()
        guard !recent.isEmpty || EmojiKeyboard.isStandIn(layout) else { return layout }
        if emojiGroups?.file != layout.file { emojiGroups = (layout.file, dependencies.library.emojiGroups(file: layout.file)) }
        guard let groups = emojiGroups?.groups, !groups.isEmpty else {
            guard EmojiKeyboard.isStandIn(layout) else { return layout }
            report("\(layout.file): no emoji could be read (is it Unicode's emoji-test.txt?); showing the built-in layout")
            return .fallback
        }
        return EmojiKeyboard.layout(from: groups, recent: recent, file: layout.file)
    }
}
