import ClavisEngine
import ClavisFormats

/// The settings file: read, written and checked through the declarations, so a setting is
/// in the file by being declared.
extension Settings {
    /// A file's value set aside: the value itself, the setting's value written in its place
    /// when it was read (a later write that differs means the user changed it), and why.
    public struct RejectedValue: Equatable, Sendable {
        public let value: JSONValue
        let standIn: JSONValue?
        public let problem: String
    }

    /// Reads what is there, one setting at a time: a missing (or null) field keeps its
    /// default, and so does a value of another kind or out of range, which alone is set aside
    /// (`rejectedFields`, with why) while every other setting is read. Only a file that is no
    /// object of settings at all is an error. Fields this version does not declare are kept as
    /// they are (`unknownFields`).
    ///
    ///     try Settings(json: .object(["soundsEnabled": .bool(false)])).soundsEnabled   // false
    ///     try Settings(json: .object(["hands": .string("float"), "theme": .string("dark")])).theme   // "dark"
    public init(json: JSONValue) throws(SettingsError) {
        guard case .object(let fields) = json else { throw SettingsError(field: nil, message: "expected an object of settings") }
        for declaration in Self.declarations {
            guard let value = fields[declaration.name], value != .null else { continue }
            var trial = self
            let problem = declaration.read(&trial, value) ? declaration.check(trial) : "expected \(declaration.expected)"
            if let problem {
                rejectedFields[declaration.name] = RejectedValue(value: value, standIn: declaration.write(self), problem: problem)
            } else {
                self = trial
            }
        }
        let known = Set(Self.declarations.map(\.name))
        unknownFields = fields.filter { !known.contains($0.key) }
    }

    /// The settings as the file holds them: a value this version set aside goes back as it
    /// was, unless the setting was changed here since.
    public var json: JSONValue {
        var fields = unknownFields
        for declaration in Self.declarations {
            let written = declaration.write(self)
            if let rejected = rejectedFields[declaration.name], rejected.standIn == written {
                fields[declaration.name] = rejected.value
            } else {
                fields[declaration.name] = written
            }
        }
        return .object(fields)
    }

    /// What the settings file's problems are, one a field, in the declarations' order.
    public var problems: [SettingsError] {
        Self.declarations.compactMap { declaration in
            rejectedFields[declaration.name].map { SettingsError(field: declaration.name, message: $0.problem) }
        }
    }

    /// The settings file's text: one field a line, and each element of a list (the enabled
    /// keyboards) on a line of its own; anything deeper (only a newer Clavis's fields are)
    /// written compactly.
    public var fileText: String { json.text(indentingLevels: 2) }

    /// Each name once, where it first stands: a keyboard enabled twice is one keyboard.
    static func once(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// Throws for the first value out of its range.
    func validate() throws(SettingsError) {
        for declaration in Self.declarations {
            if let problem = declaration.check(self) { throw SettingsError(field: declaration.name, message: problem) }
        }
    }
}
