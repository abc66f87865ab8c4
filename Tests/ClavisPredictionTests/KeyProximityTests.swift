import ClavisPrediction
import Testing

@Suite struct KeyProximityTests {
    let qwerty = KeyProximity.qwerty
    func unit(_ letter: Character) -> UInt16 { String(letter).utf16.first! }

    @Test func costsRiseWithDistance() {
        let same = qwerty.substitutionCost(typed: unit("o"), meant: unit("o"))
        let beside = qwerty.substitutionCost(typed: unit("o"), meant: unit("p"))
        let twoAway = qwerty.substitutionCost(typed: unit("o"), meant: unit("u"))
        let far = qwerty.substitutionCost(typed: unit("q"), meant: unit("m"))
        #expect(same == 0)
        #expect(beside < twoAway && twoAway < far)
        #expect(far == 2.4)
    }

    @Test func accentsAndVowelsAreCheapSlips() {
        #expect(qwerty.substitutionCost(typed: unit("u"), meant: unit("ü")) == 0.3)
        #expect(qwerty.substitutionCost(typed: unit("z"), meant: unit("ż")) == 2.4,
                "beside another slip an accent of Latin Extended-A is a far key: 'teaz' stays near 'teraz', not 'też'")
        #expect(KeyProximity.accentLeftOut <= 0.1, "a word only its accents away: nearly free (Lexicon.accentedForms)")
        #expect(qwerty.substitutionCost(typed: unit("a"), meant: unit("o")) <= 1.6)
        #expect(qwerty.substitutionCost(typed: unit("z"), meant: unit("5")) == 2.4, "a key not on the layout is far")
    }

    @Test func positionsAreScaledByTheKeyWidth() {
        let wide = KeyProximity(keys: [("a", 0, 0), ("b", 80, 0)], keyWidth: 80)
        #expect(wide.distance(unit("a"), unit("b")) == 1)
        #expect(wide.contains(unit("a")) && !wide.contains(unit("c")))
    }
}
