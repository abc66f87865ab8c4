import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct KeyboardControllerCaretTests {
    let proxy = RecordingProxy(text: "one two")
    let controller = KeyboardController(layout: TestLayouts.tiny)

    init() {
        controller.proxy = proxy
        proxy.clearCalls()
    }

    @Test func stepsMoveAsArrowsWouldAndSelectingSendsShiftArrows() {
        controller.moveCaret(by: -3, selecting: false)
        #expect(proxy.calls == Array(repeating: .adjust(-1), count: 3))
        #expect(proxy.documentContextBeforeInput == "one ")
        proxy.clearCalls()
        controller.moveCaret(by: 2, selecting: true)
        #expect(proxy.calls == Array(repeating: .key(KeyPress(name: .right, shift: true)), count: 2))
        proxy.clearCalls()
        controller.moveCaret(lines: -1, selecting: false)
        controller.moveCaret(lines: 1, selecting: true)
        #expect(proxy.calls == [.key(KeyPress(name: .up)), .key(KeyPress(name: .down, shift: true))])
    }

    @Test func onlyAShiftTheUserSetSelects() {
        #expect(!controller.caretDragSelects)
        controller.holdShift()
        #expect(controller.caretDragSelects)
        controller.releaseHeldShift()
        controller.activate(TestLayouts.tiny.key("shift")!)
        #expect(controller.caretDragSelects, "latched by a tap")
        controller.activate(TestLayouts.tiny.key("shift")!)
        #expect(!controller.caretDragSelects, "tapped again: off")
        controller.proxy = RecordingProxy(text: "", traits: TextInputTraits(autocapitalizationType: .sentences))
        #expect(controller.isShiftLatched && !controller.caretDragSelects, "the sentence's own capital does not select")
    }

    @Test func withoutAFieldNothingMoves() {
        controller.proxy = nil
        controller.moveCaret(by: 4, selecting: false)
        controller.moveCaret(lines: 2, selecting: true)
        #expect(proxy.calls.isEmpty)
    }
}
