import ClavisEngine

/// The requests an input method sends (input-method-v2), and the virtual keyboard's keys:
/// the Wayland glue in the app, a recorder in tests.
@MainActor
public protocol InputMethodConnection: AnyObject {
    func commitString(_ text: String)
    /// Marked text, with the selected part as UTF-8 byte offsets into it.
    func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32)
    /// Deletes UTF-8 bytes before and after the caret.
    func deleteSurroundingText(beforeLength: UInt32, afterLength: UInt32)
    /// Applies the requests sent since the last commit, for the state counted by `serial`.
    func commit(serial: UInt32)
    /// A key event through the virtual keyboard (arrows, Escape, shortcuts).
    func sendKey(_ press: KeyPress)
}

/// The text-document proxy for Wayland applications: the keyboard is the seat's input
/// method, so text is committed as strings and marked text is real preedit, drawn by the
/// application. Each proxy call is one batch of requests ended by `commit(serial)`.
///
/// The text around the caret is the field's `surrounding_text`; until the field sends it
/// again after a commit, the proxy keeps its own copy up to date (as `XTestProxy` does), so
/// automatic capitals and suggestions see what was just typed.
///
///     let proxy = InputMethodProxy(connection: glue)
///     proxy.insertText("Hi")      // commit_string("Hi"), commit(serial)
///     proxy.setMarkedText("にほんご", selectedRange: 4..<4)   // set_preedit_string, commit
@MainActor
public final class InputMethodProxy: TextDocumentProxy {
    public let connection: any InputMethodConnection
    /// What the compositor said about the field.
    public private(set) var state = InputMethodState()
    /// Called when a field gains or loses the focus, or its text changes from outside.
    public var onChange: (() -> Void)?
    private var before: String?
    private var marked: String?

    public init(connection: any InputMethodConnection) {
        self.connection = connection
    }

    // MARK: Events

    /// Applies an event batch (`done`): the field's focus, text and content type.
    public func update(_ change: (inout InputMethodState) -> Void) {
        change(&state)
        before = state.textBeforeCursor
        if !state.isActive { marked = nil }
        onChange?()
    }

    // MARK: TextDocumentProxy

    public var documentContextBeforeInput: String? { state.isActive ? before : nil }
    public var documentContextAfterInput: String? { state.isActive ? state.textAfterCursor : nil }
    public var selectedText: String? { nil }
    public var hasText: Bool { !(before ?? "").isEmpty || !(state.textAfterCursor ?? "").isEmpty }
    public var traits: TextInputTraits { state.contentType.traits }

    public func insertText(_ text: String) {
        guard state.isActive else { return }
        if text == "\n", marked == nil {
            // Return is a key: single-line fields submit on it.
            return sendKey(KeyPress(name: "Return"))
        }
        connection.commitString(text)
        connection.commit(serial: state.serial)
        marked = nil
        before = (before ?? "") + text
    }

    public func deleteBackward() {
        guard state.isActive else { return }
        guard let last = before?.last else {
            // Nothing known before the caret: a BackSpace key lets the application decide.
            return sendKey(KeyPress(name: "BackSpace"))
        }
        connection.deleteSurroundingText(beforeLength: UInt32(String(last).utf8.count), afterLength: 0)
        connection.commit(serial: state.serial)
        before?.removeLast()
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        guard state.isActive, offset != 0 else { return }
        for _ in 0..<abs(offset) { sendKey(KeyPress(name: offset < 0 ? "Left" : "Right")) }
        before = nil
    }

    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        guard state.isActive else { return }
        func bytes(_ characters: Int) -> Int32 { Int32(text.prefix(max(0, min(characters, text.count))).utf8.count) }
        connection.setPreeditString(text, cursorBegin: bytes(selectedRange.lowerBound), cursorEnd: bytes(selectedRange.upperBound))
        connection.commit(serial: state.serial)
        marked = text
    }

    public func unmarkText() {
        guard state.isActive, let text = marked else { return }
        marked = nil
        // A commit without a preedit clears it; the string takes its place.
        if !text.isEmpty { connection.commitString(text) }
        connection.commit(serial: state.serial)
        before = (before ?? "") + text
    }

    public func sendKey(_ press: KeyPress) {
        connection.sendKey(press)
        if press.name != "Return" { before = nil }
    }
}
