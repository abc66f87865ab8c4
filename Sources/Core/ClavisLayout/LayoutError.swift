import ClavisFiles
import ClavisFormats
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

    /// One line, always: a file name or a quoted id holding a newline is escaped
    /// (`MessageText`), so each problem stays a line of its own.
    public var description: String {
        let file = MessageText.escaped(file)
        let message = MessageText.escaped(message)
        return switch (line, column) {
        case (0, _): "\(file): error: \(message)"
        case (_, 0): "\(file):\(line): error: \(message)"
        default: "\(file):\(line):\(column): error: \(message)"
        }
    }
}

/// Every problem found in one layout file, in file order.
public struct LayoutErrors: Error, Equatable, Sendable, CustomStringConvertible, ProblemList {
    public var errors: [LayoutError]
    public init(errors: [LayoutError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
    /// Each mistake on a line of its own when reported.
    public var problems: [String] { errors.map(\.description) }
}
