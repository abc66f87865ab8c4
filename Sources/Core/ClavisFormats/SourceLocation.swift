/// A position in a source file (1-based).
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position `offset` characters further along the same line.
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(line: line, column: column + offset)
    }

    public var description: String { "\(line):\(column)" }

    /// The line and column (in characters) of the byte at `offset` in UTF-8 `bytes`; an
    /// offset past the end is the end.
    ///
    ///     SourceLocation(utf8Offset: 4, in: Array("ab\ncd".utf8))   // 2:2
    public init(utf8Offset offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1   // continuation bytes belong to the character before
            }
        }
        self.init(line: line, column: column)
    }
}
