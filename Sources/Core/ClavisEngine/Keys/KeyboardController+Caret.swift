import ClavisLayout

extension KeyboardController {
    /// ← or → (`offset` ±1): the mode's first (a composition's segments), else the caret.
    func moveCaretStep(_ offset: Int) {
        if let proxy, mode?.moveCaret(by: offset, resizing: isShiftLatched, in: proxy) == true {
            if case .latched = shift { shift = .off }
            onAppearanceChange?()
            return
        }
        proxy?.adjustTextPosition(byCharacterOffset: offset)
        textDidChange()
    }

    /// Whether a caret drag selects: Shift held by a finger, or latched by hand (not the
    /// automatic capital at a sentence's start).
    public var caretDragSelects: Bool {
        if heldShifts > 0 { return true }
        switch shift {
        case .locked, .latched(automatic: false): return true
        case .off, .latched(automatic: true): return false
        }
    }

    /// Moves the caret `offset` characters (negative: left) as that many ← or → would: a
    /// composition's segments first, then the text. `selecting` sends Shift+← or Shift+→
    /// instead, which extend the selection in every host that takes keys.
    ///
    ///     controller.moveCaret(by: -3, selecting: false)   // three characters left
    public func moveCaret(by offset: Int, selecting: Bool) {
        guard proxy != nil else { return }
        for _ in 0..<abs(offset) {
            if selecting {
                send(KeyPress(name: offset < 0 ? .left : .right, shift: true))
            } else {
                moveCaretStep(offset < 0 ? -1 : 1)
            }
        }
    }

    /// Moves the caret `lines` lines (negative: up) as ↑ or ↓ would, with Shift when
    /// `selecting`: only for fields that have lines (a single-line field's ↑ moves the focus).
    public func moveCaret(lines: Int, selecting: Bool) {
        guard proxy != nil else { return }
        for _ in 0..<abs(lines) {
            send(KeyPress(name: lines < 0 ? .up : .down, shift: selecting))
        }
    }
}
