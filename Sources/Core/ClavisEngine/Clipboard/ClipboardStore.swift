import ClavisFiles
import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif

/// The clipboard's list on disk, for a user who asked to keep it across restarts (the
/// `keepClipboard` setting; by default it lives in memory only): `clipboard.json` beside the
/// learned words, readable by its owner only, written whole and renamed over the old one.
///
/// A file that is not what Clavis writes (broken JSON, a field of the wrong type) is set aside
/// as `PATH.broken` with one message naming the file and where it breaks, and the list starts
/// empty; a file of another version (a newer Clavis's) is left as it is and not written.
/// Items past the history's limits are dropped as if copied in turn. A link (the user's
/// dotfiles) is read and written through, and stays a link.
///
///     {"clavis clipboard": 1, "items": [{"text": "ada@example.org", "pinned": true}, {"text": "two\nlines"}]}
public struct ClipboardStore: Sendable {
    public let path: String
    /// The format version written.
    public static let version = 1
    /// The most bytes read: as many items as the history keeps, pinned and not, each of its
    /// longest with every byte escaped to six (`\u001F`) and its field names around it, so
    /// that every file `save` writes is read back.
    public static let maximumFileSize = (ClipboardHistory.limit + ClipboardHistory.maximumPinned) * (ClipboardHistory.maximumBytes * 6 + 64) + 4096

    public init(path: String) {
        self.path = path
    }

    /// The list the file holds; a message when it had to be set aside or could not be read;
    /// and whether it may be written.
    public func load() -> (history: ClipboardHistory, problem: String?, writable: Bool) {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: Self.maximumFileSize)
        } catch where error.code == ENOENT {
            return (ClipboardHistory(), nil, true)
        } catch {
            return (ClipboardHistory(), "\(error); the clipboard's list is not read from it, and not written", false)
        }
        switch Self.parse(bytes) {
        case .success(let history):
            return (history, nil, true)
        case .failure(.otherVersion(let version)):
            return (ClipboardHistory(), "\(path): a clipboard list of format version \(version) (this Clavis writes \(Self.version)); kept as it is, and not written", false)
        case .failure(.broken(let place, let reason)):
            let aside = (try? Files.setAside(path, suffix: "broken")) ?? "where it is (it could not be moved)"
            return (ClipboardHistory(), "\(path)\(place): \(reason); set aside as \(aside), the list starts empty", true)
        }
    }

    /// Writes `history` (private: what the user copied).
    public func save(_ history: ClipboardHistory) throws(FileError) {
        try Files.write(Self.text(of: history), to: path, permissions: 0o600, folderPermissions: 0o700)
    }

    /// Removes the file: the list is kept in memory only from now on. Where the file is a
    /// link, what it links to goes (the copies are in there), and the link stays.
    public func clear() {
        Files.remove(Files.linkTarget(path))
        for aside in Files.setAsidePaths(of: path, suffix: "broken") { Files.remove(aside) }
    }

    /// The file's bytes for `history`, as `save` writes them.
    public static func text(of history: ClipboardHistory) -> [UInt8] {
        let items = history.items.map { item -> JSONValue in
            .object(item.isPinned ? ["text": .string(item.text), "pinned": .bool(true)] : ["text": .string(item.text)])
        }
        let file = JSONValue.object(["clavis clipboard": .number(Double(version)), "items": .array(items)])
        return Array((file.text(pretty: true) + "\n").utf8)
    }

    /// The list a file's bytes hold, or `nil` when they are not a list this version reads.
    public static func history(in bytes: [UInt8]) -> ClipboardHistory? {
        try? parse(bytes).get()
    }

    /// Why a file could not be read.
    enum Failure: Error, Equatable {
        /// Written by another version of Clavis.
        case otherVersion(String)
        /// Not what Clavis writes: where (":LINE:COLUMN" for a syntax error, else empty) and why.
        case broken(place: String, reason: String)
    }

    /// The history a file holds.
    static func parse(_ bytes: [UInt8]) -> Result<ClipboardHistory, Failure> {
        let value: JSONValue
        do {
            value = try JSONSyntax.parse(bytes)
        } catch {
            return .failure(.broken(place: ":\(error.line):\(error.column)", reason: error.message))
        }
        guard let version = value["clavis clipboard"] else {
            return .failure(.broken(place: "", reason: "not a clipboard list (no \"clavis clipboard\" version)"))
        }
        guard version.integer == Self.version else {
            return .failure(.otherVersion(MessageText.quoted(version.text())))
        }
        guard let items = value["items"]?.array else {
            return .failure(.broken(place: "", reason: "\"items\" is not a list"))
        }
        var read: [ClipboardHistory.Item] = []
        for (index, item) in items.enumerated() {
            guard let text = item["text"]?.string else {
                return .failure(.broken(place: "", reason: "item \(index + 1) has no \"text\""))
            }
            let pinned = item["pinned"]
            guard pinned == nil || pinned?.bool != nil else {
                return .failure(.broken(place: "", reason: "\"pinned\" of item \(index + 1) is not true or false"))
            }
            read.append(ClipboardHistory.Item(text: text, isPinned: pinned?.bool ?? false))
        }
        return .success(ClipboardHistory(restoring: read))
    }
}
