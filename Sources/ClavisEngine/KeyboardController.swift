import ClavisLayout

/// Decides what a key press means and sends the result to the text-document proxy.
///
/// Shift latches for one character: press shift, type "h", get "H", and the next letter is
/// lower case again. Pressing shift while latched releases it. Layer keys switch the layer
/// the view shows; the globe and dismiss keys are reported to whoever owns the keyboard.
///
///     let controller = KeyboardController(layout: us)
///     controller.proxy = document
///     controller.activate(us.key("shift")!)
///     controller.activate(us.key("h")!)   // document.text == "H"
@MainActor
public final class KeyboardController {
    /// The layout whose keys are pressed.
    public let layout: KeyboardLayout
    /// Where typed text goes; `nil` while no field is focused (presses then do nothing).
    public var proxy: (any TextDocumentProxy)?
    /// The layer shown now.
    public private(set) var layer: String
    /// Whether the next character is capitalised.
    public private(set) var isShiftLatched = false
    /// Called after a press changes what keys show (shift, layer), so the view can redraw.
    public var onAppearanceChange: (() -> Void)?
    /// Called for the next-keyboard (globe) key.
    public var onNextKeyboard: (() -> Void)?
    /// Called for the dismiss key.
    public var onDismiss: (() -> Void)?

    public init(layout: KeyboardLayout) {
        self.layout = layout
        layer = layout.layers.first?.name ?? ""
    }

    /// Performs the key's action once.
    public func activate(_ key: KeyDefinition) {
        switch key.action {
        case .insert(let text):
            proxy?.insertText(isShiftLatched ? text.uppercased() : text)
            if isShiftLatched { setShift(false) }
        case .space:
            proxy?.insertText(" ")
        case .tab:
            proxy?.insertText("\t")
        case .return:
            proxy?.insertText("\n")
        case .backspace:
            proxy?.deleteBackward()
        case .shift:
            setShift(!isShiftLatched)
        case .switchLayer(let name):
            guard name != layer, layout.layer(name) != nil else { return }
            layer = name
            onAppearanceChange?()
        case .nextKeyboard:
            onNextKeyboard?()
        case .cursorLeft:
            proxy?.adjustTextPosition(byCharacterOffset: -1)
        case .cursorRight:
            proxy?.adjustTextPosition(byCharacterOffset: 1)
        case .dismiss:
            onDismiss?()
        }
    }

    /// The label the key shows now: capitals while shift is latched, and the Return key's
    /// label from the focused field ("Next", "Done", …).
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

    private func setShift(_ latched: Bool) {
        isShiftLatched = latched
        onAppearanceChange?()
    }
}
