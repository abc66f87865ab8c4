import ClavisLayout
import Testing

@Suite struct KeyActionTests {
    /// The form-changing key is every mode's (`change-form`); layouts written when it was
    /// Japanese's alone (`kana-form`) still read.
    @Test func theFormKeyReadsUnderItsNameAndItsOldOne() {
        #expect(KeyAction(name: "change-form") == .changeForm)
        #expect(KeyAction(name: "kana-form") == .changeForm)
        #expect(KeyAction.names.contains("change-form") && !KeyAction.names.contains("kana-form"), "error messages give the new name")
        #expect(KeyAction(name: "shout") == nil)
    }
}
