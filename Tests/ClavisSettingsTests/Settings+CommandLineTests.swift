import ClavisFormats
import ClavisSettings
import Testing

@Suite struct SettingsCommandLineTests {
    @Test func everySettingOfTheFileCanBeSetAndListed() throws {
        guard case .object(let fields) = Settings().json else { throw SettingsError(field: nil, message: "not an object") }
        // Window state and the forget counter are not the user's to type.
        let settable = Set(fields.keys).subtracting(["floatingFrame", "showButtonPlace", "learnedWordsCleared", "forgotten", "forgottenBefore"])
        #expect(Set(Settings.entries.map(\.name)) == settable)
        let listing = Settings().listing.split(separator: "\n")
        #expect(listing.count == Settings.entries.count)
        #expect(listing.contains { $0.hasPrefix("longPressDelay = 0.5 ") && $0.contains("(0.2 to 1.5 seconds)") })
        #expect(listing.contains { $0.hasPrefix("scanning = off ") && $0.contains("(off, auto, step, directed, hold)") })
    }

    @Test func eachValueListedSetsBackToTheSameSettings() {
        var changed = Settings()
        for (name, value) in [("autoCorrection", "off"), ("double-space-period", "no"), ("long-press-delay", "0.8"), ("scanning", "HOLD"),
                              ("scan-cycles", "3"), ("theme", "dark"), ("enabledKeyboards", " de , us,de "),
                              ("hands", "Left"), ("split-gap", "0.25")] {
            #expect(changed.set(name, to: value) == nil, "\(name)=\(value)")
        }
        #expect(!changed.autoCorrection && !changed.doubleSpacePeriod && changed.longPressDelay == 0.8 && changed.scanning == .hold)
        #expect(changed.enabledKeyboards == ["de", "us"], "trimmed, each once")
        #expect(changed.hands == .left && changed.splitGap == 0.25)
        var copy = Settings()
        for entry in Settings.entries { #expect(copy.set(entry.name, to: entry.value(in: changed)) == nil, "\(entry.name)") }
        #expect(copy == changed)
    }

    @Test func aRefusedValueChangesNothingAndSaysWhy() {
        var settings = Settings()
        #expect(settings.set("long-press-delay", to: "9") == "longPressDelay: must be from 0.2 to 1.5 seconds")
        #expect(settings.set("autoCorrection", to: "maybe") == "autoCorrection takes on or off")
        #expect(settings.set("scanOrder", to: "diagonal") == "scanOrder takes rows, blocks")
        #expect(settings.set("nope", to: "1")?.hasPrefix("unknown setting 'nope' (known: enabledKeyboards, theme,") == true)
        #expect(settings == Settings())
    }
}
