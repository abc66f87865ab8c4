import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct KeyboardControllerTests {
    let layout = TestLayouts.tiny
    func key(_ id: String) -> KeyDefinition { layout.key(id)! }

    func makeController(_ traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none))
        -> (KeyboardController, RecordingProxy) {
        let controller = KeyboardController(layout: layout)
        let proxy = RecordingProxy(traits: traits)
        controller.proxy = proxy
        return (controller, proxy)
    }

    /// Every action under every gesture: what reaches the proxy, and what the owner hears.
    @Test(arguments: Gesture.allCases)
    func everyActionUnderEveryGesture(gesture: Gesture) {
        let expected: [String: [RecordingProxy.Call]] = [
            "q": gesture == .release || gesture == .doubleTap ? [.insert("q")] : [],
            "space": gesture == .release || gesture == .doubleTap ? [.insert(" ")] : [],
            "return": gesture == .release || gesture == .doubleTap ? [.insert("\n")] : [],
            "backspace": gesture == .press || gesture == .repeatPress ? [.deleteBackward] : [],
            "left": gesture == .release || gesture == .doubleTap ? [.adjust(-1)] : [],
            "right": gesture == .release || gesture == .doubleTap ? [.adjust(1)] : [],
            "shift": [], "123": [], "globe": [], "dismiss": [],
        ]
        for (id, calls) in expected {
            let (controller, proxy) = makeController()
            var events: [String] = []
            controller.onNextKeyboard = { events.append("next") }
            controller.onKeyboardList = { events.append("list \($0.id)") }
            controller.onDismiss = { events.append("dismiss") }
            proxy.document.insertText("ab")
            proxy.clearCalls()
            controller.handle(gesture, on: key(id))
            #expect(proxy.calls == calls, "\(gesture) on \(id)")
            switch (id, gesture) {
            case ("globe", .release), ("globe", .doubleTap): #expect(events == ["next"])
            case ("globe", .longPress): #expect(events == ["list globe"])
            case ("dismiss", .release), ("dismiss", .doubleTap): #expect(events == ["dismiss"])
            case ("123", .press): #expect(controller.layer == "numbers")
            case ("shift", .release): #expect(controller.shift == .latched(automatic: false))
            case ("shift", .doubleTap): #expect(controller.shift == .locked)
            default:
                #expect(events.isEmpty, "\(gesture) on \(id)")
                #expect(controller.layer == "letters")
                #expect(controller.shift == .off)
            }
        }
    }

    @Test func shiftLatchesForOneCharacterAndLocksOnADoubleTap() {
        let (controller, proxy) = makeController()
        controller.activate(key("shift"))
        #expect(controller.label(for: key("q")) == "Q")
        controller.activate(key("q"))
        controller.activate(key("q"))
        #expect(controller.label(for: key("shift")) == "⇧")
        controller.handle(.doubleTap, on: key("shift"))
        #expect(controller.label(for: key("shift")) == "⇪", "Caps Lock reads as on phones")
        #expect(controller.stateClasses(for: key("shift")) == ["locked"], "and the themes fill the key")
        controller.activate(key("w"))
        controller.activate(key("e"))
        controller.activate(key("shift"))
        controller.activate(key("q"))
        #expect(proxy.text == "QqWEq")
    }

    @Test func autoCapitalisationFollowsTheFieldAndTheText() {
        let (controller, proxy) = makeController(TextInputTraits(autocapitalizationType: .sentences))
        #expect(controller.shift == .latched(automatic: true))
        for id in ["q", "w", "space"] { controller.activate(key(id)) }
        #expect(controller.shift == .off)
        proxy.document.insertText(".")
        controller.textDidChange()
        controller.activate(key("space"))
        controller.activate(key("e"))
        #expect(proxy.text == "Qw . E")
        controller.activate(key("backspace"))
        controller.activate(key("backspace"))
        #expect(controller.shift == .off)
        controller.activate(key("space"))
        #expect(controller.shift == .latched(automatic: true))
    }

    @Test func autoCapitalisationOffLeavesSentenceStartsAlone() {
        let (controller, proxy) = makeController(TextInputTraits(autocapitalizationType: .sentences))
        controller.autoCapitalises = false
        #expect(controller.shift == .off, "the automatic shift goes at once")
        controller.activate(key("q"))
        #expect(proxy.text == "q")
        controller.autoCapitalises = true
        proxy.document.insertText(". ")
        controller.textDidChange()
        #expect(controller.shift == .latched(automatic: true))
    }

    @Test func aShiftTheUserSetSurvivesTextChanges() {
        let (controller, _) = makeController(TextInputTraits(autocapitalizationType: .sentences))
        controller.activate(key("shift"))
        #expect(controller.shift == .off)
        controller.activate(key("shift"))
        controller.textDidChange()
        #expect(controller.shift == .latched(automatic: false))
    }

    @Test func spaceOnAnotherLayerGoesBackToLetters() {
        let (controller, proxy) = makeController()
        controller.activate(key("123"))
        controller.activate(key("1"))
        #expect(controller.layer == "numbers")
        controller.activate(key("space"))
        #expect(controller.layer == "letters")
        #expect(proxy.text == "1 ")
    }

    @Test(arguments: ReturnKeyType.allCases)
    func returnKeyReadsTheFieldsReturnType(type: ReturnKeyType) {
        let (controller, _) = makeController(TextInputTraits(returnKeyType: type))
        #expect(controller.label(for: key("return")) == (type == .default ? "return" : type.label))
    }

    @Test func alternatesAreTypedWithShift() {
        let (controller, proxy) = makeController()
        controller.activate(key("shift"))
        controller.typeAlternate("é")
        controller.typeAlternate("è")
        #expect(proxy.text == "Éè")
    }

    @Test func withoutAProxyPressesChangeNothingButState() {
        let controller = KeyboardController(layout: layout)
        controller.activate(key("q"))
        controller.activate(key("shift"))
        #expect(controller.isShiftLatched)
        #expect(controller.label(for: key("return")) == "return")
    }
}

/// A PC layout: sticky Ctrl and Alt, shifted symbols, Caps Lock, keys sent as key events.
@MainActor @Suite struct PCControllerTests {
    let proxy = RecordingProxy()
    let controller = KeyboardController(layout: TestLayouts.pc)

    init() {
        controller.proxy = proxy
    }

    func tap(_ ids: String...) {
        for id in ids { controller.activate(controller.layout.key(id)!) }
    }

    @Test func aLatchedCtrlMakesTheNextKeyAShortcutOnly() {
        tap("ctrl")
        #expect(controller.stateClasses(for: controller.layout.key("ctrl")!) == ["latched"])
        tap("c", "c")
        #expect(proxy.calls == [.key(KeyPress(name: .character("c"), modifiers: [.control])), .insert("c")])
        #expect(proxy.text == "c")
    }

    @Test func aLockedCtrlStaysForSeveralKeysUntilTappedAgain() {
        tap("ctrl", "ctrl")
        #expect(controller.stateClasses(for: controller.layout.key("ctrl")!) == ["locked"])
        tap("c", "t", "ctrl", "c")
        #expect(proxy.calls == [.key(KeyPress(name: .character("c"), modifiers: [.control])), .key(KeyPress(name: .character("t"), modifiers: [.control])),
                                .insert("c")])
    }

    @Test func shiftJoinsAShortcutAndTypesTheShiftedSymbol() {
        tap("ctrl", "shift", "t")
        #expect(proxy.calls == [.key(KeyPress(name: .character("t"), modifiers: [.control], shift: true))])
        tap("shift", "1")
        #expect(proxy.text == "!")
        #expect(controller.label(for: controller.layout.key("1")!) == "1")
    }

    @Test func namedKeysAreKeyEventsWithTheModifiers() {
        tap("esc", "alt", "f5", "f5")
        #expect(proxy.calls == [.key(KeyPress(name: .escape)), .key(KeyPress(name: .function(5), modifiers: [.alt])), .key(KeyPress(name: .function(5)))])
    }

    @Test func capsLockLocksCapitals() {
        tap("caps", "c", "t")
        #expect(proxy.text == "CT")
        #expect(controller.stateClasses(for: controller.layout.key("caps")!) == ["locked"])
        tap("caps", "c")
        #expect(proxy.text == "CTc")
    }

    @Test func assistiveTechnologiesSeeTheModifiersState() {
        let ctrl = controller.layout.key("ctrl")!
        #expect(controller.accessibleKey(for: ctrl) == AccessibleKey(id: "ctrl", name: "Ctrl", isToggle: true))
        tap("ctrl")
        #expect(controller.accessibleKey(for: ctrl) == AccessibleKey(id: "ctrl", name: "Ctrl", description: "latched for the next key",
                                                                    isToggle: true, isOn: true))
        #expect(controller.accessibleKey(for: controller.layout.key("f5")!).name == "F5")
    }
}

@MainActor @Suite struct KeyboardControllerCategoryTests {
    /// The emoji keyboard's category keys: the one whose pages show is `current`, on each of
    /// its pages.
    @Test func theCategoryShownIsMarkedCurrentOnEachOfItsPages() {
        let smileys = KeyDefinition(id: "categorysmileys", label: "😀", action: .switchLayer("smileys-1"), styles: ["emoji", "category"])
        let people = KeyDefinition(id: "categorypeople", label: "👋", action: .switchLayer("people-1"), styles: ["emoji", "category"])
        let next = KeyDefinition(id: "next", action: .switchLayer("smileys-2"))
        let row = LayoutRow(items: [.key("categorysmileys", nil), .key("categorypeople", nil), .key("next", nil)])
        let layout = KeyboardLayout(id: "emoji", name: "Emoji", keys: [smileys, people, next],
                                    layers: ["smileys-1", "smileys-2", "people-1"].map { Layer(name: $0, rows: [row]) })
        let controller = KeyboardController(layout: layout)
        #expect(controller.stateClasses(for: smileys) == ["current"])
        #expect(controller.stateClasses(for: people) == [])
        controller.activate(next)
        #expect(controller.stateClasses(for: smileys) == ["current"], "the second page of the same category")
        controller.activate(people)
        #expect(controller.stateClasses(for: people) == ["current"])
        #expect(controller.stateClasses(for: smileys) == [])
        #expect(EmojiKeyboard.category(ofLayer: "smileys-2") == "smileys")
    }
}
