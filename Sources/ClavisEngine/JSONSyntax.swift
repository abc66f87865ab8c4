import ClavisLayout

/// Where a JSON text first breaks the grammar, for messages that point at the place:
/// Foundation-free `JSONDecoder` only says that data "was not valid JSON".
///
///     JSONSyntax.problem(in: Array("{\"a\": 1 \"b\": 2}".utf8))
///     // (line: 1, column: 9, message: "expected ',' or '}' but found '\"'")
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

    /// The first syntax problem, or nil for well-formed JSON (any value at the top).
    public static func problem(in bytes: [UInt8]) -> Problem? {
        var scanner = Scanner(bytes: bytes)
        do throws(Problem) {
            scanner.skipSpace()
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.index < bytes.count { throw scanner.unexpected("the end") }
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

        mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
            guard index < bytes.count, bytes[index] == byte else { throw unexpected(what) }
            index += 1
        }

        mutating func value(depth: Int) throws(Problem) {
            guard index < bytes.count else { throw unexpected("a value") }
            guard depth < 512 else { throw unexpected("less nesting") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            default: throw unexpected("a value")
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return index += 1 }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected("a field name in quotes") }
                try string()
                skipSpace()
                try expect(UInt8(ascii: ":"), "':'")
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                return try expect(UInt8(ascii: "}"), "',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return index += 1 }
            while true {
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                return try expect(UInt8(ascii: "]"), "',' or ']'")
            }
        }

        mutating func string() throws(Problem) {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count, Array("\"\\/bfnrtu".utf8).contains(bytes[index]) else { throw unexpected("an escape") }
                    if bytes[index] == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            index += 1
                            guard index < bytes.count, bytes[index].isHexDigit else { throw unexpected("a hex digit") }
                        }
                    }
                    index += 1
                case 0x00..<0x20:
                    throw unexpected("a character (control characters must be escaped)")
                default:
                    index += 1
                }
            }
            throw unexpected("a closing '\"'")
        }

        mutating func number() throws(Problem) {
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
