/// A problem in a layout file, located so the author can jump to it.
///
/// Its description has the compiler-style form editors understand:
///
///     us.rows:4: error: unknown key width '1.x' in 'shift:1.x'
public struct LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it (or "<built-in>", "<stdin>").
    public var file: String
    /// 1-based line; 0 when the problem concerns the whole file.
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line): error: \(message)" : "\(file): error: \(message)"
    }
}
