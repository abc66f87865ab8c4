import ClavisFormats
import ClavisSettings
import Testing

@Suite struct SettingsDeclarationsTests {
    @Test func eachSettingIsDeclaredOnceAndTheFileHoldsExactlyThoseDeclared() throws {
        let names = Settings.declarations.map(\.name)
        #expect(Set(names).count == names.count, "no setting declared twice")
        var settings = Settings()
        settings.floatingFrame = [10, 20, 400, 300]
        settings.showButtonPlace = [1200, 900]
        guard case .object(let fields) = settings.json else { throw SettingsError(field: nil, message: "not an object") }
        #expect(Set(fields.keys) == Set(names))
        #expect(Settings.entries.count == names.count - 5, "all but the window frame, the button's place, the counter and the journal")
    }

    @Test func aValueOfAnotherKindNamesWhatTheDeclarationExpects() {
        for (name, value, expected) in [("dwell", JSONValue.number(1), "dwell: expected true or false"),
                                        ("scanCycles", .number(1.5), "scanCycles: expected a whole number"),
                                        ("scanOrder", .string("diagonal"), "scanOrder: expected rows or blocks"),
                                        ("forgotten", .array([.number(1)]), "forgotten: expected a list of texts")] {
            #expect((try? Settings(json: .object([name: value])))?.problems.map(\.description) == [expected])
        }
    }

    @Test func rangesComeFromTheDeclarationForTheFileAndTheCommandLineAlike() throws {
        let entry = try #require(Settings.entries.first { $0.name == "repeatInterval" })
        #expect(entry.allowed == "0.02 to 1 second")
        var settings = Settings()
        #expect(settings.set("repeatInterval", to: "3") == "repeatInterval: must be from 0.02 to 1 second")
        #expect(try Settings(json: .object(["repeatInterval": .number(3)])).problems
            == [SettingsError(field: "repeatInterval", message: "must be from 0.02 to 1 second")])
    }

    @Test func theSettingsWindowsControlsComeFromTheDeclarations() throws {
        var settings = Settings()
        for declaration in Settings.declarations {
            guard let control = declaration.control else { continue }
            #expect(Settings.controls(page: control.page, section: control.section).contains { $0.name == declaration.name })
            switch control.kind {
            case .toggle:
                let before = declaration.value(in: settings)
                declaration.set(before == "on" ? "off" : "on", in: &settings)
                #expect(declaration.value(in: settings) != before, "\(declaration.name) toggles")
            case .number(let range, _, _):
                // A spin button's ends are the ends the file and `--set` accept.
                declaration.set(number: range.upperBound, in: &settings)
                #expect((try? Settings(json: settings.json))?.problems == [], "\(declaration.name) at \(range.upperBound)")
                #expect(Double(declaration.value(in: settings)) == range.upperBound)
                declaration.set(number: range.lowerBound, in: &settings)
                #expect((try? Settings(json: settings.json))?.problems == [])
                declaration.set(number: range.upperBound + 1, in: &settings)
                #expect((try? Settings(json: settings.json))?.problems.map(\.field) == [declaration.name], "past the end is refused")
                settings = Settings()
            case .choice(let options):
                for option in options {
                    declaration.set(option.id, in: &settings)
                    #expect(declaration.value(in: settings) == option.id)
                }
            }
        }
        let typing = Settings.controls(page: "typing", section: "Writing").map(\.control?.label)
        #expect(typing == ["Capital at the start of a sentence", "Two spaces type a full stop"])
    }
}

@Suite struct SettingsSectionSwitchTests {
    @Test func aSectionIsOnWhileItsSwitchIsNotOff() {
        var settings = Settings()
        #expect(!Settings.isSectionOn("Switch scanning", in: settings))
        settings.scanning = .step
        #expect(Settings.isSectionOn("Switch scanning", in: settings))
        #expect(!Settings.isSectionOn("Dwell clicking", in: settings))
        #expect(Settings.isSectionOn("Keys", in: settings), "a section without a switch always is")
        for name in Settings.sectionSwitches.values { #expect(Settings.declarations.contains { $0.name == name }) }
    }
}
