import ClavisSolver
import Testing

@Suite struct VariableTests {
    @Test func identityAndOrderComeFromTheIDAlone() {
        let a = Variable(id: 1, name: "a")
        let alsoA = Variable(id: 1, name: "renamed")
        let b = Variable(id: 2, name: "a")
        #expect(a == alsoA)
        #expect(a != b)
        #expect(a < b)
        #expect(Set([a, alsoA, b]).count == 2)
        #expect(a.description == "a")
    }
}
