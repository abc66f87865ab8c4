import ClavisEngine
import ClavisLayout

/// The requests an input method sends (input-method-v2's, IBus's engine's), and keys that
/// are not text: the Wayland or IBus glue in the app, a recorder in tests.
@MainActor
public protocol InputMethodConnection: AnyObject {
    func commitString(_ text: String)
    /// Marked text, with the selected part as UTF-8 byte offsets into it.
    func setPreeditString(_ text: String, cursorBegin: Int32, cursorEnd: Int32)
    /// Deletes the text `before` the caret and `after` it (Wayland counts it in UTF-8 bytes,
    /// IBus in characters: each connection measures it as its protocol does).
    func deleteSurroundingText(before: String, after: String)
    /// Applies the requests sent since the last commit, for the state counted by `serial`.
    func commit(serial: UInt32)
    /// A key event through the virtual keyboard (arrows, Escape, shortcuts).
    func sendKey(_ press: KeyPress)
}

/// The text-document proxy for applications the keyboard reaches as their input method
/// (Wayland's input-method protocols, an IBus engine): text is committed as strings and
/// marked text is real preedit, drawn by the application. Each proxy call is one batch of
/// requests ended by `commit(serial)`.
///
/// The text around the caret is the field's `surrounding_text`; until the field sends it
/// again after a commit, the proxy keeps its own copy up to date (as `XTestProxy` does), so
/// automatic capitals and suggestions see what was just typed.
///
/// Keys and text reach the application on two paths that it serves in a different order: a
/// key event waits in the toolkit's event queue, text is applied as soon as it arrives. So
/// after a key (← then "a"), text is held back until the field reports the key's effect (its
/// text or caret changed) or `keySettleTime` passes (a key that changes nothing, ← at the
/// start), and goes out then, in order.
///
/// With no active field (on Wayland an application without text-input, such as an X11 one
/// under Xwayland, or another input method holding the seat) text goes out as key presses
/// through the virtual keyboard, and a Japanese composition stays in Clavis's bar.
///
///     let proxy = InputMethodProxy(connection: glue, scheduler: GLibScheduler())
///     proxy.insertText("Hi")      // commit_string("Hi"), commit(serial)
///     proxy.setMarkedText("にほんご", selectedRange: 4..<4)   // set_preedit_string, commit
@MainActor
public final class InputMethodProxy: TextDocumentProxy {
    public let connection: any InputMethodConnection
    /// What the compositor (or ibus-daemon) said about the field.
    public private(set) var state = InputMethodState()
    /// Called when a field gains or loses the focus, or its text changes from outside (for
    /// the host: showing the keyboard with the focus), after `onDocumentChange`.
    public var onChange: (() -> Void)?
    /// Set by the keyboard session: a field was activated or deactivated (`field`), its
    /// content type changed (`traits`), or its text (`text`).
    public var onDocumentChange: ((DocumentChange) -> Void)?
    /// Called when the field's text changed in a way Clavis did not type (the user typed on
    /// another keyboard, most often): `--auto-show` pauses for a hardware keyboard on it.
    public var onOutsideEdit: (() -> Void)?
    /// How long text waits for a key sent before it to take effect.
    public var keySettleTime = 0.15
    private let scheduler: any Scheduler
    /// The field's text before the caret as it last said, with Clavis's edits since; where
    /// it says nothing, what Clavis typed since its last report.
    private var typedContext = TypedContext()
    private var before: String? { typedContext.known ?? (typedContext.typed.isEmpty ? nil : typedContext.typed) }
    private var marked: String?
    /// Keys sent whose effect the field has not reported yet, and the text work held back
    /// until it does.
    private var unsettledKeys = 0
    /// The text around the caret as the keyboard believed it after each of its recent
    /// edits: the field's reports of these are late ones, not a key's effect.
    private var believed: [Context] = []
    private struct Context: Equatable {
        var before: String?
        var after: String?
    }
    private var heldBack: [() -> Void] = []
    private var settleTimeout: (any ScheduledTask)?

    public init(connection: any InputMethodConnection, scheduler: any Scheduler) {
        self.connection = connection
        self.scheduler = scheduler
    }

    // MARK: Events

    /// Applies an event batch (`done`): the field's focus, text and content type.
    public func update(_ change: (inout InputMethodState) -> Void) {
        let previous = state
        change(&state)
        typedContext.fieldChanged(state.textBeforeCursor)
        if !state.isActive { marked = nil }
        // The same field's text changed, not by a key Clavis sent nor to what it typed.
        let outside = previous.isActive && state.isActive && unsettledKeys == 0 && marked == nil
            && previous.surrounding != nil && previous.surrounding?.text != state.surrounding?.text
            && !believed.contains(Context(before: before, after: state.textAfterCursor))
        // A report of text the keyboard never believed is a key's effect (a late report of
        // an earlier edit is not).
        if unsettledKeys > 0, !state.isActive || !believed.contains(Context(before: before, after: state.textAfterCursor)) {
            unsettledKeys -= 1
            if unsettledKeys == 0 || !state.isActive { releaseHeldBack() }
        }
        // Another field's text is no late report of this one's.
        if !state.isActive { believed = [] }
        onDocumentChange?(previous.isActive != state.isActive ? .field : previous.contentType != state.contentType ? .traits : .text)
        onChange?()
        if outside { onOutsideEdit?() }
    }

    // MARK: TextDocumentProxy

    public var documentContextBeforeInput: String? { state.isActive ? before : nil }
    public var documentContextAfterInput: String? { state.isActive ? state.textAfterCursor : nil }
    public var selectedText: String? { nil }
    public var hasText: Bool { !(before ?? "").isEmpty || !(state.textAfterCursor ?? "").isEmpty }
    public var traits: TextInputTraits { state.contentType.traits }

    public var showsMarkedText: Bool { state.isActive }
    public var hasFocusedField: Bool { state.isActive }

    public func insertText(_ text: String) {
        if holdBack({ $0.insertText(text) }) { return }
        guard state.isActive else {
            for character in text { sendKey(KeyPress(name: KeyRouting.keyName(typing: String(character)))) }
            return
        }
        if KeyRouting.sendsAsKey(text, composing: marked != nil) {
            return sendKey(KeyPress(name: KeyRouting.keyName(typing: text)))
        }
        connection.commitString(text)
        connection.commit(serial: state.serial)
        marked = nil
        typedContext.insert(text)
        remember()
    }

    public func deleteBackward() {
        if holdBack({ $0.deleteBackward() }) { return }
        guard state.isActive, let last = before?.last else {
            // Nothing known before the caret: a BackSpace key lets the application decide.
            return sendKey(KeyPress(name: .backSpace))
        }
        connection.deleteSurroundingText(before: String(last), after: "")
        connection.commit(serial: state.serial)
        typedContext.deleteBackward()
        remember()
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        guard offset != 0 else { return }
        for _ in 0..<abs(offset) { sendKey(KeyPress(name: offset < 0 ? .left : .right)) }
        typedContext.caretMoved()
    }

    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        if holdBack({ $0.setMarkedText(text, selectedRange: selectedRange) }) { return }
        guard state.isActive else { return }
        func bytes(_ characters: Int) -> Int32 { Int32(text.prefix(max(0, min(characters, text.count))).utf8.count) }
        connection.setPreeditString(text, cursorBegin: bytes(selectedRange.lowerBound), cursorEnd: bytes(selectedRange.upperBound))
        connection.commit(serial: state.serial)
        marked = text
    }

    public func unmarkText() {
        if holdBack({ $0.unmarkText() }) { return }
        guard state.isActive, let text = marked else { return }
        marked = nil
        // A commit without a preedit clears it; the string takes its place.
        if !text.isEmpty { connection.commitString(text) }
        connection.commit(serial: state.serial)
        typedContext.insert(text)
        remember()
    }

    public func sendKey(_ press: KeyPress) {
        // Behind held-back text, a key waits its turn too.
        if !heldBack.isEmpty, holdBack({ $0.sendKey(press) }) { return }
        connection.sendKey(press)
        guard state.isActive else { return }
        remember()
        if press.name != .returnKey { typedContext.caretMoved() }
        unsettledKeys += 1
        settleTimeout?.cancel()
        settleTimeout = scheduler.schedule(after: keySettleTime) { [weak self] in self?.releaseHeldBack() }
    }

    /// Notes the text as the keyboard now believes it (the last few edits are kept).
    private func remember() {
        believed.append(Context(before: before, after: state.textAfterCursor))
        if believed.count > 16 { believed.removeFirst() }
    }

    /// Queues `work` while a key's effect is awaited; false when it can run now.
    private func holdBack(_ work: @escaping (InputMethodProxy) -> Void) -> Bool {
        guard unsettledKeys > 0 else { return false }
        heldBack.append { [weak self] in self.map(work) }
        return true
    }

    /// Runs the held-back work in order (work after a key it sends is held back again).
    private func releaseHeldBack() {
        unsettledKeys = 0
        settleTimeout?.cancel()
        settleTimeout = nil
        let work = heldBack
        heldBack = []
        for item in work { item() }
    }

}
