import ClavisFiles
import Foundation
import Testing

@Suite struct FilesTests {
    /// A fresh folder under the system's temporary folder.
    func temporaryFolder() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-files-\(UUID())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func whatIsWrittenIsReadBackAndMissingFoldersAreMade() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/a/b/settings.json"
        try Files.write(Array("{\"é\": 1}".utf8), to: file)
        #expect(try Files.read(file) == Array("{\"é\": 1}".utf8))
        #expect(Files.isDirectory("\(folder)/a/b"))
        try Files.write([1, 2, 3], to: file)
        #expect(try Files.read(file) == [1, 2, 3])
        #expect(try Files.contents(ofDirectory: "\(folder)/a/b") == ["settings.json"], "no temporary file is left behind")
    }

    @Test func anUnsyncedWriteIsAtomicToo() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write([1], to: "\(folder)/keys.json", synced: false)
        try Files.write([2, 3], to: "\(folder)/keys.json", synced: false)
        #expect(try Files.read("\(folder)/keys.json") == [2, 3])
        #expect(try Files.contents(ofDirectory: folder) == ["keys.json"])
    }

    @Test func aLargeFileIsReadWhole() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Files.write(bytes, to: "\(folder)/big")
        #expect(try Files.read("\(folder)/big") == bytes)
    }

    @Test func permissionsAreThoseAskedFor() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write([0], to: "\(folder)/private/words", permissions: 0o600, folderPermissions: 0o700)
        let file = try FileManager.default.attributesOfItem(atPath: "\(folder)/private/words")
        let directory = try FileManager.default.attributesOfItem(atPath: "\(folder)/private")
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((directory[.posixPermissions] as? Int) == 0o700)
    }

    @Test func failuresNameTheFileAndTheReason() {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FileError(path: "\(folder)/nope", code: ENOENT)) { try Files.read("\(folder)/nope") }
        #expect(throws: FileError(path: folder, code: EISDIR)) { try Files.read(folder) }
        #expect(throws: FileError(path: "\(folder)/nope", code: ENOENT)) { try Files.contents(ofDirectory: "\(folder)/nope") }
        try? Files.write([1], to: "\(folder)/file")
        #expect(throws: FileError.self) { try Files.write([1], to: "\(folder)/file/inside") }
    }

    @Test func foldersAreListedMadeAndFilesMovedAndRemoved() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.createDirectories("\(folder)/x/y/z")
        try Files.createDirectories("\(folder)/x/y/z")
        #expect(Files.isDirectory("\(folder)/x/y/z"))
        try Files.write([7], to: "\(folder)/x/one")
        #expect(try Files.contents(ofDirectory: "\(folder)/x").sorted() == ["one", "y"])
        try Files.move("\(folder)/x/one", to: "\(folder)/x/two")
        #expect(!Files.exists("\(folder)/x/one") && Files.exists("\(folder)/x/two"))
        #expect(!Files.isDirectory("\(folder)/x/two"))
        Files.remove("\(folder)/x/two")
        Files.remove("\(folder)/x/two")
        #expect(!Files.exists("\(folder)/x/two"))
    }

    @Test func linksAreResolved() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Files.write([1], to: "\(folder)/target")
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link", withDestinationPath: "\(folder)/target")
        #expect(Files.resolvingSymlinks("\(folder)/link") == Files.resolvingSymlinks("\(folder)/target"))
        #expect(Files.resolvingSymlinks("\(folder)/link").hasSuffix("/target"))
        #expect(Files.resolvingSymlinks("\(folder)/missing") == "\(folder)/missing")
    }

    /// Names of every length up to the limit, read up to their terminator (copying the
    /// whole 256-byte `d_name` read past short entries: scripts/valgrind.sh catches that).
    @Test func aFolderOfThousandsListsEveryNameExactly() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var expected: Set<String> = []
        for index in 0..<3_000 {
            let name = "\(index)-" + String(repeating: index % 2 == 0 ? "é" : "k", count: index % 120)
            expected.insert(name)
            try Files.write([], to: "\(folder)/\(name)")
        }
        let names = try Files.contents(ofDirectory: folder)
        #expect(names.count == 3_000)
        #expect(Set(names) == expected)
    }

    @Test func namedPipesAndDevicesAreRefusedWithoutBlocking() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = "\(folder)/layout.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a pipe with no writer would block for ever: the read must return at once.
        #expect(throws: FileError(path: fifo, code: FileError.notRegular)) { try Files.read(fifo) }
        #expect(throws: FileError(path: "/dev/null", code: FileError.notRegular)) { try Files.read("/dev/null") }
        #expect(throws: FileError(path: "/dev/zero", code: FileError.notRegular)) { try Files.read("/dev/zero", limit: 10) }
        #expect(!Files.isRegularFile(fifo) && !Files.isRegularFile(folder) && !Files.isRegularFile("/dev/null"))
        try Files.write([1], to: "\(folder)/plain")
        #expect(Files.isRegularFile("\(folder)/plain"))
        #expect(FileError(path: fifo, code: FileError.notRegular).description.contains("not a regular file"))
    }

    @Test func aPrefixIsReadUpToTheLimitAndSaysWhetherThereWasMore() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        try Files.write(bytes, to: "\(folder)/big")
        let cut = try Files.readPrefix("\(folder)/big", count: 70_000)
        #expect(cut.bytes == Array(bytes.prefix(70_000)) && !cut.whole)
        let exact = try Files.readPrefix("\(folder)/big", count: 200_000)
        #expect(exact.bytes == bytes && exact.whole)
        #expect(throws: FileError(path: "\(folder)/big", code: EFBIG)) { try Files.read("\(folder)/big", limit: 199_999) }
    }

    @Test func filesSetAsideAreNumberedNotOverwritten() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "\(folder)/learned-words.tsv"
        for version in UInt8(1)...3 {
            try Files.write([version], to: file)
            try Files.setAside(file, suffix: "broken")
        }
        #expect(!Files.exists(file))
        #expect(try Files.read("\(file).broken") == [1])
        #expect(try Files.read("\(file).broken.2") == [2])
        #expect(try Files.read("\(file).broken.3") == [3])
    }

    @Test func fileNamesAreEscapedInMessages() {
        #expect(FileError(path: "/tmp/a\nb", code: ENOENT).description == "/tmp/a\\nb: no such file")
    }
}
