import ClavisEngine
import ClavisDemoForm
import Testing

/// UIKit's first-responder rules on the focus model (seed 001).
@MainActor @Suite struct FirstResponderTests {
    let fields = [FormField(id: "a", label: "A"), FormField(id: "b", label: "B")]

    func makeModel() -> (FormFocusModel, () -> [String]) {
        let model = FormFocusModel(fields: fields)
        var log: [String] = []
        model.shouldReturn = { log.append("shouldReturn \($0)"); return true }
        model.shouldEndEditing = { log.append("shouldEndEditing \($0)"); return true }
        model.didEndEditing = { log.append("didEndEditing \($0)") }
        model.didBeginEditing = { log.append("didBeginEditing \($0)") }
        return (model, { log })
    }

    @Test func returnCallsTheDelegatesInUIKitsOrder() {
        let (model, log) = makeModel()
        model.onAppear()
        model.submit()
        model.submit()
        #expect(log() == [
            "didBeginEditing a",
            "shouldReturn a", "shouldEndEditing a", "didEndEditing a", "didBeginEditing b",
            "shouldReturn b", "shouldEndEditing b", "didEndEditing b",
        ])
        #expect(model.focusedField == nil)
    }

    @Test func shouldReturnAnsweringNoKeepsTheField() {
        let (model, _) = makeModel()
        model.shouldReturn = { _ in false }
        model.onAppear()
        model.submit()
        #expect(model.focusedField == "a")
    }

    @Test func shouldEndEditingCanVetoAResign() {
        let (model, _) = makeModel()
        model.shouldEndEditing = { _ in false }
        model.onAppear()
        model.submit()
        #expect(model.focusedField == "a")
        #expect(!model.focus("b"))
        #expect(!model.endEditing(force: false))
        #expect(model.focusedField == "a")
    }

    @Test func endEditingForcedAlwaysDismissesWithoutAsking() {
        let (model, log) = makeModel()
        model.shouldEndEditing = { _ in Issue.record("asked"); return false }
        model.onAppear()
        #expect(model.endEditing(force: true))
        #expect(model.focusedField == nil)
        #expect(log().last == "didEndEditing a")
    }

    @Test func traitsComeFromTheField() {
        let model = FormFocusModel(fields: SignUpViewModel.fields)
        #expect(model.traits(for: "email").keyboardType == .emailAddress)
        #expect(model.traits(for: "phone").keyboardType == .phonePad)
        #expect(model.traits(for: "postalCode").keyboardType == .asciiCapable, "letters and digits: SW1A 1AA")
        #expect(model.traits(for: "postalCode").autocapitalizationType == .allCharacters)
        #expect(model.traits(for: "password").isSecureTextEntry)
        #expect(model.traits(for: "password").returnKeyType == .done)
        #expect(model.traits(for: "firstName").returnKeyType == .next)
        #expect(model.traits(for: "firstName").autocapitalizationType == .words)
    }
}
