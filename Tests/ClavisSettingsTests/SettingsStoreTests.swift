import ClavisEngine
import ClavisFormats
import ClavisLayout
import ClavisSettings
import Foundation
import Testing

@Suite struct SettingsStoreTests {
    final class Warnings: @unchecked Sendable {
        var messages: [String] = []
    }

    func makeStore() throws -> (SettingsStore, Warnings, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-settings-\(UUID())")
        let warnings = Warnings()
        let store = SettingsStore(file: folder.appendingPathComponent("clavis/settings.json").path) { warnings.messages.append($0) }
        return (store, warnings, folder)
    }

    @Test func noFileMeansTheDefaults() throws {
        let (store, warnings, _) = try makeStore()
        #expect(store.load() == Settings())
        #expect(Settings().enabledKeyboards == ["us", "emoji"])
        #expect(!Settings().allowFullAccess)
        #expect(warnings.messages.isEmpty)
    }

    @Test func settingsRoundTripThroughTheFile() throws {
        let (store, _, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Settings()
        settings.enabledKeyboards = ["de", "us"]
        settings.soundsEnabled = false
        settings.soundVolume = -12
        settings.repeatDelay = 0.6
        try store.save(settings)
        #expect(store.load() == settings)
    }

    @Test func missingFieldsKeepTheirDefaults() throws {
        let (store, _, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: store.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"soundsEnabled": false}"#.utf8).write(to: URL(fileURLWithPath: store.file))
        var expected = Settings()
        expected.soundsEnabled = false
        #expect(store.load() == expected)
    }

    @Test(arguments: [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected an object of settings"),
        ("{" + String(repeating: " ", count: 2 << 20) + "}", "larger than 1048576 bytes (settings are a few hundred)"),
    ])
    func aCorruptFileIsSetAsideWithOneWarning(contents: String, problem: String) throws {
        let (store, warnings, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: store.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: store.file))
        #expect(store.load() == Settings())
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.contains("\(store.file): \(problem)") == true, "\(warnings.messages)")
        let backup = URL(fileURLWithPath: store.file + ".bak")
        #expect(try String(contentsOf: backup, encoding: .utf8) == contents)
        #expect(!FileManager.default.fileExists(atPath: store.file))
        #expect(store.load() == Settings())
        #expect(warnings.messages.count == 1)
    }

    @Test(arguments: [
        (#"{"soundsEnabled": "loud"}"#, "1:2: soundsEnabled: expected true or false"),
        (#"{"soundVolume": 12}"#, "1:2: soundVolume: must be from -60 to 0 dB"),
        ("{\n  \"enabledKeyboards\": []}", "2:3: enabledKeyboards: no keyboard is enabled"),
        // The probe's hostile files: a 10 MB theme name, 1.5 million keyboards.
        ("{\"theme\": \"" + String(repeating: "a", count: 10_000) + "\"}", "1:2: theme: a name of 10000 bytes; at most 4096"),
        ("{\"enabledKeyboards\": [" + (0...150).map { "\"k\($0)\"" }.joined(separator: ",") + "]}",
         "1:2: enabledKeyboards: 151 keyboards; at most 100 can be enabled"),
        // The second probe's: a switch of 900 KB, counts and a window far past any screen.
        ("{\"scanSelectSwitch\": \"key " + String(repeating: "7", count: 900_000) + "\"}", "1:2: scanSelectSwitch: a switch of 900004 bytes; at most 512"),
        (#"{"forgottenBefore": -1}"#, "1:2: forgottenBefore: must be a count from 0"),
        (#"{"learnedWordsCleared": -3}"#, "1:2: learnedWordsCleared: must be a count from 0"),
        (#"{"floatingFrame": [0, 0, 4000000000, 300]}"#, "1:2: floatingFrame: each of x, y, width and height must be at most 100000 from 0"),
        // The third probe's: a newer Clavis's hand mode, values out of range, of another kind.
        (#"{"theme": "dark", "hands": "float"}"#, "1:19: hands: expected one of both, left, right, split"),
        (#"{"theme": "dark", "caretStep": 0}"#, "1:19: caretStep: must be from 0.1 to 2"),
        (#"{"theme": "dark", "keepClipboard": 1}"#, "1:19: keepClipboard: expected true or false"),
    ])
    func oneBadValueIsReportedWhereItStandsAndCostsOnlyItself(contents: String, problem: String) throws {
        let (store, warnings, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: store.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: store.file))
        var settings = store.load()
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.hasPrefix("\(store.file):\(problem)") == true, "\(warnings.messages)")
        #expect(warnings.messages.first?.contains("keeps its default") == true)
        #expect(!FileManager.default.fileExists(atPath: store.file + ".bak"), "nothing set aside")
        #expect(settings.theme == (contents.contains("dark") ? "dark" : "system"), "the other settings are read")
        // A change saved here writes the value back as it was.
        settings.dwell = true
        try store.save(settings)
        let written = try JSONSyntax.parse(Array(try Data(contentsOf: URL(fileURLWithPath: store.file))))
        let original = try JSONSyntax.parse(Array(contents.utf8))
        guard case .object(let fields) = original else { throw SettingsError(field: nil, message: "no object") }
        for (name, value) in fields { #expect(written[name] == value, "\(name)") }
        #expect(store.load().dwell)
    }

    @Test func setTakesTextAndRejectsNonsense() {
        var settings = Settings()
        #expect(settings.set("soundsEnabled", to: "off") == nil)
        #expect(settings.set("enabledKeyboards", to: "fr, us") == nil)
        #expect(settings.enabledKeyboards == ["fr", "us"])
        #expect(settings.set("repeatDelay", to: "9") == "repeatDelay: must be from 0.1 to 2 seconds")
        #expect(settings.repeatDelay == 0.4)
        #expect(settings.set("colour", to: "red")?.hasPrefix("unknown setting 'colour'") == true)
        #expect(!settings.soundsEnabled)
    }

    @Test func theDefaultFileFollowsXDG() {
        #expect(SettingsStore.defaultFile(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/clavis/settings.json")
        #expect(SettingsStore.defaultFile(environment: ["HOME": "/h"]) == "/h/.config/clavis/settings.json")
    }

    @Test func namesThatResolveToNothingAreFoundAndLocated() throws {
        let (store, _, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Settings()
        settings.enabledKeyboards = ["us", "nope", "/no/such.yaml"]
        settings.theme = "neon"
        let layouts = LayoutLibrary(environment: ["XDG_DATA_HOME": folder.path, "XDG_DATA_DIRS": folder.path])
        #expect(settings.unresolved(field: "enabledKeyboards", layouts: layouts) { _ in [] } == [
            "unknown keyboard 'nope'; installed: de, edit, email, emoji, fr, ja, ja-kana, ko, numpad, pc, pc-compact, phone, url, us",
            "unknown keyboard '/no/such.yaml'; installed: de, edit, email, emoji, fr, ja, ja-kana, ko, numpad, pc, pc-compact, phone, url, us",
        ])
        #expect(settings.unresolved(field: "theme", layouts: layouts) { $0 == "neon" ? [] : nil }.isEmpty)
        #expect(settings.unresolved(field: "theme", layouts: layouts) { _ in nil }.count == 1)
        #expect(settings.unresolved(field: "theme", layouts: layouts) { _ in ["neon.css:1:1: error: bad"] }
            == ["theme 'neon' has 1 problem; the first: neon.css:1:1: error: bad"])
        settings.theme = "system"
        #expect(settings.unresolved(field: "theme", layouts: layouts) { _ in nil }.isEmpty)
        try store.save(settings)
        // Where the file (its fields in name order) has the name: counted here by lines, so a
        // setting added before it does not move the expectation.
        let lines = try String(contentsOfFile: store.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("\"nope\"") })
        let column = lines[index].distance(from: lines[index].startIndex, to: lines[index].firstIndex(of: "\"")!) + 1
        #expect(store.location(of: "nope", inField: "enabledKeyboards") == SourceLocation(line: index + 1, column: column))
        #expect(column == 5)
        #expect(store.location(of: "gone", inField: "enabledKeyboards") == nil)
    }

    /// A file that crashed every start once it was enabled (60,000 nested brackets) is
    /// refused like an unknown name, with the first problem `clavis check` finds.
    @Test func keyboardsThatDoNotLoadAreRefused() throws {
        let (_, _, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = folder.appendingPathComponent("deep.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ("id: t\nlayers: " + String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000) + "\n")
            .write(to: deep, atomically: true, encoding: .utf8)
        var settings = Settings()
        settings.enabledKeyboards = ["us", deep.path]
        let problems = settings.unresolved(field: "enabledKeyboards", layouts: LayoutLibrary()) { _ in [] }
        #expect(problems == ["keyboard '\(deep.path)' has 1 problem (clavis check \(deep.path)); the first: "
                             + "\(deep.path):2:208: error: YAML: collections nested more than 200 levels deep"])
    }

    /// 1.5 million names re-read us.yaml for each and took 10 GB: names count once, and
    /// there is a limit.
    @Test func enabledKeyboardsAreReadOnceAndLimited() throws {
        var settings = Settings()
        #expect(settings.set("enabledKeyboards", to: "us, fr,us,fr ,de") == nil)
        #expect(settings.enabledKeyboards == ["us", "fr", "de"])
        let many = (0...Settings.maximumEnabledKeyboards).map { "k\($0)" }.joined(separator: ",")
        #expect(settings.set("enabledKeyboards", to: many) == "enabledKeyboards: 101 keyboards; at most 100 can be enabled")
        let text = "{\"enabledKeyboards\": [\"us\", \"us\", \"emoji\"]}"
        #expect(try Settings(json: JSONSyntax.parse(Array(text.utf8))).enabledKeyboards == ["us", "emoji"])
        #expect(settings.set("theme", to: String(repeating: "a", count: 5000)) == "theme: a name of 5000 bytes; at most 4096")
    }

    @Test func aSecondCorruptFileIsKeptBesideTheFirst() throws {
        let (store, warnings, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: store.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        for contents in ["{first", "{second"] {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: store.file))
            #expect(store.load() == Settings())
        }
        #expect(try String(contentsOfFile: store.file + ".bak", encoding: .utf8) == "{first")
        #expect(try String(contentsOfFile: store.file + ".bak.2", encoding: .utf8) == "{second")
        #expect(warnings.messages.last?.contains("kept as settings.json.bak.2") == true, "\(warnings.messages)")
    }

    /// Two unknown fields nested 510 deep grew from 2 KB to 1 MB when saved pretty-printed,
    /// and the next read set the file aside: every setting lost.
    @Test func deepFieldsOfANewerVersionStayReadableWhenSaved() throws {
        let (store, warnings, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = String(repeating: "[", count: 510) + "1" + String(repeating: "]", count: 510)
        let contents = "{\"theme\": \"dark\", \"a\": \(deep), \"b\": \(deep)}"
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: store.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: store.file))
        var settings = store.load()
        settings.soundVolume = -5
        try store.save(settings)
        let size = try FileManager.default.attributesOfItem(atPath: store.file)[.size] as? Int ?? 0
        #expect(size < 5_000, "\(size) bytes")
        #expect(store.load() == settings)
        #expect(store.load().theme == "dark" && store.load().unknownFields.count == 2)
        #expect(warnings.messages.isEmpty)
    }

    @Test func settingsTooLargeToReadAreNotWrittenAndTheFileStaysAsItWas() throws {
        let (store, _, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Settings()
        settings.theme = "dark"
        try store.save(settings)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.file))
        settings.unknownFields["future"] = .string(String(repeating: "x", count: SettingsStore.maximumFileSize))
        #expect(throws: SettingsStore.SaveError.self) { try store.save(settings) }
        do { try store.save(settings) } catch {
            #expect(error.description.contains("nothing was written"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.file)) == before)
    }

    /// 900 KB of removed items were written back as 2.4 MB, past the read limit.
    @Test func theForgottenJournalIsCutToItsLengthWhenRead() throws {
        let items = (0..<30_000).map { JSONValue.string("word\tw\($0)") }
        var settings = try Settings(json: .object(["forgotten": .array(items), "forgottenBefore": .number(7)]))
        #expect(settings.forgotten.count == Settings.forgottenKept)
        #expect(settings.forgotten.last == "word\tw29999")
        #expect(settings.forgottenTotal == 30_007, "the journal's end is where it was")
        #expect(settings.forgotten(since: 30_006) == [.word("w29999")])
        settings.forget(.word("again"))
        #expect(settings.forgottenTotal == 30_008)
    }

    @Test func aStringThatIsNotUTF8IsNamedWhereItStands() throws {
        let (store, warnings, folder) = try makeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: store.file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Array("{\"theme\": \"da".utf8) + [0xFF] + Array("rk\"}".utf8)).write(to: URL(fileURLWithPath: store.file))
        #expect(store.load() == Settings())
        #expect(warnings.messages.first?.contains("line 1, column 11: a string that is not UTF-8 text") == true, "\(warnings.messages)")
    }
}
