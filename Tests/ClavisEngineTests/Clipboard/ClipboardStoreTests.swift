import ClavisEngine
import ClavisFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ClipboardStoreTests {
    let directory: String = {
        var template = Array("/tmp/clavis-clipboard-XXXXXX".utf8CString)
        return String(cString: mkdtemp(&template)!)
    }()

    var store: ClipboardStore { ClipboardStore(path: directory + "/data/clipboard.json") }

    func write(_ text: String) throws {
        try Files.write(Array(text.utf8), to: store.path)
    }

    @Test func theListSurvivesARoundTripPinsLinesAndAllPrivately() throws {
        var history = ClipboardHistory()
        history.add("two\nlines\tand a tab")
        history.add("日本語 \"quoted\"")
        history.togglePin(at: 1)
        try store.save(history)
        let loaded = store.load()
        #expect(loaded.history == history)
        #expect(loaded.problem == nil && loaded.writable)
        var status = stat()
        #expect(stat(store.path, &status) == 0 && status.st_mode & 0o777 == 0o600, "readable by its owner only")
    }

    @Test func noFileIsAnEmptyList() {
        let loaded = store.load()
        #expect(loaded.history.items.isEmpty && loaded.problem == nil && loaded.writable)
    }

    @Test func aBrokenFileIsSetAsideWithWhereItBreaks() throws {
        try write("{\"clavis clipboard\": 1,\n \"items\": [{\"text\": \"a\"} {\"text\": \"b\"}]}")
        let loaded = store.load()
        #expect(loaded.history.items.isEmpty && loaded.writable)
        #expect(loaded.problem?.hasPrefix("\(store.path):2:26: expected ',' or ']'") == true, "\(loaded.problem ?? "")")
        #expect(loaded.problem?.hasSuffix("set aside as \(store.path).broken, the list starts empty") == true)
        #expect(Files.exists(store.path + ".broken") && !Files.exists(store.path))
    }

    @Test(arguments: [
        ("[1, 2]", "not a clipboard list (no \"clavis clipboard\" version)"),
        ("{\"clavis clipboard\": 1, \"items\": {}}", "\"items\" is not a list"),
        ("{\"clavis clipboard\": 1, \"items\": [{\"text\": 3}]}", "item 1 has no \"text\""),
        ("{\"clavis clipboard\": 1, \"items\": [{\"text\": \"a\"}, {\"text\": \"b\", \"pinned\": \"yes\"}]}",
         "\"pinned\" of item 2 is not true or false"),
    ])
    func aWrongFieldSaysWhich(file: String, reason: String) throws {
        try write(file)
        #expect(store.load().problem?.hasPrefix("\(store.path): \(reason); set aside") == true)
    }

    @Test func anotherVersionsFileIsKeptAndNotWritten() throws {
        try write("{\"clavis clipboard\": 2, \"items\": []}")
        let loaded = store.load()
        #expect(!loaded.writable)
        #expect(loaded.problem == "\(store.path): a clipboard list of format version 2 (this Clavis writes 1); kept as it is, and not written")
        #expect(Files.exists(store.path))
    }

    /// The third probe's: a huge version filled the message's room and cut off what happens
    /// to the file.
    @Test func aHugeVersionIsQuotedShortSoTheMessageSaysWhatHappens() throws {
        try write("{\"clavis clipboard\": \"" + String(repeating: "9", count: 100_000) + "\", \"items\": []}")
        let problem = try #require(store.load().problem)
        #expect(problem.hasSuffix("; kept as it is, and not written") && problem.count < 400, "\(problem.prefix(200))")
    }

    @Test func aFileOfTooManyItemsKeepsTheNewestAndThePinned() throws {
        let items = (0..<60).map { "{\"text\": \"item \($0)\"\($0 == 59 ? ", \"pinned\": true" : "")}" }
        try write("{\"clavis clipboard\": 1, \"items\": [\(items.joined(separator: ", "))]}")
        let history = store.load().history
        #expect(history.items.count == ClipboardHistory.limit + 1, "50 unpinned and the pinned")
        #expect(history.items.first?.text == "item 0")
        #expect(history.items.contains { $0.text == "item 59" && $0.isPinned }, "the oldest, pinned, stays")
    }

    /// The third probe's: items of 4,096 characters made a 2.46 MB file that the next start
    /// refused for ever. Whatever the list holds, what is written is read back.
    @Test func theLargestListThatCanBeKeptIsReadBack() throws {
        var history = ClipboardHistory()
        for number in 0..<(ClipboardHistory.limit + ClipboardHistory.maximumPinned) {
            // Control characters: each written as six bytes (\u0001), the most any byte takes.
            let text = "\(number + 100)" + String(repeating: "\u{1}", count: ClipboardHistory.maximumBytes - 3)
            let kept = history.add(text)
            #expect(kept)
            if number < ClipboardHistory.maximumPinned { history.togglePin(at: 0) }
        }
        #expect(history.items.count == ClipboardHistory.limit + ClipboardHistory.maximumPinned)
        try store.save(history)
        let loaded = store.load()
        #expect(loaded.problem == nil, "\(loaded.problem ?? "")")
        #expect(loaded.history == history)
    }

    /// A list kept with the user's dotfiles: read and written through the link, which stays;
    /// cleared, the copies in the file it links to go.
    @Test func aLinkIsFollowedAndStays() throws {
        let target = directory + "/dotfiles/clipboard.json"
        try Files.write(Array("{\"clavis clipboard\": 1, \"items\": [{\"text\": \"in target\"}]}".utf8), to: target)
        try Files.createDirectories(directory + "/data")
        #expect(symlink(target, store.path) == 0)
        var history = store.load().history
        #expect(history.items.map(\.text) == ["in target"])
        history.add("new")
        try store.save(history)
        #expect(Files.linkTarget(store.path) == target, "still a link")
        #expect(ClipboardStore(path: target).load().history.items.map(\.text) == ["new", "in target"])
        store.clear()
        #expect(!Files.exists(target), "the copies are gone")
    }

    @Test func clearRemovesTheFileAndWhatWasSetAside() throws {
        try write("broken")
        _ = store.load()
        try store.save(ClipboardHistory())
        store.clear()
        #expect(!Files.exists(store.path) && !Files.exists(store.path + ".broken"))
    }
}
