import ClavisEngine
import ClavisFiles
import ClavisFormats
import ClavisLayout
import GtkKit

/// Writes where each key is on the screen, for scripts that click keys from outside
/// (xdotool in tests, the README screenshot, automation and accessibility tools).
///
/// The file is JSON, rewritten after every change of layout, layer, orientation, size,
/// position or visibility (and only then), from the frame drawn after it:
///
///     {"visible": true, "keyboard": "us", "orientation": "landscape", "layer": "letters",
///      "keys": [{"id": "q", "label": "q", "x": 12, "y": 290, "width": 72, "height": 48}, ...],
///      "suggestions": [{"text": "hello", "x": 0, "y": 250, "width": 266, "height": 36}, ...]}
///
/// `field` is what the keyboard knows of the field it types into (its keyboard type, whether
/// it is secure), or null when it knows none: no field focused, or an application that does
/// not say (an X11 one without AT-SPI). A focused password counts even when its text is not
/// told.
///
/// `scan` is switch scanning's state, null while scanning is off: `mode`, `highlighted` (the
/// ids of every key in the highlighted row or block, or the one key), `slots` (the
/// suggestion slots highlighted), `group` (a row or block rather than one key), `back` (the
/// way out of the group is highlighted) and `held` (a chosen Backspace repeating):
///
///     "scan": {"mode": "step", "highlighted": ["q", "w", "e"], "slots": [], "group": true, "back": false, "held": false}
///
/// `dwell` is null while dwell is off, else `{"paused": …, "longPress": …}` with the frames of
/// its two controls (`pause`, `hold`).
///
/// `suggestions` are the bar's slots left to right (empty text for an empty slot, the typed
/// letters without quotes for the verbatim slot, Japanese candidates, "▾" for the full
/// candidate list); an empty array while the bar is hidden.
///
/// Coordinates are screen pixels (the keyboard's origin plus the key frame); on Wayland,
/// where a client does not know where its surface is, the compositor's layout coordinates
/// from `origin`. The file is
/// written atomically (a temporary file renamed into place), so a reader never sees half of it.
@MainActor
public final class GeometryExport {
    private let path: String
    private var lastWritten: [UInt8]?
    private var reportedFailure = false
    /// Where the keyboard's window is, when GDK cannot say (a Wayland layer surface).
    public var origin: (() -> (x: Int32, y: Int32))?

    public init(path: String) {
        self.path = path
    }

    /// A frame in screen pixels, as the file's `x`, `y`, `width` and `height`.
    private static func frame(_ frame: Rect, originX: Int32, originY: Int32) -> [String: JSONValue] {
        ["x": .number(Double(Int(originX) + Int(frame.x.rounded()))), "y": .number(Double(Int(originY) + Int(frame.y.rounded()))),
         "width": .number(frame.width.rounded()), "height": .number(frame.height.rounded())]
    }

    /// Brings the file up to date after a move, a reveal or a hide. A keyboard on screen is
    /// redrawn and written from that frame (`write` from its draw handler): only then are
    /// its positions final, since a window that has just been shown or revealed is laid out
    /// after the signal that says so. A hidden one is written at once.
    public func refresh(_ view: KeyboardView, visible: Bool) {
        if visible {
            gtk_widget_queue_draw(view.widget)
        } else {
            write(view, visible: false)
        }
    }

    /// Writes the frames of `view`'s keys if anything changed since the last write.
    public func write(_ view: KeyboardView, visible: Bool) {
        var originX: Int32 = 0
        var originY: Int32 = 0
        if let origin {
            (originX, originY) = origin()
            var x: Int32 = 0, y: Int32 = 0
            if let toplevel = gtk_widget_get_toplevel(view.widget), gtk_widget_translate_coordinates(view.widget, toplevel, 0, 0, &x, &y) != 0 {
                originX += x
                originY += y
            }
        } else if let window = gtk_widget_get_window(view.widget) {
            gdk_window_get_origin(window, &originX, &originY)
        }
        let session = view.session
        let scene = session.scene
        let shown = visible && gtk_widget_is_drawable(view.widget) != 0 && scene.geometry.width > 0
        let keys: [JSONValue] = shown ? scene.geometry.frames.map { keyFrame in
            var entry = Self.frame(keyFrame.frame, originX: originX, originY: originY)
            entry["id"] = .string(keyFrame.key.id)
            entry["label"] = .string(scene.label(for: keyFrame.key))
            return .object(entry)
        } : []
        let bar = scene.bar
        let slots: [JSONValue] = shown ? (bar?.slots ?? []).enumerated().map { index, frame in
            var entry = Self.frame(frame, originX: originX, originY: originY)
            entry["text"] = .string(bar?.content.slots[index]?.text ?? "")
            return .object(entry)
        } : []
        let field = session.proxy.flatMap { proxy in
            // A password may keep its text from the keyboard (one GNOME hands over), and is a known field all the same.
            proxy.documentContextBeforeInput != nil || (proxy.hasFocusedField && proxy.traits.isSecureTextEntry)
                ? JSONValue.object(["keyboardType": .string(proxy.traits.keyboardType.rawValue), "secure": .bool(proxy.traits.isSecureTextEntry)])
                : nil
        }
        let mode = scene.scanMode
        let scan: JSONValue = mode == .off ? .null : .object([
            "mode": .string(mode.rawValue),
            "highlighted": .array((scene.scan?.keyIDs ?? []).map(JSONValue.string)),
            "slots": .array((scene.scan?.slots ?? []).map { .number(Double($0)) }),
            "group": .bool(scene.scan?.isGroup ?? false), "back": .bool(scene.scan?.isBack ?? false),
            "held": .bool(scene.scan?.isHeld ?? false),
        ])
        let dwell: JSONValue = scene.dwell.map { state in
            .object(["paused": .bool(state.isPaused), "longPress": .bool(state.isLongPressArmed),
                     "pause": .object(Self.frame(state.pauseControl, originX: originX, originY: originY)),
                     "hold": .object(Self.frame(state.longPressControl, originX: originX, originY: originY))])
        } ?? .null
        let document = JSONValue.object([
            "visible": .bool(shown), "field": field ?? .null, "keyboard": .string(session.layout.id),
            "orientation": .string(scene.orientation.rawValue), "layer": .string(scene.layer),
            "keys": .array(keys), "suggestions": .array(slots), "scan": scan, "dwell": dwell,
        ])
        let bytes = Array(document.text().utf8)
        guard bytes != lastWritten else { return }
        lastWritten = bytes
        do {
            // Rewritten on every change: atomic for readers, not synced to the disk.
            try Files.write(bytes, to: path, synced: false)
        } catch where !reportedFailure {
            // Reported once: a failing path must not flood the terminal on every frame.
            reportedFailure = true
            reportProblem("clavis: cannot write \(error)")
        } catch {}
    }
}
