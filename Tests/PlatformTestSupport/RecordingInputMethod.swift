import ClavisEngine
import ClavisWayland

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
    public func deleteSurroundingText(beforeLength: UInt32, afterLength: UInt32) {
        requests.append(.deleteSurrounding(beforeLength, afterLength))
    }
    public func commit(serial: UInt32) { requests.append(.commit(serial)) }
    public func sendKey(_ press: KeyPress) { requests.append(.key(press)) }

    /// Forgets the requests recorded so far.
    public func clear() { requests.removeAll() }
}
