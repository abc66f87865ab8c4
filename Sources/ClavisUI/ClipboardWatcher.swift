import GtkKit

/// Tells of every text copied to the desktop's clipboard (the CLIPBOARD selection), by any
/// application: GTK reads its owner changes through XFixes on X11. Under Wayland a window
/// that never takes the focus is not told (the compositor's data-control protocol would be
/// needed there), so there the strip holds only what is copied with Clavis itself.
///
///     let watcher = ClipboardWatcher { text in session.textCopied(text) }
@MainActor
final class ClipboardWatcher {
    private let clipboard: OpaquePointer
    private let onCopy: (String) -> Void

    init(onCopy: @escaping (String) -> Void) {
        self.onCopy = onCopy
        clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        Signal.connect(UnsafeMutablePointer<GObject>(clipboard), "owner-change", pointer: { [weak self] _ in self?.read() })
    }

    /// Asks for the clipboard's text; the answer comes back through the main loop.
    private func read() {
        let context = Unmanaged.passRetained(self).toOpaque()
        gtk_clipboard_request_text(clipboard, { _, text, context in
            let watcher = Unmanaged<ClipboardWatcher>.fromOpaque(context!).takeRetainedValue()
            guard let text else { return }
            let copied = String(cString: text)
            MainActor.assumeIsolated { watcher.onCopy(copied) }
        }, context)
    }
}
