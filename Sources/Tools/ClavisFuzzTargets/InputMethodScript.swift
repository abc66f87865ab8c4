import ClavisEngine
import ClavisProtocolProxy

/// The `input-method` fuzz target: bytes read as a script of what a compositor or ibus-daemon
/// tells an input method (activation, surrounding text of any bytes with any offsets in bytes or
/// characters, v1, v3 and IBus content types, masked text, batches ended) mixed with what the
/// keyboard does to the field (text, deletions, marked text, keys), run through the input
/// method's text-document proxy.
///
///     InputMethodScript.run([0, 2, 3, 0x68, 0x69, 0x21, 0, 9, 0, 9, 6, 1, 0x6F])
///     // activate, surrounding text "hi!" with caret and anchor 9 (past its end), insert "o"
@MainActor
enum InputMethodScript {
    static func run(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let proxy = InputMethodProxy(connection: NullInputMethod(), scheduler: NeverScheduler())
        var steps = 0
        while let op = reader.byte(), steps < 500 {
            steps += 1
            switch op % 13 {
            case 0: proxy.update { $0.activate(); $0.done() }
            case 1: proxy.update { $0.deactivate(); $0.done() }
            case 2:
                let text = reader.text()
                let cursor = Int(reader.word())
                let anchor = Int(reader.word())
                proxy.update { $0.surroundingText(text, cursor: cursor, anchor: anchor); $0.done() }
            case 3:
                let hint = reader.word(), purpose = reader.word()
                proxy.update { $0.contentType(ContentType(v1Hint: hint, v1Purpose: purpose)); $0.done() }
            case 4:
                let hint = reader.word(), purpose = reader.word()
                proxy.update { $0.contentType(hint: hint, purpose: purpose); $0.done() }
            case 5: _ = (proxy.documentContextBeforeInput, proxy.documentContextAfterInput, proxy.hasText, proxy.traits)
            case 6: proxy.insertText(reader.text())
            case 7: proxy.deleteBackward()
            case 8:
                let text = reader.text()
                let lower = Int(reader.byte() ?? 0) % 8, length = Int(reader.byte() ?? 0) % 8
                proxy.setMarkedText(text, selectedRange: lower..<(lower + length))
            case 9: proxy.unmarkText()
            case 10:
                // IBus's content type, and a field's text tested for masking.
                let purpose = reader.word(), hints = reader.word()
                _ = ContentType.isMasked(reader.text())
                proxy.update { $0.contentType(ContentType(ibusPurpose: purpose, ibusHints: hints)); $0.done() }
            case 11:
                // IBus's surrounding text: offsets in characters, negative or past the end too.
                let text = reader.text()
                let cursor = Int(Int16(bitPattern: UInt16(truncatingIfNeeded: reader.word())))
                let anchor = Int(Int16(bitPattern: UInt16(truncatingIfNeeded: reader.word())))
                proxy.update { $0.surroundingText(text, characterCursor: cursor, anchor: anchor); $0.done() }
            default:
                proxy.sendKey(KeyPress(name: [.left, .right, .escape, .tab, .returnKey, .backSpace][Int(reader.byte() ?? 0) % 6]))
            }
        }
    }
}

/// Reads a script's operands; past the end, zeros and empty text.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// Two bytes, big-endian (offsets past any text included).
    mutating func word() -> UInt32 {
        UInt32(byte() ?? 0) << 8 | UInt32(byte() ?? 0)
    }

    /// A length byte, then that many bytes (up to 64) taken as UTF-8, repaired as a
    /// compositor's C string would be read.
    mutating func text() -> String {
        let count = Int(byte() ?? 0) % 65
        var taken: [UInt8] = []
        for _ in 0..<count { if let next = byte() { taken.append(next) } }
        return String(decoding: taken, as: UTF8.self)
    }
}

/// A compositor that takes every request and answers none.
@MainActor
final class NullInputMethod: InputMethodConnection {
    /// How many keys were sent: the proxy holds text back until a key's effect is reported,
    /// which this compositor never does.
    private(set) var keysSent = 0

    func commitString(_ text: String) {}
    func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32) {}
    func deleteSurroundingText(before: String, after: String) {}
    func commit(serial: UInt32) {}
    func sendKey(_ press: KeyPress) { keysSent += 1 }
}

/// A clock that never gets to what is scheduled (a fuzz run is over in microseconds).
final class NeverScheduler: Scheduler {
    private final class Task: ScheduledTask {
        func cancel() {}
    }

    var now: Double { 0 }

    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any ScheduledTask { Task() }
}
