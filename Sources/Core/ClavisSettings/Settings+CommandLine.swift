import ClavisEngine

extension Settings {
    /// A setting's name as the file spells it, also from the command line's spelling with
    /// dashes: `dwell-time` is `dwellTime`.
    public static func fieldName(_ name: String) -> String {
        var result = ""
        var upper = false
        for character in name {
            if character == "-" {
                upper = true
            } else {
                result += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return result
    }

    /// Sets one field from text, as `clavis settings --set NAME=VALUE` does. Returns an
    /// error message, or `nil` when it took (and nothing changes when it did not).
    ///
    ///     settings.set("dwell-time", to: "1.5")   // nil
    ///     settings.set("dwell-time", to: "9")     // "dwellTime: must be from 0.3 to 3 seconds"
    public mutating func set(_ name: String, to value: String) -> String? {
        guard let entry = Self.entries.first(where: { $0.name == Self.fieldName(name) }) else {
            return "unknown setting '\(name)' (known: \(Self.entries.map(\.name).joined(separator: ", ")))"
        }
        var changed = self
        if let problem = entry.parse(&changed, value) { return "\(name) \(problem)" }
        changed.rejectedFields[entry.name] = nil
        do {
            try changed.validate()
            self = changed
            return nil
        } catch {
            return error.description
        }
    }

    /// Every setting with its value and what it takes, one per line, for `clavis settings
    /// --list`: `name = value    (allowed: what it takes) what it does`.
    public var listing: String {
        let width = Self.entries.map { $0.name.count + $0.value(in: self).count }.max() ?? 0
        return Self.entries.map { entry in
            let value = entry.value(in: self)
            let padding = String(repeating: " ", count: max(1, width - entry.name.count - value.count + 2))
            return "\(entry.name) = \(value)\(padding)(\(entry.allowed)) \(entry.summary)"
        }.joined(separator: "\n")
    }
}
