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
        dataPath("learned-words.tsv")
    }

    /// Where learned Japanese conversions are kept: `$XDG_DATA_HOME/clavis/learned-conversions.tsv`.
    public nonisolated static func learnedConversionsPath() -> String {
        dataPath("learned-conversions.tsv")
    }

    /// Where the recently used emoji are kept: `$XDG_DATA_HOME/clavis/recent-emoji.tsv`.
    public nonisolated static func recentEmojiPath() -> String {
        dataPath("recent-emoji.tsv")
    }

    /// Everything learned with Full Access, for "Forget learned words".
    public nonisolated static var learnedStores: [UserWordStore] {
        [UserWordStore(path: learnedWordsPath()), UserWordStore(path: learnedConversionsPath()), UserWordStore(path: recentEmojiPath())]
    }

    /// The emoji keyboard generated from Unicode's list, with its Recent page when emoji were
    /// used (regenerated each time it is shown, so the page is current; the list is parsed
    /// once); any other layout as it is. A stand-in that cannot be generated (the list is
    /// gone or holds no emoji) is reported, and the built-in layout shows instead.
    func readyToShow(_ layout: KeyboardLayout) -> KeyboardLayout {
        guard layout.id == EmojiKeyboard.id, layout.file == LayoutLibrary().emojiData else { return layout }
        let recent = recentEmoji.recent()
        guard !recent.isEmpty || EmojiKeyboard.isStandIn(layout) else { return layout }
        if emojiGroups?.file != layout.file { emojiGroups = (layout.file, LayoutLibrary().emojiGroups()) }
        guard let groups = emojiGroups?.groups, !groups.isEmpty else {
            guard EmojiKeyboard.isStandIn(layout) else { return layout }
            reportProblem("clavis: \(layout.file): no emoji could be read (is it Unicode's emoji-test.txt?); showing the built-in layout")
            return .fallback
        }
        return EmojiKeyboard.layout(from: groups, recent: recent, file: layout.file)
    }

    private nonisolated static func dataPath(_ name: String) -> String {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let data = variable("XDG_DATA_HOME") ?? "\(variable("HOME") ?? "/tmp")/.local/share"
        return "\(data)/clavis/\(name)"
    }

    /// Whether the bar shows: always on a Japanese keyboard (its conversion candidates);
    /// otherwise on in the settings, a lexicon for the language, a field that wants it.
    var suggestionBarVisible: Bool {
        if controller.composition != nil { return proxy?.traits.isSecureTextEntry != true }
        return suggestionsEnabled && suggestions.predictor != nil && !suggestions.bar.isHidden
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

    /// The bar's strip in the widget's coordinates (empty while hidden).
    var suggestionStrip: Rect {
        Rect(x: 0, y: 0, width: shownBarHeight > 0 ? geometry.width : 0, height: shownBarHeight)
    }

    /// The slots' frames in the widget's coordinates, left to right: a third of the bar
    /// each for words; Japanese candidates as wide as their text needs, sharing the bar's
    /// width in proportion (a whole sentence gets more room than one kanji).
    public var suggestionSlotFrames: [Rect] {
        let height = shownBarHeight
        let bar = controller.bar
        guard height > 0, !bar.slots.isEmpty else { return [] }
        let weights: [Double] = if controller.composition != nil {
            bar.slots.indices.map { Double(max(2, bar.label(ofSlot: $0).count)) + 1.5 }
        } else {
            Array(repeating: 1, count: max(SuggestionBar.slotCount, bar.slots.count))
        }
        let unit = geometry.width / max(weights.reduce(0, +), 12)
        var x = 0.0
        return bar.slots.indices.map { index in
            defer { x += weights[index] * unit }
            return Rect(x: x, y: 0, width: weights[index] * unit, height: height)
        }
    }

    /// The slot under a point, if the bar is there.
    func suggestionSlot(atX x: Double, y: Double) -> Int? {
        suggestionSlotFrames.firstIndex { $0.contains(x: x, y: y) }
    }

    /// The predictor for a layout's language (lexicons are mapped once and kept); `nil`
    /// when no lexicon is installed for it, said once on standard error, and for Japanese,
    /// whose bar holds conversion candidates instead.
    func predictor(for layout: KeyboardLayout) -> TextPredictor? {
        guard !layout.composesKana else { return nil }
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

    /// Gives the Japanese keyboard its converter, loaded the first time one is shown, after
    /// the keyboard is drawn (the model takes about 0.04 s to load); when it cannot be
    /// loaded, says why once and the keyboard types kana. Another keyboard shown lets the
    /// converter go after `converterUnloadDelay`, unless a Japanese one comes back first.
    func prepareConversion() {
        guard let composition = controller.composition else {
            if converterUnload == nil, case .some(.some) = converter {
                converterUnload = scheduler.schedule(after: converterUnloadDelay) { [weak self] in
                    self?.converterUnload = nil
                    self?.converter = nil
                    // The model's tens of megabytes were freed in small pieces that the heap
                    // keeps for reuse; handing them back is what makes letting go pay.
                    returnFreedMemory()
                }
            }
            return
        }
        converterUnload?.cancel()
        converterUnload = nil
        composition.memory = conversionMemory
        composition.scheduler = scheduler
        composition.onChange = { [weak self] in self?.redraw() }
        composition.onCandidateList = { [weak self] candidates, chosen in self?.showCandidateList(candidates, chosen: chosen) }
        if let loaded = converter {
            composition.converter = loaded
            return
        }
        MainLoop.idle { [weak self] in
            guard let self, let composition = self.controller.composition, composition.converter == nil else { return }
            if self.converter == nil {
                do {
                    self.converter = .some(try self.makeConverter())
                } catch {
                    self.converter = .some(nil)
                    self.suggestions.onProblem?("Japanese conversion off (the Japanese keyboards type kana): \(error)")
                }
            }
            composition.converter = self.converter ?? nil
            self.redraw()
        }
    }

    /// The full list of the focused segment's candidates (the bar's ▾), over the keys;
    /// choosing one commits it as a tap in the bar does.
    func showCandidateList(_ candidates: [String], chosen: Int) {
        candidateList.map { gtk_widget_destroy($0) }
        let menu = gtk_menu_new()!
        for (index, candidate) in candidates.enumerated() {
            let item = gtk_check_menu_item_new_with_label(candidate)!
            gtk_check_menu_item_set_draw_as_radio(gtkCast(item), 1)
            gtk_check_menu_item_set_active(gtkCast(item), index == chosen ? 1 : 0)
            gtk_widget_set_name(item, "candidate-\(index)")
            Signal.connect(item, "activate") { [weak self] in self?.controller.chooseCandidate(index) }
            gtk_menu_shell_append(gtkCast(menu), item)
        }
        popUp(menu, at: suggestionSlotFrames.last)
        candidateList = menu
    }

    /// Gives the predictor the key positions the user sees now (letters layer only).
    func updateProximity() {
        guard let predictor = suggestions.predictor, arrangement.layerName == controller.layout.layers.first?.name else { return }
        suggestions.predictor = predictor.with(proximity: KeyProximity(geometry: arrangement.geometry))
    }
}
