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
    }

    public private(set) var calls: [Call] = []
    public let document: TextDocument

    public init(text: String = "", returnKeyType: ReturnKeyType = .default) {
        document = TextDocument(text: text, returnKeyType: returnKeyType)
    }

    public var text: String { document.text }
    public var documentContextBeforeInput: String? { document.documentContextBeforeInput }
    public var documentContextAfterInput: String? { document.documentContextAfterInput }
    public var hasText: Bool { document.hasText }
    public var returnKeyType: ReturnKeyType {
        get { document.returnKeyType }
        set { document.returnKeyType = newValue }
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
}
