import ClavisLayout
import Foundation
import Testing

@Suite struct LayoutLibraryTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func builtInsAreFoundByID() throws {
        let library = LayoutLibrary(environment: ["HOME": "/nonexistent"])
        let ids = library.available.map(\.id)
        for id in ["us", "numpad", "email", "url", "de", "fr"] { #expect(ids.contains(id)) }
        #expect(try library.load("us").name == "English (US)")
    }

    @Test func userLayoutsOverrideBuiltInsAndDataDirsFollowInOrder() throws {
        let home = try temporaryDirectory()
        let system = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home); try? FileManager.default.removeItem(at: system) }
        for (root, name) in [(home, "Mine"), (system, "System")] {
            let folder = root.appendingPathComponent("clavis/layouts")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "id: us\nname: \(name)\nlayers: {a: {rows: ['q']}}\n".write(to: folder.appendingPathComponent("us.yaml"),
                                                                               atomically: true, encoding: .utf8)
        }
        try "id: extra\nlayers: {a: {rows: ['x']}}\n".write(
            to: system.appendingPathComponent("clavis/layouts/extra.yaml"), atomically: true, encoding: .utf8)
        let library = LayoutLibrary(environment: ["XDG_DATA_HOME": home.path, "XDG_DATA_DIRS": system.path])
        #expect(try library.load("us").name == "Mine")
        #expect(try library.load("extra").id == "extra")
        let withoutHome = LayoutLibrary(environment: ["XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": system.path])
        #expect(try withoutHome.load("us").name == "System")
    }

    @Test func theEmojiKeyboardCanComeAsAStandInToGenerateWhenShown() throws {
        let library = LayoutLibrary(environment: [:])
        let standIn = try library.load("emoji", generatingEmoji: false)
        #expect(EmojiKeyboard.isStandIn(standIn))
        #expect(standIn.name == "Emoji" && standIn.file == library.emojiData)
        let generated = try library.load("emoji")
        #expect(!EmojiKeyboard.isStandIn(generated))
        #expect(generated.layers.first?.name == "smileys-1")
        // Other keyboards load as they are.
        #expect(try library.load("us", generatingEmoji: false) == library.load("us"))
    }

    @Test func unknownIDsNameTheAvailableOnes() {
        #expect(throws: LayoutErrors.self) { try LayoutLibrary(environment: [:]).load("klingon") }
        do {
            _ = try LayoutLibrary(environment: [:]).load("klingon")
        } catch {
            #expect(error.description.contains("no layout 'klingon' (available: de, edit, email, emoji, fr, ja, ja-kana, ko, numpad, pc, pc-compact, phone, url, us)"))
        }
    }

    @Test func filesAreReadWithTheirNameInErrors() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.yaml")
        try "id: bad\nlayers: {a: {rows: ['shfit']}}\n".write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try LayoutLibrary().load(file.path)
            Issue.record("loaded a broken file")
        } catch {
            #expect(error.errors.map(\.description) == [
                "\(file.path):2:22: error: unknown key 'shfit' in layer 'a' (define it under 'keys', or use a single character)"])
        }
        try Data("id: bad\nname: \"gr\u{FC}\u{DF}e \"".utf8 + [0xFF]).write(to: file)
        #expect(throws: LayoutErrors(errors: [LayoutError(file: file.path, line: 2, column: 15,
                                                          message: "the file is not UTF-8 text (an invalid byte here)")])) {
            try LayoutLibrary().load(file.path)
        }
        #expect(throws: LayoutErrors(errors: [LayoutError(file: "/nonexistent/x.yaml", message: "cannot read the file (no such file)")])) {
            try LayoutLibrary().load("/nonexistent/x.yaml")
        }
    }

    /// A layout file is not read past a megabyte: a hostile one is not taken into memory whole.
    @Test func aFileOverTheSizeLimitIsRefusedUnread() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.yaml")
        try ("id: huge\nlayers: {a: {rows: ['q']}}\n#" + String(repeating: "x", count: LayoutReader.maximumFileSize))
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: LayoutErrors(errors: [LayoutError(file: file.path, message: "the file is over 1048576 bytes (layouts are a few kilobytes)")])) {
            try LayoutLibrary().load(file.path)
        }
    }
}

@Suite struct LayoutLibraryGeneratorTests {
    @Test func aPrefixWithAColonAlsoAnswersToItsNameAlone() throws {
        let library = LayoutLibrary(environment: [:], builtInDirectory: nil, generators: [
            "scan:": { reference in KeyboardLayout(id: reference, name: reference, keys: [], layers: []) },
        ])
        #expect(try library.load("scan").id == "scan")
        #expect(try library.load("scan:de").id == "scan:de")
        #expect(library.contains("scan") && library.contains("scan:fr"))
        #expect(!library.contains("scandinavian"), "a longer name is not the generator's")
    }
}
