/// JSON text read into a `JSONValue`, or the place where it first breaks the grammar, for
/// messages that point at it (Foundation's `JSONDecoder` only says that data "was not valid
/// JSON").
///
///     JSONSyntax.problem(in: Array("{\"a\": 1 \"b\": 2}".utf8))
///     // (line: 1, column: 9, message: "expected ',' or '}' but found '\"'")
///     try JSONSyntax.parse(Array("[1, 2]".utf8))   // .array([.number(1), .number(2)])
public enum JSONSyntax {
    public struct Problem: Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// The value the text holds (any value at the top), or its first syntax problem.
    public static func parse(_ bytes: [UInt8]) throws(Problem) -> JSONValue {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        let value = try scanner.value(depth: 0)
        scanner.skipSpace()
        if scanner.index < bytes.count { throw scanner.unexpected("the end") }
        return value
    }

    /// The first syntax problem, or nil for well-formed JSON (any value at the top).
    public static func problem(in bytes: [UInt8]) -> Problem? {
        do {
            _ = try parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// A problem at the current byte: what was expected, and what is there.
        func unexpected(_ expected: String) -> Problem {
            let place = SourceLocation(utf8Offset: index, in: bytes)
            let found = index < bytes.count ? "'\(Unicode.Scalar(bytes[index]))'" : "the end of the data"
            return Problem(line: place.line, column: place.column, message: "expected \(expected) but found \(found)")
        }

        /// A problem with what stands at `offset`.
        func problem(at offset: Int, _ message: String) -> Problem {
            let place = SourceLocation(utf8Offset: offset, in: bytes)
            return Problem(line: place.line, column: place.column, message: message)
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
            guard index < bytes.count, bytes[index] == byte else { throw unexpected(what) }
            index += 1
        }

        mutating func value(depth: Int) throws(Problem) -> JSONValue {
            guard index < bytes.count else { throw unexpected("a value") }
            guard depth < 512 else { throw unexpected("less nesting") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: throw unexpected("a value")
            }
        }

        mutating func object(depth: Int) throws(Problem) -> JSONValue {
            index += 1
            skipSpace()
            var fields: [String: JSONValue] = [:]
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(fields)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("a field name in quotes") }
                let name = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"), "':'")
                skipSpace()
                fields[name] = try value(depth: depth + 1)
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return .object(fields)
            }
        }

        mutating func array(depth: Int) throws(Problem) -> JSONValue {
            index += 1
            skipSpace()
            var elements: [JSONValue] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return .array(elements)
            }
        }

        mutating func string() throws(Problem) -> String {
            let opening = index
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    // JSON is UTF-8: bytes that are not are refused where their string
                    // starts, not turned into U+FFFD without a word.
                    guard let string = String(validating: text, as: UTF8.self) else {
                        throw problem(at: opening, "a string that is not UTF-8 text (an invalid byte inside)")
                    }
                    return string
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw unexpected("an escape") }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(bytes[index])
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        let escape = index - 1
                        var unit = try hexUnit()
                        // A high surrogate takes the low one after it (`\ud83d\ude00`).
                        if (0xD800..<0xDC00).contains(unit), index + 2 < bytes.count,
                           bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hexUnit()
                            if (0xDC00..<0xE000).contains(low) { unit = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00) }
                        }
                        // A surrogate left alone names no character: refused where it stands.
                        guard let scalar = Unicode.Scalar(unit) else {
                            throw problem(at: escape, "a lone surrogate (\\u\(String(unit, radix: 16))) names no character")
                        }
                        text += Array(String(scalar).utf8)
                    default: throw unexpected("an escape")
                    }
                    index += 1
                case 0x00..<0x20:
                    throw unexpected("a character (control characters must be escaped)")
                default:
                    text.append(bytes[index])
                    index += 1
                }
            }
            throw unexpected("a closing '\"'")
        }

        /// The four hex digits after `\u`; leaves `index` on the last.
        mutating func hexUnit() throws(Problem) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                index += 1
                guard index < bytes.count, bytes[index].isHexDigit else { throw unexpected("a hex digit") }
                let digit = bytes[index] | 0x20
                unit = unit << 4 + UInt32(digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10)
            }
            return unit
        }

        mutating func number() throws(Problem) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            // No leading zeros: "0" alone, or digits from 1.
            if index < bytes.count, bytes[index] == UInt8(ascii: "0") { index += 1 } else { try digits() }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                throw problem(at: start, "a number too large for a double (\(String(decoding: bytes[start..<index].prefix(40), as: UTF8.self)))")
            }
            return value
        }

        mutating func digits() throws(Problem) {
            guard index < bytes.count, bytes[index].isDigit else { throw unexpected("a digit") }
            while index < bytes.count, bytes[index].isDigit { index += 1 }
        }

        mutating func word(_ word: String) throws(Problem) {
            for byte in word.utf8 { try expect(byte, "'\(word)'") }
        }
    }
}

extension JSONSyntax.Problem: Error {}

private extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isHexDigit: Bool { isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f")) }
}
