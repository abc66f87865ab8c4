import ClavisEngine
import ClavisDemoForm
import Testing

@MainActor @Suite struct FormFocusModelTests {
    let fields = [
        FormField(id: "first", label: "First"),
        FormField(id: "last", label: "Last"),
        FormField(id: "email", label: "Email"),
    ]

    func makeModel() -> (FormFocusModel, () -> [String?]) {
        let model = FormFocusModel(fields: fields)
        var changes: [String?] = []
        model.onFocusChange = { changes.append($0) }
        return (model, { changes })
    }

    @Test func appearingFocusesTheFirstField() {
        let (model, changes) = makeModel()
        model.onAppear()
        #expect(model.focusedField == "first")
        #expect(changes() == ["first"])
    }

    @Test func nextWalksTheFieldsAndDoneOnTheLastClearsFocus() {
        let (model, changes) = makeModel()
        model.onAppear()
        model.submit()
        model.submit()
        #expect(model.focusedField == "email")
        model.submit()
        #expect(model.focusedField == nil)
        #expect(changes() == ["first", "last", "email", nil])
    }

    @Test func submitWithoutFocusDoesNothing() {
        let (model, changes) = makeModel()
        model.submit()
        #expect(model.focusedField == nil)
        #expect(changes().isEmpty)
    }

    @Test func focusingTheFocusedFieldIsNotEchoed() {
        let (model, changes) = makeModel()
        model.focus("last")
        model.focus("last")
        model.focus(nil)
        model.focus(nil)
        #expect(changes() == ["last", nil])
    }

    @Test func unknownFieldsAreIgnored() {
        let (model, changes) = makeModel()
        model.focus("first")
        model.focus("nickname")
        #expect(model.focusedField == "first")
        #expect(changes() == ["first"])
    }

    @Test func returnKeyTypeIsNextThenDone() {
        let model = FormFocusModel(fields: fields)
        #expect(fields.map { model.returnKeyType(for: $0.id) } == [.next, .next, .done])
    }

    /// The sign-up form's name fields say they hold names: the keyboard offers names there
    /// and corrects nothing ("Kasia" stays "Kasia").
    @Test func theDemosNameFieldsHoldNames() {
        let model = FormFocusModel(fields: SignUpViewModel.fields)
        #expect(model.traits(for: "firstName").textContentType == .givenName)
        #expect(model.traits(for: "lastName").textContentType == .familyName)
        #expect(!model.traits(for: "lastName").correctsAutomatically)
        #expect(!model.traits(for: "email").holdsName)
    }
}
