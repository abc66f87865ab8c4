import ClavisLayout
import Foundation
import GtkKit

/// Writes where each key is on the screen, for scripts that click keys from outside
/// (xdotool in tests, the README screenshot, accessibility tools).
///
/// The file is JSON, rewritten whenever the keyboard is resized or moved on screen:
///
///     {"keys": [{"id": "q", "label": "q", "x": 12, "y": 290, "width": 72, "height": 48}, ...]}
///
/// Coordinates are in screen pixels (the keyboard's origin plus the key frame). The file is
/// written atomically (a temporary file renamed into place), so a reader never sees half of it.
@MainActor
public final class GeometryExport {
    private let url: URL
    private var lastWritten: Data?
    private var reportedFailure = false

    public init(path: String) {
        url = URL(fileURLWithPath: path)
    }

    struct KeyEntry: Encodable {
        var id, label: String
        var x, y, width, height: Int
    }

    struct Document: Encodable {
        var keys: [KeyEntry]
    }

    /// Writes the frames of `view`'s keys if they changed since the last write.
    public func write(_ view: KeyboardView) {
        guard let window = gtk_widget_get_window(view.widget), view.geometry.width > 0 else { return }
        var originX: Int32 = 0
        var originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        let keys = view.geometry.frames.map { keyFrame in
            KeyEntry(id: keyFrame.key.id, label: view.controller.label(for: keyFrame.key),
                     x: Int(originX) + Int(keyFrame.frame.x.rounded()),
                     y: Int(originY) + Int(keyFrame.frame.y.rounded()),
                     width: Int(keyFrame.frame.width.rounded()), height: Int(keyFrame.frame.height.rounded()))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Document(keys: keys)), data != lastWritten else { return }
        // Reported once: a failing path must not flood the terminal on every frame.
        lastWritten = data
        do {
            try data.write(to: url, options: .atomic)
        } catch where !reportedFailure {
            reportedFailure = true
            FileHandle.standardError.write(Data("clavis: cannot write \(url.path): \(error.localizedDescription)\n".utf8))
        } catch {}
    }
}
