import ClavisLayout
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes `Settings` as JSON in one file, shared by every Clavis process.
///
/// Writes are atomic (a temporary file renamed into place), so a reader never sees half a
/// file. A file that cannot be read as settings is moved aside to `settings.json.bak` with
/// one warning naming the file and the problem, and the defaults are used: a corrupt file
/// never takes the keyboard down.
///
///     let store = SettingsStore(file: SettingsStore.defaultFile())
///     var settings = store.load()
///     settings.soundsEnabled = false
///     try store.save(settings)
public struct SettingsStore: Sendable {
    public let file: URL
    /// Where problems are reported (standard error by default).
    public let warn: @Sendable (String) -> Void

    public init(file: URL, warn: @escaping @Sendable (String) -> Void = {
        reportProblem("clavis: \($0)")
    }) {
        self.file = file
        self.warn = warn
    }

    /// `$XDG_CONFIG_HOME/clavis/settings.json` (default `~/.config/clavis/settings.json`).
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"] ?? UserDirectories.home
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.config"
        return URL(fileURLWithPath: config).appendingPathComponent("clavis/settings.json")
    }

    /// The settings in the file, or the defaults when there is no file or it is unusable
    /// (then set aside as `.bak`, with a warning).
    public func load() -> Settings {
        guard let data = try? Data(contentsOf: file) else { return Settings() }
        do {
            return try JSONDecoder().decode(Settings.self, from: data)
        } catch {
            let backup = file.appendingPathExtension("bak")
            try? FileManager.default.removeItem(at: backup)
            try? FileManager.default.moveItem(at: file, to: backup)
            warn("\(file.path): \(Self.describe(error, in: data)); using the defaults (the file is kept as \(backup.lastPathComponent))")
            return Settings()
        }
    }

    /// Where the string `value` stands in the file's `field` (its opening quote), to point a
    /// message at a hand-edited mistake; `nil` when it is not found.
    public func location(of value: String, inField field: String) -> SourceLocation? {
        guard let data = try? Data(contentsOf: file),
              let encoded = try? JSONEncoder().encode(value) else { return nil }
        let bytes = [UInt8](data)
        guard let fieldStart = bytes.firstRange(of: Array("\"\(field)\"".utf8)),
              let found = bytes[fieldStart.upperBound...].firstRange(of: [UInt8](encoded)) else { return nil }
        return SourceLocation(utf8Offset: found.lowerBound, in: bytes)
    }

    /// Writes the settings atomically, creating the folder if needed.
    public func save(_ settings: Settings) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(settings).write(to: file, options: .atomic)
    }

    private static func describe(_ error: Error, in data: Data) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            if let problem = JSONSyntax.problem(in: [UInt8](data)) {
                return "not valid JSON (line \(problem.line), column \(problem.column): \(problem.message))"
            }
            return context.debugDescription
        case DecodingError.dataCorrupted(let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case DecodingError.typeMismatch(let type, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): expected \(type == Bool.self ? "true or false" : type == Double.self ? "a number" : "\(type)")"
        default:
            return "\(error)"
        }
    }
}
