import ClavisLayout

/// Decides what a key gesture means and sends the result to the text-document proxy.
///
/// - Shift latches for one character, locks on a double tap (caps lock), and is set on its
///   own from the field's auto-capitalisation and the text before the caret. While a finger
///   holds it (`holdShift`), everything typed is a capital, whatever the latch.
/// - Layer keys switch the layer the view shows; a space or Return typed on another layer
///   goes back to the first (letters), as iOS does.
/// - The globe and dismiss keys, and a long press on the globe, are reported to the owner.
///
///     let controller = KeyboardController(layout: us)
///     controller.proxy = document
///     controller.handle(.release, on: us.key("h")!)   // "H" at the start of a sentence
@MainActor
public final class KeyboardController {
    /// The layout whose keys are pressed.
    public let layout: KeyboardLayout
    /// Where typed text goes; `nil` while no field is focused (presses then do nothing).
    public var proxy: (any TextDocumentProxy)? {
        didSet { textDidChange() }
    }
    /// The layer shown now.
    public private(set) var layer: String
    public private(set) var shift: ShiftState = .off
    /// How many fingers (or the mouse) hold a shift key down right now.
    public private(set) var heldShifts = 0
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
    /// The suggestion bar and auto-correction; `nil` for none.
    public var suggestions: SuggestionSession? {
        didSet { suggestions?.update(proxy) }
    }

    public init(layout: KeyboardLayout) {
        self.layout = layout
        layer = layout.layers.first?.name ?? ""
    }

    /// Whether the next character is capitalised: shift latched, locked or held.
    public var isShiftLatched: Bool { shift != .off || heldShifts > 0 }

    /// A shift key went down and stays down: capitals until `releaseHeldShift`.
    public func holdShift() {
        heldShifts += 1
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
            var typed = isShiftLatched ? text.uppercased() : text
            if let proxy, let suggestions { typed = suggestions.willInsert(typed, into: proxy) }
            proxy?.insertText(typed)
            if case .latched = shift { shift = .off }
            if text == " " || text == "\n", layer != layout.layers.first?.name {
                layer = layout.layers.first?.name ?? layer
            }
            textDidChange()
            onAppearanceChange?()
        case .deleteBackward:
            if let proxy, suggestions?.deleteBackward(in: proxy) != true { proxy.deleteBackward() }
            textDidChange()
        case .moveCaret(let offset):
            suggestions?.otherKeyPressed()
            proxy?.adjustTextPosition(byCharacterOffset: offset)
            textDidChange()
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
        }
    }

    /// Shows the layer of that name (a held layer key going back); unknown names are ignored.
    public func showLayer(_ name: String) {
        guard name != layer, layout.layer(name) != nil else { return }
        layer = name
        onAppearanceChange?()
    }

    /// Performs the key's action once, as a tap: press then release.
    public func activate(_ key: KeyDefinition) {
        handle(.press, on: key)
        handle(.release, on: key)
    }

    /// Types one of a key's long-press alternates.
    public func typeAlternate(_ text: String) {
        handle(.release, on: KeyDefinition(id: text, action: .insert(text)))
    }

    /// Types the word in a slot of the suggestion bar (then a space), as a tap on it.
    public func chooseSuggestion(slot index: Int) {
        guard let proxy, let suggestions else { return }
        suggestions.choose(slot: index, in: proxy)
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
        let capitalise = proxy.map { $0.traits.autocapitalizationType.capitalizes(after: $0.documentContextBeforeInput) } ?? false
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
            isShiftLatched ? key.label.uppercased() : key.label
        case .return:
            proxy.map { $0.returnKeyType == .default ? key.label : $0.returnKeyType.label } ?? key.label
        default:
            key.label
        }
    }
}
