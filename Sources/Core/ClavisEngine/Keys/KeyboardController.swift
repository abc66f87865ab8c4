import ClavisLayout

/// Decides what a key gesture means and sends the result to the text-document proxy.
///
/// - Shift latches for one character, locks on a double tap (caps lock), and is set on its
///   own from the field's auto-capitalisation and the text before the caret. While a finger
///   holds it (`holdShift`), everything typed is a capital, whatever the latch.
/// - Layer keys switch the layer the view shows; a space or Return typed on another layer
///   goes back to the first (letters), as iOS does.
/// - The globe and dismiss keys, and a long press on the globe, are reported to the owner.
/// - What typing means beyond that (suggestions and corrections, a Japanese composition) is
///   the input mode's (`mode`), which the session sets for the keyboard shown.
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
        didSet {
            insertedText = nil
            textDidChange()
        }
    }
    /// What the keyboard itself last inserted at once (a clipboard item), until the next key:
    /// the editing panel's Undo takes it back where the field has no undo of its own.
    var insertedText: String?
    /// The layer shown now.
    public private(set) var layer: String
    public internal(set) var shift: ShiftState = .off
    /// How many fingers (or the mouse) hold a shift key down right now.
    public private(set) var heldShifts = 0
    /// Ctrl, Alt, Super and AltGr: latched, locked or held.
    public private(set) var modifiers = StickyModifiers()
    /// Called after a press changes what keys show (shift, layer), so the view can redraw.
    public var onAppearanceChange: (() -> Void)?
    /// Called for the next-keyboard (globe) key.
    public var onNextKeyboard: (() -> Void)?
    /// Called to go back to the keyboard shown before (the emoji keyboard's ABC).
    public var onPreviousKeyboard: (() -> Void)?
    /// Called for a long press on the globe key, with that key: show the list of keyboards
    /// beside it.
    public var onKeyboardList: ((KeyDefinition) -> Void)?
    /// Called for the dismiss key.
    public var onDismiss: (() -> Void)?
    /// Called for the editing panel's Clipboard key: show everything copied.
    public var onClipboardList: (() -> Void)?
    /// Called for a key that shows the editing panel (`{edit: panel}`).
    public var onEditingPanel: (() -> Void)?
    /// Called for a key that sets how the keys sit for the hands (one-handed, split, both).
    public var onHands: ((HandMode) -> Void)?
    /// The key's feedback (its click): on every press and every auto-repeat, before the text work.
    public var feedback: (any KeyFeedback)?
    /// Called with each emoji typed from an emoji key (for the Recent page).
    public var onEmoji: ((String) -> Void)?
    /// Whether the shift latches by itself where the field capitalises (a sentence start):
    /// the `autoCapitalization` setting.
    public var autoCapitalises = true {
        didSet { textDidChange() }
    }
    /// How typing turns into edits on the keyboard shown (words with suggestions, a
    /// Japanese composition); `nil` types each key's text as it is.
    public var mode: (any InputMode)? {
        didSet { textDidChange() }
    }

    public init(layout: KeyboardLayout) {
        self.layout = layout
        layer = layout.layers.first?.name ?? ""
    }

    /// Switches to another keyboard, as one freshly shown: its first layer, no shift or
    /// modifier (any marked text on the old one committed first). The proxy, mode, feedback
    /// and callbacks stay, so whoever holds this controller keeps a live one.
    ///
    ///     controller.show(numbers)   // its first layer, Shift off
    public func show(_ layout: KeyboardLayout) {
        finishComposition()
        self.layout = layout
        layer = layout.layers.first?.name ?? ""
        shift = .off
        heldShifts = 0
        modifiers = StickyModifiers()
        textDidChange()
        onAppearanceChange?()
    }

    /// What the bar above the keys shows: the mode's suggestions or candidates.
    public var bar: SuggestionBar { barOverride?.bar ?? mode?.bar ?? .empty }

    /// A bar shown instead of the mode's, and what a tap on one of its slots does: the
    /// editing panel's clipboard (`nil`: the mode's bar).
    public var barOverride: (bar: SuggestionBar, choose: @MainActor (Int) -> Void)?

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
        if gesture == .press || gesture == .repeatPress { feedback?.give(.key(key.sound)) }
        guard let effect = KeyEffect.table(for: gesture, key.action) else { return }
        if case .edit(.undo) = effect {} else { insertedText = nil }
        switch effect {
        case .type(let text):
            if !modifiers.active.isEmpty {
                // With Ctrl, Alt, Super or AltGr a character key is a shortcut, not text.
                return send(KeyPress(name: KeyRouting.keyName(typing: text.lowercased()), modifiers: modifiers.active, shift: isShiftLatched))
            }
            if key.styles.contains("emoji"), !key.styles.contains("category") { onEmoji?(text) }
            let typed = isShiftLatched ? (key.shifted ?? text.uppercased()) : text
            let outcome = proxy.flatMap { proxy in mode?.type(text, as: typed, key: key, in: proxy) } ?? .passed
            if outcome == .passed { proxy?.insertText(typed) }
            if case .latched = shift { shift = .off }
            if outcome != .composed, text == " " || text == "\n", layer != layout.layers.first?.name {
                layer = layout.layers.first?.name ?? layer
            }
            textDidChange()
            onAppearanceChange?()
        case .deleteBackward:
            if let proxy, mode?.deleteBackward(in: proxy) != true { proxy.deleteBackward() }
            textDidChange()
            onAppearanceChange?()
        case .moveCaret(let offset):
            moveCaretStep(offset)
        case .changeForm:
            if let proxy { mode?.changeLastForm(in: proxy) }
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
        case .previousKeyboard:
            onPreviousKeyboard?()
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
        case .edit(let command):
            perform(command)
        case .hands(let mode):
            onHands?(mode)
        }
    }

    /// Sends a key event with the modifiers in force; latched ones (and a latched shift) are
    /// used up by it.
    func send(_ press: KeyPress) {
        if let proxy { mode?.keyWillBeSent(in: proxy) }
        proxy?.sendKey(press)
        modifiers.keyUsed()
        if case .latched = shift { shift = .off }
        textDidChange()
        onAppearanceChange?()
    }

    /// Shows the layer of that name (a held layer key going back); unknown names are ignored.
    public func showLayer(_ name: String) {
        guard name != layer, layout.layer(name) != nil else { return }
        layer = name
        onAppearanceChange?()
    }

    /// Types what flicking `key` that way types (the ケータイ kana keys): into the
    /// composition on a Japanese layout.
    public func typeFlick(_ key: KeyDefinition, _ direction: FlickDirection) {
        guard let text = key.flicks?[direction], let proxy else { return }
        if let mode { mode.typeFlick(text, in: proxy) } else { proxy.insertText(text) }
        textDidChange()
        onAppearanceChange?()
    }

    /// Commits any composition as it stands (the field is about to lose focus, the keyboard
    /// to change).
    public func finishComposition() {
        guard let proxy, mode?.finish(in: proxy) == true else { return }
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

    /// The text or focus changed outside the keyboard (iOS's textDidChange): recompute the
    /// automatic shift from the field's auto-capitalisation and the text before the caret,
    /// and the suggestion bar. A shift the user set stays as it is.
    public func textDidChange() {
        mode?.textDidChange(proxy)
        switch shift {
        case .locked, .latched(automatic: false): return
        default: break
        }
        let capitalise = autoCapitalises && mode?.capitalises != false && proxy.map { $0.traits.autocapitalizationType.capitalizes(after: $0.documentContextBeforeInput) } ?? false
        let wanted: ShiftState = capitalise ? .latched(automatic: true) : .off
        if wanted != shift {
            shift = wanted
            onAppearanceChange?()
        }
    }
}
