import ClavisEngine
import Testing

@Suite struct SwitchBindingTests {
    @Test func readsKeysAndButtonsOfAnyOrOneDevice() {
        #expect(SwitchBinding("key 75") == SwitchBinding(kind: .key, code: 75))
        #expect(SwitchBinding("Button  2 on  USB  Switch") == SwitchBinding(kind: .button, code: 2, device: "USB Switch"))
        #expect(SwitchBinding("button 2 on USB Switch")?.description == "button 2 on USB Switch")
        for wrong in ["", "key", "key x", "pedal 3", "key 0", "key 300", "button 1 at Mouse", "button 1 on"] {
            #expect(SwitchBinding(wrong) == nil, "\(wrong)")
        }
    }

    @Test func matchesItsKindCodeAndDevice() {
        let any = SwitchBinding(kind: .key, code: 75)
        #expect(any.matches(.key, code: 75, device: "AT keyboard"))
        #expect(!any.matches(.button, code: 75, device: "AT keyboard"))
        #expect(!any.matches(.key, code: 76, device: "AT keyboard"))
        let pedal = SwitchBinding(kind: .button, code: 1, device: "Pedal")
        #expect(pedal.matches(.button, code: 1, device: "Pedal") && !pedal.matches(.button, code: 1, device: "Mouse"))
    }
}
