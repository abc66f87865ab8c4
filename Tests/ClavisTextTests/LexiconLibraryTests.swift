import ClavisText
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct LexiconLibraryTests {
    @Test func aTagNamesItsPrimaryLanguagesFile() {
        #expect(LexiconLibrary.fileName(language: "de-CH") == "de.clx")
        #expect(LexiconLibrary.fileName(language: "en_US") == "en.clx")
        #expect(LexiconLibrary.fileName(language: "FR") == "fr.clx")
    }

    @Test func theFirstDirectoryHoldingTheFileWins() throws {
        var template = Array("/tmp/clavis-lexicons-XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        let bytes = TestLexicon.bytes()
        let file = fopen(directory + "/en.clx", "w")!
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        defer { unlink(directory + "/en.clx"); rmdir(directory) }

        let library = LexiconLibrary(directories: ["/nonexistent", directory])
        #expect(library.path(language: "en-GB") == directory + "/en.clx")
        #expect(try library.load(language: "en").wordCount == TestLexicon.words.count)
        #expect(throws: LexiconError.unknownLanguage("tlh", searched: ["/nonexistent", directory])) {
            try library.load(language: "tlh")
        }
        #expect(library.path(language: "../en") == nil)
    }
}
