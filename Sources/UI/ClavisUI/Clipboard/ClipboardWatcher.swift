import ClavisEngine
import GtkKit

/// Tells of every text copied to the desktop's clipboard (the CLIPBOARD selection), by any
/// application: GTK reads its owner changes through XFixes on X11. Nothing is fetched unless
/// `accepts` says the copy would be kept (the history on, no password field focused, not a
/// lock screen), and on X11 it is fetched by `X11SelectionReader`: never a copy a password
/// manager marks secret, never more than 16 KB of it. Under Wayland a window that never takes
/// the focus is not told (the compositor's data-control protocol is needed there:
/// `WaylandClipboard`), so there GTK's own reading serves the demo's copies, which are the
/// user's typing.
///
///     let watcher = ClipboardWatcher(accepts: { session.clipboard.acceptsCopies }) { text in session.clipboard.textCopied(text) }
@MainActor
final class ClipboardWatcher {
    private let clipboard: OpaquePointer
    private let accepts: () -> Bool
    private let onCopy: (String) -> Void
    private let reader = X11SelectionReader.onGdkDisplay()

    init(accepts: @escaping () -> Bool, onCopy: @escaping (String) -> Void) {
        self.accepts = accepts
        self.onCopy = onCopy
        clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        Signal.connect(UnsafeMutablePointer<GObject>(clipboard), "owner-change", pointer: { [weak self] _ in self?.read() })
    }

    /// Asks for the clipboard's text, when it would be kept; the answer comes back through
    /// the main loop.
    private func read() {
        guard accepts() else { return }
        if let reader {
            reader.read { [weak self] outcome in
                guard let self, case .text(let text) = outcome, self.accepts() else { return }
                self.onCopy(text)
            }
            return
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        gtk_clipboard_request_targets(clipboard, { clipboard, targets, count, context in
            let watcher = Unmanaged<ClipboardWatcher>.fromOpaque(context!).takeRetainedValue()
            let names = (0..<Int(max(0, count))).compactMap { index in targets?[index].flatMap { gdk_atom_name($0) } }.map { name in
                defer { g_free(name) }
                return String(cString: name)
            }
            guard !names.contains(where: SelectionTransfer.secretTypes.contains) else { return }
            MainActor.assumeIsolated { watcher.requestText() }
        }, context)
    }

    /// GTK's reading of the text (Wayland: the demo's own copies).
    private func requestText() {
        let context = Unmanaged.passRetained(self).toOpaque()
        gtk_clipboard_request_text(clipboard, { _, text, context in
            let watcher = Unmanaged<ClipboardWatcher>.fromOpaque(context!).takeRetainedValue()
            guard let text else { return }
            let copied = String(cString: text)
            MainActor.assumeIsolated { if watcher.accepts() { watcher.onCopy(copied) } }
        }, context)
    }
}
