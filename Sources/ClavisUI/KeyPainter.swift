import ClavisEngine
import ClavisLayout
import GtkKit

/// Paints a keyboard into a cairo context: the background, each key as a rounded rectangle
/// and its label centred with Pango (so symbols such as ⌫ and ⇧ fall back to any font that
/// has them).
///
/// The same painter serves the window and, later, offscreen renders.
///
///     KeyPainter().paint(cairo, geometry: geometry, labels: { $0.label }, pressedKeyID: "q")
public struct KeyPainter {
    /// Space left between neighbouring keys, in points (half on each side of a key).
    public var gap: Double = 6
    public var cornerRadius: Double = 5

    public init() {}

    /// Paints every key; `label` gives a key's current text; pressed keys are highlighted.
    @MainActor
    public func paint(_ cairo: OpaquePointer, geometry: KeyboardGeometry,
                      label: (KeyDefinition) -> String, pressedKeyIDs: Set<String>) {
        setColor(cairo, Palette.background)
        cairo_paint(cairo)
        for keyFrame in geometry.frames {
            let key = keyFrame.key
            let rect = keyFrame.frame.insetBy(dx: gap / 2, dy: gap / 2)
            let isPressed = pressedKeyIDs.contains(key.id)
            let fill: Palette.Color = isPressed ? Palette.pressed
                : (key.action.isCharacter ? Palette.characterKey : Palette.functionKey)
            roundedRectangle(cairo, rect)
            setColor(cairo, Palette.shadow)
            cairo_save(cairo)
            cairo_translate(cairo, 0, 1)
            cairo_fill(cairo)
            cairo_restore(cairo)
            roundedRectangle(cairo, rect)
            setColor(cairo, fill)
            cairo_fill(cairo)

            let text = label(key)
            guard !text.isEmpty else { continue }
            drawLabel(cairo, text, in: rect, color: isPressed ? Palette.pressedText : Palette.text)
        }
    }

    /// Paints the preview bubble above a held character key: its label, larger, where the
    /// finger does not cover it.
    @MainActor
    public func paintPreview(_ cairo: OpaquePointer, key: Rect, label: String, bounds: Rect) {
        let width = key.width * 1.4
        let height = key.height
        let x = min(max(bounds.x, key.midX - width / 2), bounds.maxX - width)
        let bubble = Rect(x: x, y: max(bounds.y, key.y - height * 0.9), width: width, height: height)
        roundedRectangle(cairo, bubble.insetBy(dx: -1.5, dy: -1.5))
        setColor(cairo, Palette.shadow)
        cairo_fill(cairo)
        roundedRectangle(cairo, bubble)
        setColor(cairo, Palette.characterKey)
        cairo_fill(cairo)
        drawLabel(cairo, label, in: bubble.insetBy(dx: 0, dy: -bubble.height * 0.15), color: Palette.text)
    }

    /// Paints the long-press alternates above their key, the selected one highlighted.
    @MainActor
    public func paintAlternates(_ cairo: OpaquePointer, popup: AlternatesPopup, alternates: [String],
                                selected: Int?, uppercase: Bool) {
        guard let frame = popup.frame else { return }
        roundedRectangle(cairo, frame.insetBy(dx: -2, dy: -2))
        setColor(cairo, Palette.shadow)
        cairo_fill(cairo)
        roundedRectangle(cairo, frame)
        setColor(cairo, Palette.characterKey)
        cairo_fill(cairo)
        for (index, cell) in popup.cells.enumerated() {
            let isSelected = index == selected
            if isSelected {
                roundedRectangle(cairo, cell.insetBy(dx: 2, dy: 2))
                setColor(cairo, Palette.pressed)
                cairo_fill(cairo)
            }
            let text = uppercase ? alternates[index].uppercased() : alternates[index]
            drawLabel(cairo, text, in: cell, color: isSelected ? Palette.pressedText : Palette.text)
        }
    }

    @MainActor
    private func drawLabel(_ cairo: OpaquePointer, _ text: String, in rect: Rect, color: Palette.Color) {
        let font = pango_font_description_from_string("Sans")
        defer { pango_font_description_free(font) }
        let size = max(6, min(rect.height * 0.42, 22)) * (text.count > 1 ? 0.72 : 1)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        let layout = pango_cairo_create_layout(cairo)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        var inkWidth: Int32 = 0
        var inkHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &inkWidth, &inkHeight)
        setColor(cairo, color)
        cairo_move_to(cairo, rect.midX - Double(inkWidth) / 2, rect.midY - Double(inkHeight) / 2)
        pango_cairo_show_layout(cairo, layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    @MainActor
    private func roundedRectangle(_ cairo: OpaquePointer, _ rect: Rect) {
        let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - radius, rect.y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, rect.x + radius, rect.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, rect.x + radius, rect.y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    @MainActor
    private func setColor(_ cairo: OpaquePointer, _ color: Palette.Color) {
        cairo_set_source_rgb(cairo, color.red, color.green, color.blue)
    }
}

/// The foundation's fixed light colours; the view issue replaces them with GTK CSS themes.
enum Palette {
    struct Color {
        var red, green, blue: Double
        init(_ hex: UInt32) {
            red = Double((hex >> 16) & 0xff) / 255
            green = Double((hex >> 8) & 0xff) / 255
            blue = Double(hex & 0xff) / 255
        }
    }

    static let background = Color(0xD1D4DA)
    static let characterKey = Color(0xFFFFFF)
    static let functionKey = Color(0xADB3BC)
    static let pressed = Color(0x3B82F6)
    static let shadow = Color(0x898A8D)
    static let text = Color(0x111111)
    static let pressedText = Color(0xFFFFFF)
}

extension KeyAction {
    /// Whether a held key shows a preview bubble (keys that type text, as on iOS).
    var showsPreview: Bool {
        if case .insert = self { return true }
        return false
    }

    /// Whether the key types a visible character (drawn light, like iOS's letter keys).
    var isCharacter: Bool {
        switch self {
        case .insert, .space: true
        default: false
        }
    }
}
