import ClavisEngine
import ClavisPrediction
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ScanKeyboardTests {
    @Test func thereIsAScanKeyboardForEveryInstalledLexicon() throws {
        var template = Array("/tmp/clavis-scan-XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        let bytes = TestLexicon.bytes()
        let files = ["en", "es", "pl"].map { directory + "/\($0).clx" }
        for path in files {
            let file = fopen(path, "w")!
            fwrite(bytes, 1, bytes.count, file)
            fclose(file)
        }
        defer { files.forEach { unlink($0) }; rmdir(directory) }
        let lexicons = LexiconLibrary(directories: [directory])
        #expect(ScanKeyboard.available(lexicons: lexicons).map(\.id) == ["scan", "scan:es", "scan:pl"])
        #expect(ScanKeyboard.available(lexicons: lexicons).map(\.name).contains("Scanning (Español)"))
        #expect(try ScanKeyboard.layout("scan:pl", lexicons: lexicons).language == "pl")
        #expect(ScanKeyboard.available(lexicons: LexiconLibrary(directories: [])).map(\.id) == ["scan"], "English always")
    }
}
