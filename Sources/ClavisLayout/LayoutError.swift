/// A problem in a layout file, located so the author can jump to it.
///
/// Its description has the compiler-style form editors understand:
///
///     us.yaml:14:9: error: unknown key 'shfit' in layer 'letters'
public struct LayoutError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it (or a built-in's file name).
    public var file: String
    /// 1-based line; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column; 0 when unknown.
    public var column: Int
    public var message: String

    public init(file: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public init(file: String, at location: SourceLocation?, message: String) {
        self.init(file: file, line: location?.line ?? 0, column: location?.column ?? 0, message: message)
    }

    public var description: String {
        switch (line, column) {
        case (0, _): "\(file): error: \(message)"
        case (_, 0): "\(file):\(line): error: \(message)"
        default: "\(file):\(line):\(column): error: \(message)"
        }
    }
}

/// Every problem found in one layout file, in file order.
public struct LayoutErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [LayoutError]
    public init(errors: [LayoutError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

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
