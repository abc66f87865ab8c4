import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct AccessibleKeyTests {
    let f = TouchFixture()
    func described(_ id: String) -> AccessibleKey { f.controller.accessibleKey(for: f.layout.key(id)!) }

    @Test func keysAreNamedByWhatTheyTypeOrDo() {
        let names = ["q", "backspace", "space", "return", "123", "globe", "left", "right", "dismiss"].map { described($0).name }
        #expect(names == ["q", "Delete", "Space", "Return", "Numbers", "Next keyboard", "Left", "Right", "Hide keyboard"])
        #expect(!described("q").isToggle)
    }

    @Test func returnSaysWhereItGoes() {
        f.proxy.traits.returnKeyType = .next
        #expect(described("return").name == "Return, Next")
        f.proxy.traits.returnKeyType = .done
        #expect(described("return").name == "Return, Done")
    }

    @Test func shiftIsAToggleWhoseStateIsSaid() {
        #expect(described("shift") == AccessibleKey(id: "shift", name: "Shift", isToggle: true, isOn: false))
        f.tracker.activate(f.layout.key("shift")!)
        #expect(described("shift").isOn)
        #expect(described("shift").description == "next letter capital")
        #expect(described("q").name == "Q", "letters are named as they would type")
        f.tracker.activate(f.layout.key("shift")!)
        #expect(described("shift").description == "caps lock", "two activations lock capitals, as two taps do")
        f.down(1, "shift")
        #expect(described("shift").isOn)
    }

    @Test func activatingAKeyDoesWhatAClickDoes() {
        for id in ["q", "backspace", "space", "123", "2", "return"] { f.tracker.activate(f.layout.key(id)!) }
        #expect(f.proxy.calls == [.insert("q"), .deleteBackward, .insert(" "), .insert("2"), .insert("\n")])
        #expect(f.controller.layer == "letters", "Return on the numbers layer went back to letters")
    }
}
