import ClavisFormats
@testable import ClavisSettings
import Testing

/// A setting an input mode declares: kept in `modeOptions`, read, written and `--set` like
/// the built-in ones. (The process-wide list is filled by `clavis` at start; these tests use
/// the declarations themselves, so suites running beside them see the built-in list only.)
@Suite struct SettingsModeOptionsTests {
    let flag = Settings.modeFlag("testModeFlag", summary: "a test mode's switch", window: (page: "typing", section: "Test", label: "Switch"))

    @Test func aModeFlagIsOffUntilSetAndLivesInModeOptions() {
        var settings = Settings()
        #expect(settings[option: "testModeFlag"] == false)
        #expect(flag.value(in: settings) == "off")
        flag.set("on", in: &settings)
        #expect(settings[option: "testModeFlag"])
        #expect(settings.modeOptions == ["testModeFlag": .bool(true)])
        #expect(flag.write(settings) == .bool(true))
    }

    @Test func itIsReadAndParsedAsEveryFlagIs() {
        var settings = Settings()
        #expect(flag.read(&settings, .bool(true)))
        #expect(settings[option: "testModeFlag"])
        #expect(!flag.read(&settings, .number(1)), "a value of another kind is refused")
        #expect(flag.parse(&settings, "off") == nil)
        #expect(!settings[option: "testModeFlag"])
        #expect(flag.parse(&settings, "maybe") == "takes on or off")
        #expect(flag.control?.section == "Test")
    }

    @Test func aNameIsDeclaredOnceAndNeverOverABuiltInOne() {
        var declared = Settings.ModeDeclarations()
        declared.declare([flag, flag], besides: Settings.builtIn)
        #expect(declared.declarations.map(\.name) == ["testModeFlag"])
        declared.declare([Settings.modeFlag("swipe", summary: "a mode's swipe")], besides: Settings.builtIn)
        #expect(declared.declarations.map(\.name) == ["testModeFlag"], "swipe is Clavis's own")
    }

    /// Before a mode declares it (a settings file written while Korean was on), the value is
    /// kept as an unknown field, so nothing is lost.
    @Test func anUndeclaredModeValueInTheFileIsKept() throws {
        let settings = try Settings(json: .object(["someModesSetting": .bool(true)]))
        #expect(settings.unknownFields["someModesSetting"] == .bool(true))
        guard case .object(let fields) = settings.json else { throw SettingsError(field: nil, message: "not an object") }
        #expect(fields["someModesSetting"] == .bool(true))
    }
}
