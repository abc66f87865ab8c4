import ClavisPrediction
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

    @Test func theLanguagesInstalledAreEveryLexiconFileFound() throws {
        var template = Array("/tmp/clavis-lexicons-XXXXXX".utf8CString)
        let first = String(cString: mkdtemp(&template)!)
        var other = Array("/tmp/clavis-lexicons-XXXXXX".utf8CString)
        let second = String(cString: mkdtemp(&other)!)
        let files = [first + "/es.clx", first + "/en.clx", second + "/en.clx", second + "/dsb.clx", second + "/notes.txt", second + "/EN.clx"]
        for path in files { fclose(fopen(path, "w")!) }
        defer { files.forEach { unlink($0) }; rmdir(first); rmdir(second) }
        #expect(LexiconLibrary(directories: [first, "/nonexistent", second]).languages == ["dsb", "en", "es"],
                "each once, sorted; a file whose name is not a language's is not one")
    }
}
