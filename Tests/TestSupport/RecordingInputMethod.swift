import ClavisEngine
import ClavisProtocolProxy

/// An `InputMethodConnection` that records the requests instead of sending them.
///
///     let connection = RecordingInputMethod()
///     proxy.insertText("a")   // connection.requests == [.commitString("a"), .commit(1)]
@MainActor
public final class RecordingInputMethod: InputMethodConnection {
    /// One request, as input-method-v2 (and the virtual keyboard) would carry it.
    public enum Request: Equatable, Sendable {
        case commitString(String)
        case setPreedit(String, Int32, Int32)
        case deleteSurrounding(UInt32, UInt32)
        case commit(UInt32)
        case key(KeyPress)
    }

    public private(set) var requests: [Request] = []

    public init() {}

    public func commitString(_ text: String) { requests.append(.commitString(text)) }
    public func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32) {
        requests.append(.setPreedit(text, cursorBegin, cursorEnd))
    }
    /// Recorded in UTF-8 bytes, as input-method-v2 counts.
    public func deleteSurroundingText(before: String, after: String) {
        requests.append(.deleteSurrounding(UInt32(before.utf8.count), UInt32(after.utf8.count)))
    }
    public func commit(serial: UInt32) { requests.append(.commit(serial)) }
    public func sendKey(_ press: KeyPress) { requests.append(.key(press)) }

    /// Forgets the requests recorded so far.
    public func clear() { requests.removeAll() }
}
