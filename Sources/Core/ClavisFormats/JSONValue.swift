/// A JSON document as a value: what the settings file and the geometry export are read into
/// and written from, without Foundation's Codable JSON (whose decoder and encoder would be
/// paged into every keyboard process).
///
///     let value = try JSONSyntax.parse(Array(#"{"a": [1, true]}"#.utf8))
///     value["a"]?[0]?.number                   // 1
///     JSONValue.object(["b": .string("x")]).text()   // {"b":"x"}
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The field of an object, or `nil`.
    public subscript(field: String) -> JSONValue? {
        if case .object(let fields) = self { fields[field] } else { nil }
    }

    /// The element of an array, or `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }

    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }

    /// The number when it is a whole one that fits an `Int`.
    public var integer: Int? {
        guard let number, number.rounded() == number, abs(number) < 9.0e15 else { return nil }
        return Int(number)
    }

    /// The JSON text, fields sorted by name; `pretty` puts each field and element on a line
    /// of its own, indented by two spaces (`"field" : value`).
    public func text(pretty: Bool = false) -> String {
        text(indentingLevels: pretty ? Int.max : 0)
    }

    /// The JSON text with the outer `levels` of arrays and objects laid out one field or
    /// element a line, and anything deeper written compactly: a file people read (settings)
    /// stays readable without growing with the square of a deep value's depth, as indenting
    /// every level does (2 KB nested 510 deep became 1 MB).
    ///
    ///     JSONValue.object(["a": .array([.number(1), .number(2)])]).text(indentingLevels: 1)
    ///     // "{\n  \"a\" : [1,2]\n}"
    public func text(indentingLevels levels: Int) -> String {
        var output = ""
        write(to: &output, levels: levels, indent: "")
        return output
    }

    private func write(to output: inout String, levels: Int, indent: String) {
        let pretty = levels > 0
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.text(of: value)
        case .string(let value): Self.quote(value, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { return output += "[]" }
            let inner = pretty ? indent + "  " : ""
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + inner }
                element.write(to: &output, levels: levels - 1, indent: inner)
            }
            output += pretty ? "\n" + indent + "]" : "]"
        case .object(let fields):
            guard !fields.isEmpty else { return output += "{}" }
            let inner = pretty ? indent + "  " : ""
            output += "{"
            for (index, field) in fields.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + inner }
                Self.quote(field, into: &output)
                output += pretty ? " : " : ":"
                fields[field]!.write(to: &output, levels: levels - 1, indent: inner)
            }
            output += pretty ? "\n" + indent + "}" : "}"
        }
    }

    /// Whole numbers without a fraction (`3`, not `3.0`), others as Swift prints them
    /// (the shortest text that reads back as the same number).
    static func text(of number: Double) -> String {
        guard number.isFinite else { return "null" }
        return JSONValue.number(number).integer.map(String.init) ?? "\(number)"
    }

    /// `value` in quotes, with quotes, backslashes and control characters escaped.
    static func quote(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
