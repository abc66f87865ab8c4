import ClavisFiles
import ClavisPrediction
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct UserWordStoreTests {
    let directory: String = {
        var template = Array("/tmp/clavis-words-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template)!)
    }()

    var path: String { directory + "/sub/user-words.tsv" }

    func contents(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func wordsAndPairsSurviveARoundTrip() throws {
        var words = UserLexicon()
        words.learn(word: "Clavis", after: "love")
        words.learn(word: "Clavis")
        words.names = ["Ada"]
        let store = UserWordStore(path: path)
        try store.save(words)
        let (loaded, problem, _) = store.load()
        #expect(problem == nil)
        #expect(loaded.count(of: "Clavis") == 2)
        #expect(loaded.count(of: "Clavis", after: "love") == 1)
        #expect(loaded.count(of: "Ada") == 0)   // names are never written
        #expect(contents(path + ".tmp") == nil)
    }

    @Test func eachWordKeepsItsLanguageAndAFileWithoutAnyStaysVersionOne() throws {
        var words = UserLexicon()
        words.learn(word: "Clavis")
        let store = UserWordStore(path: path)
        try store.save(words)
        #expect(contents(path)?.hasPrefix("# clavis user words 1\n") == true, "what Clavis before languages reads and learns into")
        words.learn(word: "Grüße", after: "viele", language: "de")
        try store.save(words)
        #expect(contents(path) == "# clavis user words 2\nw\tClavis\t1\nw\tGrüße\t1\tde\np\tviele\tGrüße\t1\nend\t3\n")
        let (loaded, problem, writable) = store.load()
        #expect(problem == nil && writable)
        #expect(loaded.languages == ["Grüße": "de"])
        #expect(loaded == words)
    }

    @Test func aTruncatedFileIsSetAsideWithOneMessage() throws {
        var words = UserLexicon()
        for word in ["one", "two", "three"] { words.learn(word: word) }
        let store = UserWordStore(path: path)
        try store.save(words)
        let full = try #require(contents(path))
        let file = fopen(path, "w")!
        fputs(String(full.prefix(full.count - 8)), file)
        fclose(file)

        let (loaded, problem, _) = store.load()
        #expect(loaded.isEmpty)
        #expect(problem?.contains("set aside as \(path).broken") == true)
        #expect(contents(path) == nil)
        #expect(contents(path + ".broken") != nil)
        #expect(store.load().problem == nil)   // once
    }

    @Test func clearForgetsEverything() throws {
        var words = UserLexicon()
        words.learn(word: "secret")
        let store = UserWordStore(path: path)
        try store.save(words)
        store.clear()
        #expect(store.load().words.isEmpty)
        #expect(contents(path) == nil)
    }

    func write(_ bytes: [UInt8], to path: String) {
        let file = fopen(path, "w")!
        fwrite(bytes, 1, bytes.count, file)
        fclose(file)
    }

    /// A file of another version was set aside and then rewritten as version 1: it is kept
    /// as it is, said once, and never written.
    @Test func aFileOfAnotherVersionIsKeptAndNotWritten() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        let newer = Array("# clavis user words 3\nw\tClavis\t3\tx\ty\nend\t1\n".utf8)
        write(newer, to: path)
        let (loaded, problem, writable) = store.load()
        #expect(loaded.isEmpty && !writable)
        #expect(problem == "\(path): learned words of format version '3' (this Clavis writes 2); kept as they are, and nothing is learned into them")
        #expect(contents(path) == String(decoding: newer, as: UTF8.self) && contents(path + ".broken") == nil)
    }

    /// Words whose bytes are not UTF-8 were read as U+FFFD and written back so: they are
    /// skipped, and the rest of the file is read.
    @Test func recordsThatAreNotUTF8AreSkipped() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        write(Array("# clavis user words 1\nw\tgood\t2\nw\tbad".utf8) + [0xFF, 0xFE] + Array("\t5\nend\t2\n".utf8), to: path)
        let (loaded, problem, writable) = store.load()
        #expect(writable && loaded.count(of: "good") == 2 && loaded.words.count == 1)
        #expect(problem == "\(path) (learned words): 1 record is not UTF-8 text; skipped")
        #expect(contents(path + ".broken") == nil)
    }

    func write(_ text: String, to path: String) {
        let file = fopen(path, "w")!
        fputs(text, file)
        fclose(file)
    }

    @Test func countsPastTheMaximumAreReadAsIt() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        write("# clavis user words 1\nw\ttomorrowland\t9223372036854775807\np\tyou\ttomorrowland\t99999999999999999999999\nend\t2\n", to: path)
        var (words, problem, _) = store.load()
        #expect(problem == nil)
        #expect(words.count(of: "tomorrowland") == UserLexicon.maximumCount)
        #expect(words.count(of: "tomorrowland", after: "you") == UserLexicon.maximumCount, "past any integer too")
        words.learn(word: "tomorrowland", after: "you")
        #expect(words.probability(of: "tomorrowland", after: "you") != nil)
        try store.save(words)
        #expect(store.load().words == words)
    }

    @Test func recordsPastTheLimitsDropTheLeastUsedAndSaySo() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        var text = "# clavis user words 1\n"
        for index in 0..<12_000 { text += "w\tword\(index)\t\(index + 1)\n" }
        text += "end\t12000\n"
        write(text, to: path)
        let (words, problem, writable) = store.load()
        #expect(writable)
        #expect(words.words.count == words.wordLimit)
        #expect(words.count(of: "word11999") == 12_000 && words.count(of: "word0") == 0, "the least used went")
        #expect(problem?.contains("7000 least used records dropped") == true, "\(problem ?? "")")
    }

    @Test func aFileOverTheSizeLimitIsReadOnlyThatFarSetAsideAndWrittenAgainSmall() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        var text = "# clavis user words 1\n"
        var index = 0
        while text.utf8.count <= UserWordStore.maximumFileSize + 1000 {
            text += "w\tword\(index)\t\(index % 997 + 1)\n"
            index += 1
        }
        text += "end\t\(index)\n"
        write(text, to: path)
        let (words, problem, writable) = store.load()
        #expect(writable)
        #expect(words.words.count == words.wordLimit)
        #expect(problem?.contains("only the first 8 MB were read") == true, "\(problem ?? "")")
        #expect(problem?.contains("\(path).broken") == true)
        #expect(contents(path + ".broken")?.utf8.count == text.utf8.count, "the whole file is kept aside")
        let again = store.load()
        #expect(again.problem == nil && again.words == words, "what was kept is the store now")
    }

    @Test func aStoreThatIsNoRegularFileIsNeitherReadNorWritten() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        let (words, problem, writable) = store.load()
        #expect(words.isEmpty && !writable)
        #expect(problem?.contains("not a regular file") == true)
    }

    @Test func aSecondDamagedFileDoesNotOverwriteTheFirstSetAside() throws {
        let store = UserWordStore(path: path)
        try store.save(UserLexicon())
        write("# clavis user words 1\nw\tfirst\t1\n", to: path)
        _ = store.load()
        write("# clavis user words 1\nw\tsecond\t1\n", to: path)
        let (_, problem, _) = store.load()
        #expect(contents(path + ".broken")?.contains("first") == true)
        #expect(contents(path + ".broken.2")?.contains("second") == true)
        #expect(problem?.contains("\(path).broken.2") == true)
        store.clear()
        #expect(contents(path + ".broken") == nil && contents(path + ".broken.2") == nil)
    }

    /// The third probe's: recent-addresses.tsv's messages spoke of learned words.
    @Test func messagesNameWhatTheStoreKeeps() throws {
        var template = Array("/tmp/clavis-store-XXXXXX".utf8CString)
        let path = String(cString: mkdtemp(&template)!) + "/recent-addresses.tsv"
        try Files.write(Array("# clavis user words 7\n".utf8), to: path)
        let store = UserWordStore(path: path, contents: "recent addresses")
        #expect(store.load().problem == "\(path): recent addresses of format version '7' (this Clavis writes 2); kept as they are, and nothing is learned into them")
    }
}
