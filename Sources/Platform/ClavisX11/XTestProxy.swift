import ClavisEngine
import ClavisKeystrokes
import ClavisProtocolProxy

/// The text-document proxy for other applications: text goes out as XTest key presses to
/// whichever window has the focus.
///
/// Text is typed character by character (Return, Tab and backspace as their keys); the
/// caret moves with the arrow keys. The text around the caret comes from a
/// `TextContextSource` (AT-SPI) when the focused application exposes it; Clavis keeps its
/// own copy up to date as it types, because the application handles the key presses later
/// than the keyboard asks, and takes the application's version again once typing pauses.
/// With no source the context is unknown (`nil`) and automatic capitals are off: the user
/// shifts by hand, rather than every letter coming out capitalised. Suggestions then work
/// from what Clavis itself typed since the focus last moved (`suggestionContext`).
///
///     let proxy = XTestProxy(keyboard: xtest, scheduler: GLibScheduler())
///     proxy.insertText("Grüße\n")   // six key presses, ü and ß through spare keycodes
@MainActor
public final class XTestProxy: TextDocumentProxy {
    public let keyboard: any KeySender
    private let scheduler: any Scheduler
    /// The focused application's text, when it can be read.
    public var context: (any TextContextSource)? {
        didSet {
            context?.onChange = { [weak self] in
                guard let self else { return }
                typedContext.fieldChanged(typedContext.known)
                refreshContext()
            }
            context?.onFieldFocus = { [weak self] focused in
                self?.hasFocusedField = focused
                self?.onDocumentChange?(.field)
            }
            refreshContext()
        }
    }
    /// Called when the context changed from outside: `.text` when the field's text or caret
    /// moved (the keyboard recomputes its automatic shift), `.field` when the focus moved
    /// (auto-show follows `hasFocusedField`). Never `.traits`: what AT-SPI tells of a field
    /// gives no keyboard type to follow.
    public var onDocumentChange: ((DocumentChange) -> Void)?
    /// Whether a text field of the focused application has the focus, as AT-SPI last said
    /// (`false` until it says).
    public private(set) var hasFocusedField = false
    /// How long typing must pause before the application's own text replaces Clavis's copy.
    public var settleTime = 0.3
    /// The text before the caret as last read, with Clavis's keys since; and what Clavis
    /// typed since the focus or caret last moved, the context for suggestions when the
    /// application's text cannot be read.
    private var typedContext = TypedContext()
    private var markedLength = 0
    private var lastEdit = -Double.infinity
    private var refreshTask: (any ScheduledTask)?

    public init(keyboard: any KeySender, scheduler: any Scheduler) {
        self.keyboard = keyboard
        self.scheduler = scheduler
    }

    private var before: String? { typedContext.known }
    public var documentContextBeforeInput: String? { before }
    public var suggestionContext: String? { before ?? typedContext.typed }
    public var documentContextAfterInput: String? { context?.textAfterCaret }
    public var selectedText: String? { nil }
    public var hasText: Bool { !(before ?? "").isEmpty || !(context?.textAfterCaret ?? "").isEmpty }

    /// Whether every field is taken for a password (the keyboard embedded in a lock screen,
    /// `clavis keyboard --xid`, which cannot read the field): no suggestion bar, nothing learned.
    public var assumesSecureField = false

    public var traits: TextInputTraits {
        var traits = TextInputTraits()
        traits.autocapitalizationType = before == nil ? .none : .sentences
        // A field Clavis cannot read may be a terminal or code: suggest, never correct unasked.
        traits.autocorrectionType = before == nil ? .no : .default
        traits.isSecureTextEntry = assumesSecureField || (context?.isSecure ?? false)
        return traits
    }

    public func insertText(_ text: String) {
        markedLength = 0
        send(text.unicodeScalars.map(Keysym.init)) { $0.insert(text) }
    }

    public func deleteBackward() {
        markedLength = 0
        send([.backSpace]) { $0.deleteBackward() }
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        // Where the caret lands is the application's to say: the copy waits for it.
        send(Array(repeating: offset < 0 ? .left : .right, count: abs(offset))) { $0.caretMoved() }
    }

    /// Another application's field cannot show Clavis's marked text: a composition is kept
    /// in the keyboard's bar and only committed text is typed.
    public var showsMarkedText: Bool { false }

    /// Key presses cannot mark text: the marked text is typed, and replaced by deleting it
    /// (for callers that mark text anyway; the composition does not, see `showsMarkedText`).
    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        let erase = Array(repeating: Keysym.backSpace, count: markedLength)
        let count = markedLength
        send(erase + text.unicodeScalars.map(Keysym.init)) {
            $0.deleteBackward(count)
            $0.insert(text)
        }
        markedLength = text.count
    }

    public func unmarkText() {
        markedLength = 0
    }

    /// A key event as from a hardware keyboard: the editing keys without modifiers go the way
    /// text does (the copy of the context follows them); anything else (Esc, F5, Ctrl+C) is
    /// pressed with its modifiers around it, and the copy is dropped until the application's
    /// text is read again: what a shortcut does to the text is the application's business.
    public func sendKey(_ press: KeyPress) {
        if let edit = KeyRouting.edit(for: press, keysReachApplication: true) { return KeyRouting.apply(edit, to: self) }
        guard let keysym = Keysym(named: press.name.keysym) else { return }
        markedLength = 0
        send({ keyboard.press(keysym, modifiers: press.heldKeysyms) }) { $0.caretMoved() }
    }

    /// Types `keysyms`, and updates the copy of the context with `edit` if they went out.
    private func send(_ keysyms: [Keysym], edit: (inout TypedContext) -> Void) {
        send({ keyboard.type(keysyms) }, edit: edit)
    }

    /// Sends keys, and updates the copy of the context with `edit` if they went out.
    private func send(_ keys: () -> KeySendOutcome, edit: (inout TypedContext) -> Void) {
        guard keys() != .ownWindowFocused else { return }
        edit(&typedContext)
        lastEdit = scheduler.now
        scheduleRefresh()
    }

    private func scheduleRefresh() {
        refreshTask?.cancel()
        guard context != nil else { return }
        refreshTask = scheduler.schedule(after: settleTime) { [weak self] in
            self?.refreshTask = nil
            self?.refreshContext()
        }
    }

    /// Takes the application's text again, unless Clavis typed too recently for the
    /// application to have caught up (then it asks again once typing pauses).
    private func refreshContext() {
        if scheduler.now - lastEdit < settleTime {
            if refreshTask == nil { scheduleRefresh() }
            return
        }
        let fresh = context?.textBeforeCaret
        guard fresh != before else { return }
        typedContext.read(fresh)
        onDocumentChange?(.text)
    }
}
