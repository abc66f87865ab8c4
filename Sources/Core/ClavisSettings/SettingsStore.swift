import ClavisEngine
import ClavisFiles
import ClavisFormats
#if canImport(Glibc)
import Glibc
#endif
import ClavisLayout

/// Reads and writes `Settings` as JSON in one file, shared by every Clavis process.
///
/// Writes are atomic (a temporary file renamed into place), so a reader never sees half a
/// file. A file that cannot be read as settings at all (not JSON, too large) is moved aside
/// to `settings.json.bak` with one warning naming the file and the problem, and the defaults
/// are used: a corrupt file never takes the keyboard down. One value this version cannot take
/// (out of range, of another kind: perhaps a newer Clavis's) costs only that setting: it is
/// reported with its line and column, has its default, and is written back as it was.
///
///     let store = SettingsStore(file: SettingsStore.defaultFile())
///     var settings = store.load()
///     settings.soundsEnabled = false
///     try store.save(settings)
public struct SettingsStore: Sendable {
    public let file: String
    /// Where problems are reported (standard error by default).
    public let warn: @Sendable (String) -> Void

    public init(file: String, warn: @escaping @Sendable (String) -> Void = {
        reportProblem("clavis: \($0)")
    }) {
        self.file = file
        self.warn = warn
    }

    /// `$XDG_CONFIG_HOME/clavis/settings.json` (default `~/.config/clavis/settings.json`).
    public static func defaultFile(environment: [String: String] = Environment.variables) -> String {
        Path.join(UserDirectories(environment: environment).clavisConfig, "settings.json")
    }

    /// The settings in the file, or the defaults when there is no file or it is unusable
    /// (then set aside as `.bak`, with a warning). A value set aside alone is reported unless
    /// `known` (the settings read before, by a process that follows the file) had it already.
    public func load(known: Settings? = nil) -> Settings {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(file, limit: Self.maximumFileSize)
        } catch where error.code == EFBIG {
            return setAside("larger than \(Self.maximumFileSize) bytes (settings are a few hundred)")
        } catch where error.code == ENOENT {
            return Settings()
        } catch {
            warn("\(error); using the defaults")
            return Settings()
        }
        let settings: Settings
        do {
            settings = try Settings(json: try JSONSyntax.parse(bytes))
        } catch {
            return setAside(Self.describe(error))
        }
        for problem in settings.problems {
            let field = problem.field ?? ""
            if let known, known.rejectedFields[field] == settings.rejectedFields[field] { continue }
            let place = Self.location(ofField: field, in: bytes).map { ":\($0.line):\($0.column)" } ?? ""
            let standIn = Settings.declarations.first { $0.name == field }.map { " (\($0.value(in: settings).isEmpty ? "none" : $0.value(in: settings)))" } ?? ""
            warn("\(MessageText.escaped(file))\(place): \(problem); \(field) keeps its default\(standIn), every other setting is read, and the file keeps this value until \(field) is set")
        }
        return settings
    }

    /// Where `field`'s name stands in the file's top-level object (its opening quote), for a
    /// message about its value; `nil` when it is not found.
    static func location(ofField field: String, in bytes: [UInt8]) -> SourceLocation? {
        let key = Array(JSONValue.string(field).text().utf8)
        var start = bytes.startIndex
        while let found = bytes[start...].firstRange(of: key) {
            // A key is followed by its colon (a value of the same text is not).
            if bytes[found.upperBound...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: ":") {
                return SourceLocation(utf8Offset: found.lowerBound, in: bytes)
            }
            start = found.upperBound
        }
        return nil
    }

    /// The largest settings file read, in bytes.
    public static let maximumFileSize = 1 << 20

    /// Moves the unusable file aside as `.bak` (`.bak.2`, … when that is taken), says why,
    /// and gives the defaults.
    private func setAside(_ problem: String) -> Settings {
        let kept = (try? Files.setAside(file, suffix: "bak")).map { "the file is kept as \(Path.lastComponent(of: $0))" } ?? "the file could not be moved aside"
        warn("\(MessageText.escaped(file)): \(problem); using the defaults (\(kept))")
        return Settings()
    }

    /// Where the string `value` stands in the file's `field` (its opening quote), to point a
    /// message at a hand-edited mistake; `nil` when it is not found.
    public func location(of value: String, inField field: String) -> SourceLocation? {
        guard let bytes = try? Files.read(file, limit: Self.maximumFileSize) else { return nil }
        guard let fieldStart = bytes.firstRange(of: Array("\"\(field)\"".utf8)),
              let found = bytes[fieldStart.upperBound...].firstRange(of: Array(JSONValue.string(value).text().utf8)) else { return nil }
        return SourceLocation(utf8Offset: found.lowerBound, in: bytes)
    }

    /// Why settings were not saved: the file system's reason, or a file the next read would
    /// refuse.
    public enum SaveError: Error, Equatable, CustomStringConvertible {
        case file(FileError)
        /// The settings would take `bytes`, over `maximumFileSize`: written, the next start
        /// would set the file aside and lose every setting.
        case tooLarge(file: String, bytes: Int)

        public var description: String {
            switch self {
            case .file(let error): "\(error)"
            case .tooLarge(let file, let bytes):
                "\(MessageText.escaped(file)): the settings would take \(bytes) bytes, over the \(SettingsStore.maximumFileSize) a settings file may have; nothing was written (fields of a newer Clavis take the room)"
            }
        }
    }

    /// Writes the settings atomically, creating the folder if needed, as `Settings.fileText`
    /// lays them out: a deep value a newer Clavis wrote is written compactly, and does not
    /// grow on the way. Settings the reader would refuse for their size
    /// are not written: the file stays as it was.
    public func save(_ settings: Settings) throws(SaveError) {
        let bytes = Array(settings.fileText.utf8)
        guard bytes.count <= Self.maximumFileSize else { throw .tooLarge(file: file, bytes: bytes.count) }
        do { try Files.write(bytes, to: file) } catch { throw .file(error) }
    }

    private static func describe(_ error: any Error) -> String {
        if let problem = error as? JSONSyntax.Problem {
            return "not valid JSON (line \(problem.line), column \(problem.column): \(problem.message))"
        }
        return "\(error)"
    }
}
