import ClavisEngine
import ClavisLayout
import Testing

@Suite struct EditCommandKeyPressTests {
    @Test func eachCommandIsTheShortcutTextFieldsShare() {
        let shortcuts = EditCommand.allCases.map { $0.keyPress(selecting: false)?.description }
        #expect(shortcuts == ["Ctrl+a", "Ctrl+x", "Ctrl+c", "Ctrl+v", "Ctrl+z", "Ctrl+Shift+z", "Ctrl+Left", "Ctrl+Right", "Delete", nil, nil],
                "the clipboard's list and the panel are the keyboard's own")
    }

    @Test func selectingAddsShiftToTheMovesOnly() {
        let moves = EditCommand.allCases.filter { $0.keyPress(selecting: true) != $0.keyPress(selecting: false) }
        #expect(moves == [.wordLeft, .wordRight])
        #expect(moves.allSatisfy { $0.moves })
        #expect(EditCommand.wordLeft.keyPress(selecting: true)?.description == "Ctrl+Shift+Left")
    }
}
