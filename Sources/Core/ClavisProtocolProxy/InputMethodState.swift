/// The input method's view of the focused text field, as input-method-v2 delivers it (and
/// the IBus engine hands it on in the same shape): events are pending until `done`, which
/// applies them together and counts one more serial (the number `commit` must send back, so
/// the compositor can drop requests that answer an older state).
///
///     var state = InputMethodState()
///     state.activate()
///     state.surroundingText("Hello", cursor: 5, anchor: 5)
///     state.done()        // active, "Hello" before the caret, serial 1
public struct InputMethodState: Equatable, Sendable {
    /// A text field has the focus (after `activate` and `done`).
    public private(set) var isActive = false
    /// The text around the caret the field last sent, and the caret and anchor as byte offsets.
    public private(set) var surrounding: (text: String, cursor: Int, anchor: Int)?
    public private(set) var contentType = ContentType()
    /// How many `done` events arrived: what `commit` sends.
    public private(set) var serial: UInt32 = 0

    private var pendingActive: Bool?
    private var pendingSurrounding: (text: String, cursor: Int, anchor: Int)??
    private var pendingContentType: ContentType?

    public init() {}

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.isActive == rhs.isActive && lhs.serial == rhs.serial && lhs.contentType == rhs.contentType
            && lhs.surrounding?.text == rhs.surrounding?.text && lhs.surrounding?.cursor == rhs.surrounding?.cursor
    }

    /// A field took the focus: its earlier state is forgotten (the protocol resets it).
    public mutating func activate() {
        pendingActive = true
        pendingSurrounding = .some(nil)
        pendingContentType = ContentType()
    }

    /// The field lost the focus.
    public mutating func deactivate() {
        pendingActive = false
    }

    public mutating func surroundingText(_ text: String, cursor: Int, anchor: Int) {
        pendingSurrounding = .some((text, cursor, anchor))
    }

    public mutating func contentType(hint: UInt32, purpose: UInt32) {
        contentType(ContentType(rawHint: hint, rawPurpose: purpose))
    }

    public mutating func contentType(_ type: ContentType) {
        pendingContentType = type
    }

    /// Applies everything pending at once and counts the serial.
    public mutating func done() {
        if let active = pendingActive { isActive = active }
        if let surrounding = pendingSurrounding { self.surrounding = surrounding }
        if let type = pendingContentType { contentType = type }
        if pendingActive == false {
            surrounding = nil
            contentType = ContentType()
        }
        pendingActive = nil
        pendingSurrounding = nil
        pendingContentType = nil
        serial &+= 1
    }

    /// The text before the caret (nil when the field sends none).
    public var textBeforeCursor: String? {
        surrounding.map { String(decoding: Array($0.text.utf8.prefix(max(0, min($0.cursor, $0.text.utf8.count)))), as: UTF8.self) }
    }

    /// The text after the caret (or the selection's end).
    public var textAfterCursor: String? {
        surrounding.map { String(decoding: Array($0.text.utf8.dropFirst(max($0.cursor, $0.anchor))), as: UTF8.self) }
    }
}
