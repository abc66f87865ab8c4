import ClavisLayout
import Foundation
import Testing

@Suite struct LayoutLibraryTests {
    @Test func theBuiltInUSLayoutLoadsWithEveryKeyTheDemoNeeds() throws {
        let us = try LayoutLibrary().load("us")
        #expect(us.id == "us")
        for letter in "abcdefghijklmnopqrstuvwxyz0123456789" {
            #expect(us.key(id: String(letter))?.action == .insert(String(letter)))
        }
        for action in [KeyAction.shift, .backspace, .return, .space] {
            #expect(us.keys.contains { $0.action == action })
        }
    }

    @Test func unknownBuiltInsNameTheKnownOnes() {
        #expect(throws: LayoutErrors(errors: [LayoutError(
            file: "klingon", line: 0, message: "no built-in layout 'klingon' (built-in: us)")])) {
            try LayoutLibrary().load("klingon")
        }
    }

    @Test func aMissingFileIsReportedNotFatal() {
        #expect(throws: LayoutErrors(errors: [LayoutError(
            file: "/nonexistent/x.rows", line: 0, message: "cannot read the file (no such file)")])) {
            try LayoutLibrary().load("/nonexistent/x.rows")
        }
    }

    @Test func aUserFileIsParsedWithItsNameInErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-\(UUID()).rows")
        try "id: mine\nrow: a b\nrow: ~z\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: LayoutErrors(errors: [LayoutError(
            file: file.path, line: 3, message: "gap '~z' needs a width from 0 to 20 key units, like '~0.5'"),
            LayoutError(file: file.path, line: 3, message: "row has no keys")])) {
            try LayoutLibrary().load(file.path)
        }
    }

    @Test func withoutDataFilesTheMessageSaysWhereItLooked() {
        #expect(throws: LayoutErrors.self) { try LayoutLibrary(builtInDirectory: nil).load("us") }
    }
}
