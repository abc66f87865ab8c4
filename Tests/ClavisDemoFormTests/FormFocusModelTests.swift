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

    /// A field of several lines has a plain Return (a line break, as in a UITextView) and
    /// says so in its traits; the fields around it keep Next and Done.
    @Test func aFieldOfSeveralLinesHasAPlainReturn() {
        let model = FormFocusModel(fields: [fields[0], FormField(id: "note", label: "Note", isMultiline: true), fields[1]])
        #expect(["first", "note", "last"].map(model.returnKeyType(for:)) == [.next, .default, .done])
        #expect(model.traits(for: "note").isMultiline)
        #expect(model.traits(for: "note").returnKeyType == .default)
        #expect(!model.traits(for: "first").isMultiline)
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
