import ClavisText
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
        let (loaded, problem) = store.load()
        #expect(problem == nil)
        #expect(loaded.count(of: "Clavis") == 2)
        #expect(loaded.count(of: "Clavis", after: "love") == 1)
        #expect(loaded.count(of: "Ada") == 0)   // names are never written
        #expect(contents(path + ".tmp") == nil)
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

        let (loaded, problem) = store.load()
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
}
