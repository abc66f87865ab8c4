import ClavisJapanese
import ClavisLayout

/// Decides what a key gesture means and sends the result to the text-document proxy.
///
/// - Shift latches for one character, locks on a double tap (caps lock), and is set on its
///   own from the field's auto-capitalisation and the text before the caret. While a finger
///   holds it (`holdShift`), everything typed is a capital, whatever the latch.
/// - Layer keys switch the layer the view shows; a space or Return typed on another layer
///   goes back to the first (letters), as iOS does.
/// - The globe and dismiss keys, and a long press on the globe, are reported to the owner.
/// - On a Japanese layout (`language: ja…`) typing goes into a `CompositionSession`: Space
///   converts (変換), Return commits (確定), the arrows move between segments and, with
///   shift, resize them; there is no automatic shift.
///
///     let controller = KeyboardController(layout: us)
///     controller.proxy = document
///     controller.handle(.release, on: us.key("h")!)   // "H" at the start of a sentence
@MainActor
public final class KeyboardController {
    /// The layout whose keys are pressed (`show(_:)` changes it).
    public private(set) var layout: KeyboardLayout
    /// Where typed text goes; `nil` while no field is focused (presses then do nothing).
    public var proxy: (any TextDocumentProxy)? {
        didSet { textDidChange() }
    }
    /// The layer shown now.
    public private(set) var layer: String
    public private(set) var shift: ShiftState = .off
    /// How many fingers (or the mouse) hold a shift key down right now.
    public private(set) var heldShifts = 0
    /// Ctrl, Alt, Super and AltGr: latched, locked or held.
    public private(set) var modifiers = StickyModifiers()
    /// Called after a press changes what keys show (shift, layer), so the view can redraw.
    public var onAppearanceChange: (() -> Void)?
    /// Called for the next-keyboard (globe) key.
    public var onNextKeyboard: (() -> Void)?
    /// Called for a long press on the globe key, with that key: show the list of keyboards
    /// beside it.
    public var onKeyboardList: ((KeyDefinition) -> Void)?
    /// Called for the dismiss key.
    public var onDismiss: (() -> Void)?
    /// Plays the key clicks: on every press and every auto-repeat, before the text work.
    public var sounds: (any SoundPlayer)?
    /// Called with each emoji typed from an emoji key (for the Recent page).
    public var onEmoji: ((String) -> Void)?
    /// Whether the shift latches by itself where the field capitalises (a sentence start):
    /// the `autoCapitalization` setting.
    public var autoCapitalises = true {
        didSet { textDidChange() }
    }
    /// The suggestion bar and auto-correction; `nil` for none.
    public var suggestions: SuggestionSession? {
        didSet { suggestions?.update(proxy) }
    }

    /// The Japanese composition, on a Japanese layout; `nil` on others.
    public private(set) var composition: CompositionSession?

    public init(layout: KeyboardLayout) {
        self.layout = layout
        layer = layout.layers.first?.name ?? ""
        composition = layout.composesKana ? CompositionSession() : nil
    }

    /// Switches to another keyboard, as one freshly shown: its first layer, no shift or
    /// modifier, a composition of its own if it is Japanese (any composition on the old
    /// one committed first). The proxy, sounds, suggestions and callbacks stay, so whoever
    /// holds this controller keeps a live one.
    ///
    ///     controller.show(japanese)   // controller.composition is now a fresh session
    public func show(_ layout: KeyboardLayout) {
        finishComposition()
        self.layout = layout
        layer = layout.layers.first?.name ?? ""
        shift = .off
        heldShifts = 0
        modifiers = StickyModifiers()
        composition = layout.composesKana ? CompositionSession() : nil
        textDidChange()
        onAppearanceChange?()
    }

    /// What the bar above the keys shows: conversion candidates on a Japanese layout, else
    /// the suggestions.
    public var bar: SuggestionBar {
        composition?.bar ?? suggestions?.bar ?? .empty
    }

    /// Whether the next character is capitalised: shift latched, locked or held.
    public var isShiftLatched: Bool { shift != .off || heldShifts > 0 }

    /// A shift key went down and stays down: capitals until `releaseHeldShift`.
    public func holdShift() {
        heldShifts += 1
        onAppearanceChange?()
    }

    /// A modifier key (Ctrl, Alt, …) went down and stays down: it acts until released.
    public func holdModifier(_ modifier: KeyModifier) {
        modifiers.hold(modifier)
        onAppearanceChange?()
    }

    /// A held modifier key came up (or its touch was cancelled).
    public func releaseHeldModifier(_ modifier: KeyModifier) {
        modifiers.release(modifier)
        onAppearanceChange?()
    }

    /// A held shift key came up (or its touch was cancelled).
    public func releaseHeldShift() {
        guard heldShifts > 0 else { return }
        heldShifts -= 1
        onAppearanceChange?()
    }

    /// Performs what `gesture` means for `key` (see `KeyEffect.table`).
    public func handle(_ gesture: Gesture, on key: KeyDefinition) {
        if gesture == .press || gesture == .repeatPress { sounds?.play(key.sound) }
        guard let effect = KeyEffect.table(for: gesture, key.action) else { return }
        switch effect {
        case .type(let text):
            if !modifiers.active.isEmpty {
                // With Ctrl, Alt, Super or AltGr a character key is a shortcut, not text.
                return send(KeyPress(name: KeyRouting.keyName(typing: text.lowercased()), modifiers: modifiers.active, shift: isShiftLatched))
            }
            if let composition, let proxy, compose(text, key: key, composition, proxy) {
                textDidChange()
                onAppearanceChange?()
                return
            }
            if key.styles.contains("emoji"), !key.styles.contains("category") { onEmoji?(text) }
            var typed = isShiftLatched ? (key.shifted ?? text.uppercased()) : text
            if let proxy, let suggestions { typed = suggestions.willInsert(typed, into: proxy) }
            proxy?.insertText(typed)
            if case .latched = shift { shift = .off }
            if text == " " || text == "\n", layer != layout.layers.first?.name {
                layer = layout.layers.first?.name ?? layer
            }
            textDidChange()
            onAppearanceChange?()
        case .deleteBackward:
            if let proxy, composition?.deleteBackward(in: proxy) != true, suggestions?.deleteBackward(in: proxy) != true {
                proxy.deleteBackward()
            }
            textDidChange()
            onAppearanceChange?()
        case .moveCaret(let offset):
            suggestions?.otherKeyPressed()
            if let proxy, let composition, moveInComposition(by: offset, composition, proxy) {
                onAppearanceChange?()
                return
            }
            proxy?.adjustTextPosition(byCharacterOffset: offset)
            textDidChange()
        case .changeKanaForm:
            if let proxy { composition?.changeLastKanaForm(in: proxy) }
            onAppearanceChange?()
        case .toggleShift:
            shift = shift == .off ? .latched(automatic: false) : .off
            onAppearanceChange?()
        case .lockShift:
            shift = .locked
            onAppearanceChange?()
        case .showLayer(let name):
            showLayer(name)
        case .nextKeyboard:
            onNextKeyboard?()
        case .keyboardList:
            onKeyboardList?(key)
        case .dismiss:
            onDismiss?()
        case .toggleCapsLock:
            shift = shift == .locked ? .off : .locked
            onAppearanceChange?()
        case .tapModifier(let modifier):
            modifiers.tap(modifier)
            onAppearanceChange?()
        case .sendKey(let name):
            send(KeyPress(name: name, modifiers: modifiers.active, shift: isShiftLatched))
        }
    }

    /// Sends a key event with the modifiers in force; latched ones (and a latched shift) are
    /// used up by it.
    private func send(_ press: KeyPress) {
        suggestions?.otherKeyPressed()
        if let proxy { composition?.commit(in: proxy) }
        proxy?.sendKey(press)
        modifiers.keyUsed()
        if case .latched = shift { shift = .off }
        textDidChange()
        onAppearanceChange?()
    }

    /// The theme classes for a key's state: `latched` or `locked` for shift, Caps Lock and
    /// the modifiers (a held modifier shows as latched).
    public func stateClasses(for key: KeyDefinition) -> [String] {
        switch key.action {
        case .shift:
            switch shift {
            case .off: return []
            case .latched: return ["latched"]
            case .locked: return ["locked"]
            }
        case .capsLock:
            return shift == .locked ? ["locked"] : []
        case .modifier(let modifier):
            switch modifiers.state(of: modifier) {
            case .locked: return ["locked"]
            case .latched: return ["latched"]
            case .off: return modifiers.isHeld(modifier) ? ["latched"] : []
            }
        default:
            return []
        }
    }

    /// Shows the layer of that name (a held layer key going back); unknown names are ignored.
    public func showLayer(_ name: String) {
        guard name != layer, layout.layer(name) != nil else { return }
        layer = name
        onAppearanceChange?()
    }

    /// Sends what a key types into the composition: Space converts, Return commits, a tab
    /// commits and is typed, everything else composes. Returns `false` when the key acts as
    /// usual (Space or Return with nothing composed).
    private func compose(_ text: String, key: KeyDefinition, _ composition: CompositionSession,
                         _ proxy: any TextDocumentProxy) -> Bool {
        switch text {
        case " ":
            if composition.space(in: proxy) { return true }
            // Japanese IMEs type a full-width space outside a composition.
            proxy.insertText("\u{3000}")
            return true
        case "\n":
            return composition.commit(in: proxy)
        case "\t":
            composition.commit(in: proxy)
            return false
        default:
            composition.tap(key, text: text, in: proxy)
            if case .latched = shift { shift = .off }
            return true
        }
    }

    /// ← → inside a composition: between segments, or with shift resizing the focused one.
    private func moveInComposition(by offset: Int, _ composition: CompositionSession, _ proxy: any TextDocumentProxy) -> Bool {
        if isShiftLatched, composition.converting != nil {
            if case .latched = shift { shift = .off }
            return composition.resizeFocus(by: offset, in: proxy)
        }
        return composition.moveFocus(by: offset, in: proxy)
    }

    /// Types what flicking `key` that way types (the ケータイ kana keys): into the
    /// composition on a Japanese layout.
    public func typeFlick(_ key: KeyDefinition, _ direction: FlickDirection) {
        guard let text = key.flicks?[direction], let proxy else { return }
        if let composition {
            composition.type(text, in: proxy)
        } else {
            proxy.insertText(text)
        }
        textDidChange()
        onAppearanceChange?()
    }

    /// Commits any composition as it stands (the field is about to lose focus, the keyboard
    /// to change).
    public func finishComposition() {
        guard let proxy, composition?.commit(in: proxy) == true else { return }
        textDidChange()
        onAppearanceChange?()
    }

    /// Performs the key's action once, as a tap: press then release.
    public func activate(_ key: KeyDefinition) {
        handle(.press, on: key)
        handle(.release, on: key)
    }

    /// Types one of `key`'s long-press alternates (as that kind of key: an emoji's skin tone
    /// is an emoji).
    public func typeAlternate(_ text: String, of key: KeyDefinition? = nil) {
        handle(.release, on: KeyDefinition(id: text, action: .insert(text), styles: key?.styles ?? []))
    }

    /// Types the word in a slot of the suggestion bar (then a space), as a tap on it.
    public func chooseSuggestion(slot index: Int) {
        guard let proxy else { return }
        if let composition {
            composition.choose(slot: index, in: proxy)
        } else if let suggestions {
            suggestions.choose(slot: index, in: proxy)
        } else {
            return
        }
        textDidChange()
        onAppearanceChange?()
    }

    /// The capitals a swiped word gets now: all with caps lock, the first with shift
    /// latched (a sentence start) or a Shift key held down, else none.
    ///
    ///     controller.swipeCasing("hello")   // "Hello" at a sentence start
    public var swipeCasing: (String) -> String {
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
    /// bar), with the capitals the field and shift ask for (`swipeCasing`).
    public func typeSwipe(_ candidates: [String]) {
        guard let proxy, let suggestions, !candidates.isEmpty else { return }
        suggestions.typeSwiped(candidates, cased: swipeCasing, in: proxy)
        if case .latched = shift { shift = .off }
        textDidChange()
        onAppearanceChange?()
    }

    /// Moves the focus to the next (1) or previous (-1) segment of a conversion (a swipe on
    /// the bar).
    public func moveCompositionFocus(by offset: Int) {
        guard let proxy, let composition, composition.moveFocus(by: offset, in: proxy) else { return }
        onAppearanceChange?()
    }

    /// Commits the focused segment's candidate at `index` (from the full candidate list).
    public func chooseCandidate(_ index: Int) {
        guard let proxy, let composition else { return }
        composition.choose(candidate: index, in: proxy)
        textDidChange()
        onAppearanceChange?()
    }

    /// The text or focus changed outside the keyboard (iOS's textDidChange): recompute the
    /// automatic shift from the field's auto-capitalisation and the text before the caret,
    /// and the suggestion bar. A shift the user set stays as it is.
    public func textDidChange() {
        suggestions?.update(proxy)
        switch shift {
        case .locked, .latched(automatic: false): return
        default: break
        }
        let capitalise = autoCapitalises && composition == nil && proxy.map { $0.traits.autocapitalizationType.capitalizes(after: $0.documentContextBeforeInput) } ?? false
        let wanted: ShiftState = capitalise ? .latched(automatic: true) : .off
        if wanted != shift {
            shift = wanted
            onAppearanceChange?()
        }
    }

    /// The label the key shows now: capitals while shifted, the Return key's label from the
    /// focused field ("Next", "Done", …).
    public func label(for key: KeyDefinition) -> String {
        switch key.action {
        case .insert:
            isShiftLatched ? (key.shifted ?? key.label.uppercased()) : key.label
        case .return:
            if composition?.isComposing == true { "確定" } else {
                proxy.map { $0.returnKeyType == .default ? key.label : $0.returnKeyType.label } ?? key.label
            }
        case .space where composition != nil:
            composition?.spaceConverts == true ? "変換" : "空白"
        default:
            key.label
        }
    }
}
