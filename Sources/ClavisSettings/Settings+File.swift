import ClavisEngine
import ClavisFormats

/// The settings file: read, written and checked through the declarations, so a setting is
/// in the file by being declared.
extension Settings {
    /// Reads what is there; a missing (or null) field keeps its default, a value of another
    /// type or out of range is an error (the file is then set aside). Fields this version
    /// does not declare are kept as they are (`unknownFields`).
    ///
    ///     try Settings(json: .object(["soundsEnabled": .bool(false)])).soundsEnabled   // false
    public init(json: JSONValue) throws(SettingsError) {
        guard case .object(let fields) = json else { throw SettingsError(field: nil, message: "expected an object of settings") }
        for declaration in Self.declarations {
            guard let value = fields[declaration.name], value != .null else { continue }
            guard declaration.read(&self, value) else { throw SettingsError(field: declaration.name, message: "expected \(declaration.expected)") }
        }
        let known = Set(Self.declarations.map(\.name))
        unknownFields = fields.filter { !known.contains($0.key) }
        try validate()
    }

    /// The settings as the file holds them.
    public var json: JSONValue {
        var fields = unknownFields
        for declaration in Self.declarations { fields[declaration.name] = declaration.write(self) }
        return .object(fields)
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
