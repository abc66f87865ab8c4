import ClavisSolver
import Testing

@Suite struct StrengthTests {
    @Test func predefinedStrengthsAreOrdered() {
        #expect(Strength.weak < .medium)
        #expect(Strength.medium < .strong)
        #expect(Strength.strong < .required)
        #expect(Strength.required.isRequired)
        #expect(!Strength.strong.isRequired)
    }

    @Test func bandsMatchKiwisEncoding() {
        #expect(Strength(strong: 0, medium: 0, weak: 1) == .weak)
        #expect(Strength(strong: 0, medium: 1, weak: 0) == .medium)
        #expect(Strength(strong: 1, medium: 0, weak: 0) == .strong)
        #expect(Strength(strong: 1000, medium: 1000, weak: 1000) == .required)
        #expect(Strength(strong: 0, medium: 1, weak: 0, weight: 2).value == 2000)
        #expect(Strength(strong: 5000, medium: -3, weak: 0).value == 1_000_000_000)
    }

    @Test func rawValuesAreClippedIntoRange() {
        #expect(Strength(-5).value == 0)
        #expect(Strength(1e20) == .required)
        #expect(Strength(.nan).value == 0)
    }

    @Test func autoLayoutPrioritiesKeepTheirOrderAcrossBands() {
        let priorities: [Double] = [1, 100, 249, 250, 251, 499, 500, 750, 999]
        let strengths = priorities.map { Strength(autoLayoutPriority: $0) }
        #expect(zip(strengths, strengths.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Strength(autoLayoutPriority: 1000) == .required)
        #expect(!Strength(autoLayoutPriority: 999).isRequired)
        #expect(Strength(autoLayoutPriority: 750) > .strong)
        #expect(Strength(autoLayoutPriority: 250) == .medium)
        #expect(Strength(autoLayoutPriority: 0) == .weak)
    }
}
