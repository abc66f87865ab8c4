/// A copy another program hands over, read in pieces as they arrive (Wayland's data-control
/// writes it into a pipe; X11's selection owner into a property, in one piece or in
/// increments): at most `maximumBytes`, the most `ClipboardHistory` keeps, past which it
/// gives up, since a larger copy is not kept at all.
/// The text is UTF-8 with any malformed sequence replaced (�), and the NULs some clients end it
/// with dropped.
///
///     var transfer = ClipboardTransfer()
///     transfer.append(Array("Ada\0".utf8))   // true: keep reading
///     transfer.text                          // "Ada"
public struct ClipboardTransfer: Equatable, Sendable {
    /// The most bytes read: what the history keeps.
    public static let maximumBytes = ClipboardHistory.maximumBytes

    private var bytes: [UInt8] = []
    /// Whether more than `maximumBytes` came: the copy is not kept.
    public private(set) var isTooLarge = false

    public init() {}

    /// Adds what was read; false once the copy is too large (stop reading).
    @discardableResult
    public mutating func append(_ chunk: some Collection<UInt8>) -> Bool {
        guard !isTooLarge else { return false }
        guard bytes.count + chunk.count <= Self.maximumBytes else {
            isTooLarge = true
            bytes = []
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }

    /// The text handed over, or `nil` when it was too large.
    public var text: String? {
        guard !isTooLarge else { return nil }
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
