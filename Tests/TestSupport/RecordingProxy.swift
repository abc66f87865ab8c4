import ClavisEngine

/// A `TextDocumentProxy` that records every call and applies it to an in-memory document,
/// so a test can assert both what the keyboard asked for and what the text became.
///
///     let proxy = RecordingProxy()
///     controller.proxy = proxy
///     controller.activate(returnKey)
///     #expect(proxy.calls == [.insert("\n")])
@MainActor
public final class RecordingProxy: TextDocumentProxy {
    /// One call the keyboard made.
    public enum Call: Equatable, Sendable {
        case insert(String)
        case deleteBackward
        case adjust(Int)
        case mark(String)
        case unmark
        case key(KeyPress)
    }

    public private(set) var calls: [Call] = []
    public let document: TextDocument

    /// A document with no auto-capitalisation unless traits say otherwise, so tests of
    /// plain typing see exactly what was typed.
    public init(text: String = "", traits: TextInputTraits = TextInputTraits(autocapitalizationType: .none)) {
        document = TextDocument(text: text, traits: traits)
    }

    public var text: String { document.text }
    public var documentContextBeforeInput: String? { document.documentContextBeforeInput }
    public var documentContextAfterInput: String? { document.documentContextAfterInput }
    public var selectedText: String? { document.selectedText }
    public var hasText: Bool { document.hasText }
    public var traits: TextInputTraits {
        get { document.traits }
        set { document.traits = newValue }
    }
    public var onDocumentChange: ((DocumentChange) -> Void)? {
        get { document.onDocumentChange }
        set { document.onDocumentChange = newValue }
    }

    public func insertText(_ text: String) {
        calls.append(.insert(text))
        document.insertText(text)
    }

    public func deleteBackward() {
        calls.append(.deleteBackward)
        document.deleteBackward()
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        calls.append(.adjust(offset))
        document.adjustTextPosition(byCharacterOffset: offset)
    }

    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        calls.append(.mark(text))
        document.setMarkedText(text, selectedRange: selectedRange)
    }

    public func unmarkText() {
        calls.append(.unmark)
        document.unmarkText()
    }

    /// Records a key event (Esc, F5, Ctrl+C); the document is left as it is.
    public func sendKey(_ press: KeyPress) {
        calls.append(.key(press))
    }

    /// Whether marked text shows in place; `false` plays a field in another application.
    public var showsMarkedText = true

    /// Forgets the calls recorded so far.
    public func clearCalls() { calls.removeAll() }
}
