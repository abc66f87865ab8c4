import ClavisEngine
import ClavisFormats
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
        #expect(try Settings(json: settings.json) == settings)
        #expect(try Settings(json: JSONSyntax.parse(Array(settings.json.text(pretty: true).utf8))) == settings)
        #expect(settings.json["floatingFrame"] == .array([.number(10), .number(20), .number(640), .number(240)]))
        #expect(Settings().json["floatingFrame"] == nil)
    }

    @Test func missingAndNullFieldsKeepTheirDefaults() throws {
        #expect(try Settings(json: .object([:])) == Settings())
        #expect(try Settings(json: .object(["theme": .null, "soundsEnabled": .null])) == Settings())
        #expect(try Settings(json: .object(["unknown": .number(1)])) == Settings())
    }

    @Test(arguments: [
        (JSONValue.array([]), "expected an object of settings"),
        (.object(["soundsEnabled": .string("loud")]), "soundsEnabled: expected true or false"),
        (.object(["soundVolume": .string("-3")]), "soundVolume: expected a number"),
        (.object(["enabledKeyboards": .array([.string("us"), .number(1)])]), "enabledKeyboards: expected a list of keyboard names"),
        (.object(["learnedWordsCleared": .number(1.5)]), "learnedWordsCleared: expected a whole number"),
        (.object(["hideWithHardwareKeyboard": .number(1)]), "hideWithHardwareKeyboard: expected true or false"),
        (.object(["floatingFrame": .array([.number(0), .number(0), .number(50), .number(50)])]),
         "floatingFrame: must be [x, y, width, height], at least 100 × 80"),
        (.object(["repeatInterval": .number(5)]), "repeatInterval: must be from 0.02 to 1 second"),
    ])
    func aWrongValueSaysWhichFieldAndWhy(json: JSONValue, problem: String) {
        #expect(throws: SettingsError.self) { try Settings(json: json) }
        do {
            _ = try Settings(json: json)
        } catch {
            #expect(error.description == problem)
        }
    }

    @Test func hidingWithAHardwareKeyboardIsOffUntilSet() {
        var settings = Settings()
        #expect(!settings.hideWithHardwareKeyboard)
        #expect(settings.set("hideWithHardwareKeyboard", to: "on") == nil)
        #expect(settings.hideWithHardwareKeyboard)
        #expect(settings.set("hideWithHardwareKeyboard", to: "sometimes") == "hideWithHardwareKeyboard takes on or off")
        #expect(settings.hideWithHardwareKeyboard, "a refused value changes nothing")
    }
}
