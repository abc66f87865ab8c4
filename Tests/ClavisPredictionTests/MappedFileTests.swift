import ClavisFiles
import ClavisPrediction
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The third probe's: `truncate`, `cp` or `rsync --inplace` over an installed lexicon or model
/// ended `clavis suggest`, `compose` and a running keyboard with SIGBUS. Without the guard,
/// these tests end the test process the same way.
@Suite struct MappedFileTests {
    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        var template = Array("/tmp/clavis-mapped-XXXXXX".utf8CString)
        let path = String(cString: mkdtemp(&template)!) + "/file"
        try Files.write(bytes, to: path)
        return path
    }

    @Test func aFileCutShortBehindTheMappingReadsAsZerosAndSaysSo() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let path = try temporaryFile([UInt8](repeating: 0x41, count: 3 * page))
        let file = try MappedFile(path: path)
        #expect(file.bytes[2 * page] == 0x41 && file.isIntact)
        #expect(truncate(path, Int(page)) == 0)
        file.releaseResidentPages()
        #expect(file.bytes[0] == 0x41, "what is still in the file reads as before")
        #expect(file.bytes[2 * page + 5] == 0, "past the new end: zeros, not SIGBUS")
        #expect(!file.isIntact)
    }

    @Test func aLexiconWrittenToInPlaceIsNoLongerIntact() throws {
        var builder = LexiconBuilder()
        for (index, word) in (0..<3000).map({ "word\($0)" }).enumerated() { builder.add(word: word, count: 5000 - index) }
        let bytes = builder.build()
        let path = try temporaryFile(bytes)
        let lexicon = try Lexicon(path: path)
        #expect(lexicon.isIntact && TextPredictor(lexicons: [lexicon]).isIntact)
        // Rewritten whole in place, the same size (rsync --inplace of another build).
        let descriptor = open(path, O_WRONLY)
        #expect(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
        close(descriptor)
        #expect(!lexicon.isIntact, "written to: no longer what was checked")
        let cut = try Lexicon(path: path)
        #expect(truncate(path, 4096) == 0)
        #expect(!cut.isIntact)
        #expect(throws: LexiconError.self, "read again, the cut file is refused") { try Lexicon(path: path) }
        // A file replaced by a rename leaves the mapped one intact.
        let replaced = try Lexicon(path: try temporaryFile(bytes))
        try Files.write(bytes, to: replaced.origin)
        #expect(replaced.isIntact)
        #expect(try Lexicon(bytes: bytes).isIntact, "one in memory always is")
    }
}
