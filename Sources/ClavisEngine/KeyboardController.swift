import ClavisLayout

/// Decides what a key press means and sends the result to the text-document proxy.
///
/// Shift latches for one character: press shift, type "h", get "H", and the next letter is
/// lower case again. Pressing shift while latched releases it.
///
///     let controller = KeyboardController(layout: us)
///     controller.proxy = document
///     controller.activate(us.key(id: "shift")!)
///     controller.activate(us.key(id: "h")!)   // document.text == "H"
@MainActor
public final class KeyboardController {
    /// The layout whose keys are pressed.
    public var layout: KeyboardLayout
    /// Where typed text goes; `nil` while no field is focused (presses then do nothing).
    public var proxy: (any TextDocumentProxy)?
    /// Whether the next character is capitalised.
    public private(set) var isShiftLatched = false
    /// Called after a press changes what keys show (shift), so the view can redraw.
    public var onAppearanceChange: (() -> Void)?

    public init(layout: KeyboardLayout) {
        self.layout = layout
    }

    /// Performs the key's action once.
    public func activate(_ key: Key) {
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
        }
    }

    /// The label the key shows now: capitals while shift is latched, and the Return key's
    /// label from the focused field ("Next", "Done", …).
    public func label(for key: Key) -> String {
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
