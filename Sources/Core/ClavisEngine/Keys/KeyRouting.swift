import ClavisLayout

/// The one place that decides what goes to a document as text and what as a key event, for
/// every proxy (the demo's GtkEntry, XTest, both Wayland input methods).
///
/// A keyboard types into fields that take text, into applications that take key events, and
/// into fields that take both. The same few keys sit on the border: Return and Tab are text
/// ("\n", "\t") to a document that only takes text, but keys to an application (a single-line
/// field submits on Return, a form moves on Tab); BackSpace and the arrows are edits a text
/// document can make itself, or keys.
///
///     KeyRouting.keyName(typing: "\n")                          // .returnKey
///     KeyRouting.sendsAsKey("\n", composing: false)             // true: Return submits
///     KeyRouting.edit(for: KeyPress(name: .left), keysReachApplication: false)   // .moveCaret(-1)
public enum KeyRouting {
    /// What a key press without modifiers does to a document that edits its own text.
    public enum Edit: Equatable, Sendable {
        case insert(String)
        case deleteBackward
        case moveCaret(Int)
        /// To the start of the text before the caret (Home).
        case caretToStart
        /// To the end of the text after the caret (End).
        case caretToEnd
    }

    /// The key that types `text` when it goes as a key event: Return for "\n", Tab for "\t",
    /// Space for " ", else the character's own key (a shortcut's "c" of Ctrl+C).
    public static func keyName(typing text: String) -> KeyName {
        switch text {
        case "\n", "\r\n": .returnKey
        case "\t": .tab
        case " ": .space
        default: .character(text)
        }
    }

    /// Whether `text` goes to a field that takes both text and keys as a key event: Return
    /// and Tab alone, outside a composition (whose text they commit).
    public static func sendsAsKey(_ text: String, composing: Bool) -> Bool {
        !composing && (text == "\n" || text == "\t")
    }

    /// A part of a text as it goes to a single-line field: a run of text, or a key.
    public enum Piece: Equatable, Sendable {
        case text(String)
        case key(KeyPress)

        /// The piece as text again (Return as "\n").
        public var text: String {
            switch self {
            case .text(let text): text
            case .key(let press): press.name == .returnKey ? "\n" : press.name == .tab ? "\t" : ""
            }
        }
    }

    /// A text as a single-line field takes it: its lines, with Return between them (a line
    /// break cannot be in the field; Return is its action, a form's Next or Done).
    ///
    ///     KeyRouting.singleLine("Ann\nBee")   // [.text("Ann"), .key(Return), .text("Bee")]
    public static func singleLine(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { pieces.append(.key(KeyPress(name: keyName(typing: "\n")))) }
            if !line.isEmpty { pieces.append(.text(String(line))) }
        }
        return pieces
    }

    /// The edit a key press stands for, or `nil` when it must go as a key event (or, to a
    /// document without key events, nowhere). Only presses without modifiers are edits.
    /// `keysReachApplication`: the document's application takes real key events too (XTest),
    /// so a shifted press (a selection) and Home and End go to it as keys; otherwise Shift is
    /// ignored and Home and End move the caret across the known text.
    public static func edit(for press: KeyPress, keysReachApplication: Bool) -> Edit? {
        guard press.modifiers.isEmpty, !(keysReachApplication && press.shift) else { return nil }
        switch press.name {
        case .returnKey: return .insert("\n")
        case .tab: return .insert("\t")
        case .backSpace: return .deleteBackward
        case .left: return .moveCaret(-1)
        case .right: return .moveCaret(1)
        case .home: return keysReachApplication ? nil : .caretToStart
        case .end: return keysReachApplication ? nil : .caretToEnd
        case .escape, .delete, .insert, .pageUp, .pageDown, .up, .down, .menu, .print, .pause, .scrollLock, .space,
             .function, .character:
            return nil
        }
    }

    /// Makes `edit` through the proxy's text calls.
    @MainActor
    public static func apply(_ edit: Edit, to proxy: any TextDocumentProxy) {
        switch edit {
        case .insert(let text): proxy.insertText(text)
        case .deleteBackward: proxy.deleteBackward()
        case .moveCaret(let offset): proxy.adjustTextPosition(byCharacterOffset: offset)
        case .caretToStart: proxy.adjustTextPosition(byCharacterOffset: -(proxy.documentContextBeforeInput?.count ?? 0))
        case .caretToEnd: proxy.adjustTextPosition(byCharacterOffset: proxy.documentContextAfterInput?.count ?? 0)
        }
    }
}
