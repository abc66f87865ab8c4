import ClavisEngine
import ClavisSettings

/// The clipboard's part of a keyboard session: what was copied, kept newest first for the
/// editing panel's strip and the Clipboard key's list, in memory, and on disk where the user
/// asked (`keepClipboard`). It owns its state and applies its own settings; the session shows
/// the strip when it changes (`onChange`) and types an item when asked (`insert`).
///
/// A lock screen's or greeter's keyboard has one that never reads, keeps, shows or changes a
/// list, whatever the settings say or the composition handed in.
///
///     session.clipboard.textCopied("ada@example.org")   // first in the panel's strip
///     session.clipboard.togglePin(at: 0)                 // kept through Clear and the limit
@MainActor
public final class SessionClipboard {
    /// What was copied and is kept, newest first (the Clipboard key's list).
    public var items: [ClipboardHistory.Item] { history.items }
    private var history = ClipboardHistory()
    /// Whether copies are kept (the `clipboardHistory` setting); turning it off forgets them.
    private var isEnabled = true {
        didSet { if !isEnabled { clear(keepingPinned: false) } }
    }
    /// Whether the list is kept on disk across restarts (`keepClipboard`): turned on, the
    /// file's list is read and merged under what is in memory; off, the file goes.
    private var keepsFile = false {
        didSet { if keepsFile, !oldValue { readKeptList() } }
    }
    /// Whether the file may be written (not one of another version).
    private var fileWritable = true
    /// The list's file: none on a lock screen.
    private let store: ClipboardStore?
    private let isLockScreen: Bool
    private let report: (String) -> Void
    /// Whether the field focused now is a password's: a copy made there is not kept.
    var focusedFieldIsSecure: () -> Bool = { false }
    /// The list changed (the strip over the editing panel shows it).
    var onChange: (() -> Void)?
    /// Types an item's text into the focused field (the session's controller, undoable).
    var insert: ((String) -> Void)?

    init(store: ClipboardStore?, isLockScreen: Bool, report: @escaping (String) -> Void) {
        self.store = isLockScreen ? nil : store
        self.isLockScreen = isLockScreen
        self.report = report
    }

    /// Something was copied (the host watches the clipboard: X11's CLIPBOARD selection):
    /// kept, newest first — unless the history is off or the field focused now is secure.
    public func textCopied(_ text: String) {
        guard acceptsCopies, history.add(text) else { return }
        changed()
    }

    /// Whether a copy made now would be kept: the history is on and the focused field is not
    /// a password's. A host that must fetch the text first (Wayland) asks before it does.
    public var acceptsCopies: Bool {
        isEnabled && !isLockScreen && !focusedFieldIsSecure()
    }

    /// Forgets what was copied (pinned items too when `keepingPinned` is false): the list's
    /// Clear.
    public func clear(keepingPinned: Bool = true) {
        guard !isLockScreen else { return }
        history.clear(keepingPinned: keepingPinned)
        changed()
    }

    /// Pins an item, so that neither Clear nor the limit removes it, or unpins it.
    public func togglePin(at index: Int) {
        guard !isLockScreen, history.items.indices.contains(index) else { return }
        _ = history.togglePin(at: index)
        changed()
    }

    /// Types an item into the focused field, as text (so it works where pasting does not);
    /// the panel's Undo takes it back.
    public func type(at index: Int) {
        guard !isLockScreen, history.items.indices.contains(index) else { return }
        insert?(history.items[index].text)
    }

    /// The user's settings: the history on or off, the file kept or removed.
    func apply(_ settings: Settings) {
        isEnabled = !isLockScreen && settings.clipboardHistory
        keepsFile = !isLockScreen && settings.clipboardHistory && settings.keepClipboard
        // Not kept: no file, also one left by a keyboard that was not running when it was turned off.
        if !keepsFile { store?.clear() }
    }

    /// The list changed: shown, and written where the user asked.
    private func changed() {
        onChange?()
        guard keepsFile, fileWritable, let store else { return }
        do {
            try store.save(history)
        } catch {
            report("\(error); the clipboard's list is kept in memory only")
            fileWritable = false
        }
    }

    /// The file's list, read under what is in memory, and written back.
    private func readKeptList() {
        guard let store else { return }
        let loaded = store.load()
        if let problem = loaded.problem { report(problem) }
        fileWritable = loaded.writable
        let current = history.items
        history = ClipboardHistory(restoring: current + loaded.history.items.filter { item in !current.contains { $0.text == item.text } })
        changed()
    }
}
