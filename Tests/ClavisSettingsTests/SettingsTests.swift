import ClavisEngine
import ClavisFormats
import ClavisLayout
import ClavisSettings
import Testing

@Suite struct SettingsTests {
    @Test func theFileFormRoundTrips() throws {
        var settings = Settings()
        settings.enabledKeyboards = ["de", "emoji"]
        settings.theme = "/home/ann/neon.css"
        settings.soundVolume = -12.5
        settings.learnedWordsCleared = 3
        settings.floatingFrame = [10, 20, 640, 240]
        settings.hideWithHardwareKeyboard = true
        settings.scanning = .directed
        settings.scanOrder = .blocks
        settings.scanCycles = 4
        settings.dwell = true
        settings.dwellTime = 1.5
        settings.hands = .split
        settings.splitGap = 0.4
        settings.oneHandedWidth = 0.75
        #expect(try Settings(json: settings.json) == settings)
        #expect(settings.handPlacement == HandPlacement(mode: .split, oneHandedShare: 0.75, splitGapShare: 0.4))
        #expect(try Settings(json: JSONSyntax.parse(Array(settings.json.text(pretty: true).utf8))) == settings)
        #expect(settings.json["floatingFrame"] == .array([.number(10), .number(20), .number(640), .number(240)]))
        #expect(Settings().json["floatingFrame"] == nil)
    }

    @Test func fieldsOfANewerVersionSurviveAChangeMadeHere() throws {
        let file = try JSONSyntax.parse(Array(#"{"soundsEnabled": false, "handwriting": {"strokes": 3}, "futureFlag": true}"#.utf8))
        var settings = try Settings(json: file)
        #expect(!settings.soundsEnabled)
        settings.dwell = true
        guard case .object(let written) = settings.json else { throw SettingsError(field: nil, message: "not an object") }
        #expect(written["handwriting"] == .object(["strokes": .number(3)]))
        #expect(written["futureFlag"] == .bool(true))
        #expect(try Settings(json: settings.json) == settings)
    }

    @Test func missingAndNullFieldsKeepTheirDefaults() throws {
        #expect(try Settings(json: .object([:])) == Settings())
        #expect(try Settings(json: .object(["theme": .null, "soundsEnabled": .null])) == Settings())
        var unknown = Settings()
        unknown.unknownFields = ["unknown": .number(1)]
        #expect(try Settings(json: .object(["unknown": .number(1)])) == unknown, "kept, and nothing else changed")
    }

    @Test(arguments: [
        (JSONValue.object(["soundsEnabled": .string("loud")]), "soundsEnabled: expected true or false"),
        (.object(["soundVolume": .string("-3")]), "soundVolume: expected a number"),
        (.object(["enabledKeyboards": .array([.string("us"), .number(1)])]), "enabledKeyboards: expected a list of keyboard names"),
        (.object(["learnedWordsCleared": .number(1.5)]), "learnedWordsCleared: expected a whole number"),
        (.object(["hideWithHardwareKeyboard": .number(1)]), "hideWithHardwareKeyboard: expected true or false"),
        (.object(["floatingFrame": .array([.number(0), .number(0), .number(50), .number(50)])]),
         "floatingFrame: must be [x, y, width, height], at least 100 × 80"),
        (.object(["showButtonPlace": .array([.number(0), .number(0), .number(50)])]), "showButtonPlace: must be [x, y]"),
        (.object(["showButtonPlace": .array([.number(0), .number(-200_000)])]), "showButtonPlace: each of x and y must be at most 100000 from 0"),
        (.object(["repeatInterval": .number(5)]), "repeatInterval: must be from 0.02 to 1 second"),
        (.object(["scanning": .string("sometimes")]), "scanning: expected one of off, auto, step, directed, hold"),
        (.object(["scanOrder": .number(1)]), "scanOrder: expected rows or blocks"),
        (.object(["scanInterval": .number(0.1)]), "scanInterval: must be from 0.3 to 5 seconds"),
        (.object(["scanCycles": .number(0)]), "scanCycles: must be from 1 to 10"),
        (.object(["dwellTime": .number(4)]), "dwellTime: must be from 0.3 to 3 seconds"),
        (.object(["hands": .string("sideways")]), "hands: expected one of both, left, right, split"),
        (.object(["oneHandedWidth": .number(0.3)]), "oneHandedWidth: must be from 0.5 to 0.95 (share of the keyboard's width)"),
    ])
    func aWrongValueSaysWhichFieldAndWhy(json: JSONValue, problem: String) throws {
        let settings = try Settings(json: json)
        #expect(settings.problems.map(\.description) == [problem])
        var defaults = Settings()
        defaults.rejectedFields = settings.rejectedFields
        #expect(settings == defaults, "the setting keeps its default")
        #expect(settings.json == json.merging(into: Settings().json), "the value is written back as it was")
    }

    @Test func onlyAnObjectOfSettingsIsAFile() {
        #expect(throws: SettingsError(field: nil, message: "expected an object of settings")) { try Settings(json: .array([])) }
    }

    /// A newer Clavis's hand mode, and values out of range, cost only their own setting:
    /// every other is read, and a change made here keeps them in the file.
    @Test func oneBadValueCostsOnlyItsOwnSetting() throws {
        let file = try JSONSyntax.parse(Array(#"{"theme": "dark", "enabledKeyboards": ["de", "us"], "hands": "float", "oneHandedWidth": 0.4, "caretStep": 0, "showButtonPlace": [1.5, 2], "keepClipboard": 1}"#.utf8))
        var settings = try Settings(json: file)
        #expect(settings.theme == "dark")
        #expect(settings.enabledKeyboards == ["de", "us"])
        #expect(settings.hands == .both && settings.oneHandedWidth == 0.8 && settings.caretStep == 0.4)
        #expect(settings.showButtonPlace == nil && !settings.keepClipboard)
        #expect(settings.problems.map(\.field) == ["hands", "oneHandedWidth", "caretStep", "keepClipboard", "showButtonPlace"])
        #expect(settings.set("soundsEnabled", to: "off") == nil)
        #expect(settings.json["hands"] == .string("float"))
        #expect(settings.json["caretStep"] == .number(0))
        #expect(settings.json["showButtonPlace"] == .array([.number(1.5), .number(2)]))
        #expect(settings.json["soundsEnabled"] == .bool(false))
        // Set here, the setting is this version's again, even to its default.
        #expect(settings.set("hands", to: "both") == nil)
        #expect(settings.json["hands"] == .string("both"))
        settings.caretStep = 0.6
        #expect(settings.json["caretStep"] == .number(0.6))
        #expect(try Settings(json: settings.json).problems.map(\.field) == ["oneHandedWidth", "keepClipboard", "showButtonPlace"])
    }


    @Test func hidingWithAHardwareKeyboardIsOffUntilSet() {
        var settings = Settings()
        #expect(!settings.hideWithHardwareKeyboard)
        #expect(settings.set("hideWithHardwareKeyboard", to: "on") == nil)
        #expect(settings.hideWithHardwareKeyboard)
        #expect(settings.set("hideWithHardwareKeyboard", to: "sometimes") == "hideWithHardwareKeyboard takes on or off")
        #expect(settings.hideWithHardwareKeyboard, "a refused value changes nothing")
    }

    @Test func theSpaceBarMovesTheCaretUntilTurnedOffAndItsStepIsBounded() {
        var settings = Settings()
        #expect(settings.spaceBarCaretStep == 0.4)
        #expect(settings.set("caret-step", to: "0.25") == nil)
        #expect(settings.spaceBarCaretStep == 0.25)
        #expect(settings.set("caret-step", to: "0") == "caretStep: must be from 0.1 to 2 (key widths per character)")
        #expect(settings.set("space-bar-caret", to: "off") == nil)
        #expect(settings.spaceBarCaretStep == nil)
    }

    @Test func scanningAndDwellAreSetWithTheCommandLinesDashedNames() {
        var settings = Settings()
        #expect(settings.scanning == .off && !settings.dwell && settings.dwellTime == 0.8 && settings.scanInterval == 1.2)
        #expect(settings.set("scanning", to: "step") == nil)
        #expect(settings.set("scan-interval", to: "0.9") == nil)
        #expect(settings.set("dwell", to: "on") == nil)
        #expect(settings.set("dwell-time", to: "1.25") == nil)
        #expect(settings.set("scan-order", to: "blocks") == nil)
        #expect(settings.set("scan-long-press-backs", to: "off") == nil)
        #expect(settings.scan.mode == .step && settings.scan.interval == 0.9 && settings.scan.order == .blocks && !settings.scan.longPressBacks)
        #expect(settings.dwell && settings.dwellTime == 1.25)
        #expect(settings.set("scanning", to: "blink") == "scanning takes off, auto, step, directed, hold")
        #expect(settings.set("dwell-time", to: "0.1") == "dwellTime: must be from 0.3 to 3 seconds")
        #expect(settings.set("scan-interval", to: "nan") == "scan-interval takes a number")
        #expect(settings.dwellTime == 1.25 && settings.scanInterval == 0.9, "refused values change nothing")
        #expect(settings.set("scan-select-switch", to: "button 8 on Foot Switch") == nil)
        #expect(settings.set("scan-next-switch", to: "key 75") == nil)
        #expect(settings.scanSwitches.map(\.binding) == [SwitchBinding(kind: .button, code: 8, device: "Foot Switch"), SwitchBinding(kind: .key, code: 75)])
        #expect(settings.scanSwitches.map(\.role) == [.select, .next])
        #expect(settings.set("scan-next-switch", to: "pedal") == "scanNextSwitch: 'pedal' is no switch: write key N or button N, optionally followed by on DEVICE")
        #expect(settings.set("scan-next-switch", to: "") == nil && settings.scanSwitches.count == 1, "empty: no switch")
    }
}

extension JSONValue {
    /// These fields over `base`'s (both objects).
    fileprivate func merging(into base: JSONValue) -> JSONValue {
        guard case .object(let fields) = self, case .object(var merged) = base else { return self }
        merged.merge(fields) { $1 }
        return .object(merged)
    }
}
