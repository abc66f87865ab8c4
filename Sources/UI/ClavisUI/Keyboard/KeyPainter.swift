import ClavisEngine
import ClavisLayout
import ClavisPrediction
import ClavisSession
import GtkKit

/// Paints a keyboard into a cairo context: the tray, each key, its label, and the preview
/// and alternates bubbles.
///
/// With a GtkStyleContext the theme's CSS decides every colour, border and corner (see
/// docs/themes.md for the classes); without one (offscreen with no display) a built-in
/// light palette is used. The window and `clavis render` share this painter.
///
///     KeyPainter(style: gtk_widget_get_style_context(area)).paint(cairo, geometry: g, label: { $0.label })
public struct KeyPainter {
    /// The theme's style context, or `nil` for the built-in palette.
    public var style: UnsafeMutablePointer<GtkStyleContext>?
    /// Space left between neighbouring keys, in points (half on each side of a key).
    public var gap: Double = 6
    public var cornerRadius: Double = 5

    public init(style: UnsafeMutablePointer<GtkStyleContext>? = nil) {
        self.style = style
    }

    /// Paints everything a scene holds: the keys, the suggestion bar, and whichever of the
    /// preview bubble, flick guide and alternates is open.
    @MainActor
    public func paint(_ cairo: OpaquePointer, scene: KeyboardScene) {
        let scan = scene.scan
        paint(cairo, geometry: scene.geometry, label: scene.label(for:), pressedKeyIDs: scene.pressedKeyIDs,
              classes: { key in (scene.stateClasses[key.id] ?? []) + (scan.map { Self.scanClasses($0, has: $0.keyIDs.contains(key.id)) } ?? []) })
        if let bar = scene.bar, Self.isVisible(bar.strip, in: cairo) {
            paintSuggestions(cairo, bar: bar.content, strip: bar.strip, slots: bar.slots, pressed: bar.pressed,
                             classes: { slot in scan.map { Self.scanClasses($0, has: $0.slots.contains(slot)) } ?? [] })
            if let button = bar.panelButton { paintPanelButton(cairo, button, pressed: bar.panelButtonPressed) }
        }
        if let dwell = scene.dwell { paintDwell(cairo, dwell) }
        if let trail = scene.trail { paintTrail(cairo, trail) }
        if let scan, scan.isGroup || scan.isBack, Self.isVisible(scan.frame, in: cairo) {
            paintScanFrame(cairo, scan.frame, back: scan.isBack)
        }
        if let preview = scene.preview {
            paintPreview(cairo, bubble: preview.bubble(in: scene.bounds), label: preview.label)
        }
        if let guide = scene.flickGuide {
            paintFlickGuide(cairo, flick: guide.flick, label: guide.label, bounds: scene.bounds)
        }
        if let open = scene.alternates {
            paintAlternates(cairo, popup: open.open.popup, alternates: open.open.alternates,
                            selected: open.open.selected, uppercase: open.uppercase)
        }
    }

    /// Paints every key; `label` gives a key's current text, `classes` extra style classes
    /// (shift's `latched`, `locked`); pressed keys are drawn in the `:active` state.
    @MainActor
    public func paint(_ cairo: OpaquePointer, geometry: KeyboardGeometry, label: (KeyDefinition) -> String,
                      pressedKeyIDs: Set<String> = [], classes: (KeyDefinition) -> [String] = { _ in [] }) {
        let area = Rect(x: 0, y: 0, width: geometry.width, height: geometry.height)
        box(cairo, area, classes: ["keyboard"], active: false, corner: 0, fill: Palette.background)
        for keyFrame in geometry.frames where Self.isVisible(keyFrame.frame, in: cairo) {
            let key = keyFrame.key
            let rect = keyFrame.frame.insetBy(dx: gap / 2, dy: gap / 2)
            let isPressed = pressedKeyIDs.contains(key.id)
            let fill: Palette.Color = isPressed ? Palette.pressed : (key.action.isCharacter ? Palette.characterKey : Palette.functionKey)
            if style == nil {
                roundedRectangle(cairo, rect)
                setColor(cairo, Palette.shadow)
                cairo_save(cairo)
                cairo_translate(cairo, 0, 1)
                cairo_fill(cairo)
                cairo_restore(cairo)
            }
            let color = box(cairo, rect, classes: ["key"] + key.action.styleClasses + key.styles + classes(key),
                            active: isPressed, corner: cornerRadius, fill: fill,
                            text: isPressed ? Palette.pressedText : Palette.text)
            let text = label(key)
            if !text.isEmpty { drawLabel(cairo, text, in: rect, color: color) }
        }
    }

    /// Whether any of `rect` is inside the area being repainted (GTK clips a partial
    /// repaint to what changed; keys outside it are not laid out at all).
    static func isVisible(_ rect: Rect, in cairo: OpaquePointer) -> Bool {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        return rect.x < x2 && rect.maxX > x1 && rect.y < y2 && rect.maxY > y1
    }

    /// Paints the preview bubble above a held character key: its label, larger, where the
    /// finger does not cover it.
    @MainActor
    public func paintPreview(_ cairo: OpaquePointer, bubble: Rect, label: String) {
        if style == nil {
            roundedRectangle(cairo, bubble.insetBy(dx: -1.5, dy: -1.5))
            setColor(cairo, Palette.shadow)
            cairo_fill(cairo)
        }
        let color = box(cairo, bubble, classes: ["preview"], active: false, corner: cornerRadius, fill: Palette.characterKey)
        drawLabel(cairo, label, in: bubble.insetBy(dx: 0, dy: -bubble.height * 0.15), color: color)
    }

    /// Paints the flick guide over a held flick key: the key's own kana in the middle and
    /// each flick's kana beside it on its side, the one the finger points to highlighted
    /// (`flick-guide`, `selected`). Cells that would leave `bounds` are pulled inside.
    @MainActor
    public func paintFlickGuide(_ cairo: OpaquePointer, flick: OpenFlick, label: String, bounds: Rect) {
        let key = flick.frame
        var cells: [(Rect, String, Bool)] = [(key, label, flick.direction == nil)]
        for direction in FlickDirection.allCases {
            guard let text = flick.flicks[direction] else { continue }
            var cell = key
            switch direction {
            case .left: cell.x -= key.width
            case .right: cell.x += key.width
            case .up: cell.y -= key.height
            case .down: cell.y += key.height
            }
            cell.x = min(max(bounds.x, cell.x), bounds.maxX - cell.width)
            cell.y = min(max(bounds.y, cell.y), bounds.maxY - cell.height)
            cells.append((cell, text, flick.direction == direction))
        }
        for (cell, text, selected) in cells {
            let rect = cell.insetBy(dx: 1, dy: 1)
            if style == nil {
                roundedRectangle(cairo, rect.insetBy(dx: -1.5, dy: -1.5))
                setColor(cairo, Palette.shadow)
                cairo_fill(cairo)
            }
            let color = box(cairo, rect, classes: ["flick-guide"] + (selected ? ["selected"] : []), active: false,
                            corner: cornerRadius, fill: selected ? Palette.pressed : Palette.characterKey,
                            text: selected ? Palette.pressedText : Palette.text)
            drawLabel(cairo, text, in: rect, color: color)
        }
    }

    /// Paints the long-press alternates above their key, the selected one highlighted.
    @MainActor
    public func paintAlternates(_ cairo: OpaquePointer, popup: AlternatesPopup, alternates: [String],
                                selected: Int?, uppercase: Bool) {
        guard let frame = popup.frame else { return }
        if style == nil {
            roundedRectangle(cairo, frame.insetBy(dx: -2, dy: -2))
            setColor(cairo, Palette.shadow)
            cairo_fill(cairo)
        }
        let plain = box(cairo, frame, classes: ["alternates"], active: false, corner: cornerRadius, fill: Palette.characterKey)
        for (index, cell) in popup.cells.enumerated() {
            var color = plain
            if index == selected {
                color = box(cairo, cell.insetBy(dx: 2, dy: 2), classes: ["alternates", "selected"], active: false,
                            corner: cornerRadius, fill: Palette.pressed, text: Palette.pressedText)
            }
            drawLabel(cairo, uppercase ? alternates[index].uppercased() : alternates[index], in: cell, color: color)
        }
    }

    /// Paints the suggestion bar: a strip (`suggestions`) and its slots (`suggestion`, with
    /// `verbatim` for the typed letters in quotes, `best` for the highlighted one,
    /// `candidate`, `composing` and `more` for Japanese conversion, `:active` while pressed).
    @MainActor
    public func paintSuggestions(_ cairo: OpaquePointer, bar: SuggestionBar, strip: Rect, slots: [Rect], pressed: Int?,
                                 classes extra: (Int) -> [String] = { _ in [] }) {
        box(cairo, strip, classes: ["suggestions"], active: false, corner: 0, fill: Palette.background)
        for (index, rect) in slots.enumerated() {
            let kind = bar.slots[index]?.kind
            let classes = ["suggestion"] + (kind.map { $0 == .completion || $0 == .correction || $0 == .prediction ? [] : [$0.rawValue] } ?? [])
                + (index == bar.highlighted ? ["best"] : []) + extra(index)
            let color = box(cairo, rect.insetBy(dx: gap / 2, dy: gap / 2), classes: classes, active: index == pressed,
                            corner: cornerRadius, fill: index == pressed ? Palette.pressed : Palette.background,
                            text: Palette.text)
            let label = bar.label(ofSlot: index)
            // One size for the whole bar: a one-letter word ("A") is no larger than its neighbours.
            // Cut short with an ellipsis: a long word (a run of kanji, a copied paragraph)
            // never runs into its neighbours or over the ✎.
            if !label.isEmpty { drawLabel(cairo, label, in: rect, color: color, scale: Self.longLabelScale, fitting: true) }
        }
    }

    /// The bar's ✎ (`bar-button.editing`, `:active` while held), which opens the editing panel.
    @MainActor
    public func paintPanelButton(_ cairo: OpaquePointer, _ frame: Rect, pressed: Bool) {
        let rect = frame.insetBy(dx: gap / 2, dy: gap / 2)
        let color = box(cairo, rect, classes: ["bar-button", "editing"], active: pressed, corner: cornerRadius,
                        fill: pressed ? Palette.pressed : Palette.functionKey, text: pressed ? Palette.pressedText : Palette.text)
        drawLabel(cairo, EditCommand.panel.label, in: rect, color: color)
    }

    /// The classes scanning gives a key or slot it highlights: `scan-group` for each in the
    /// highlighted row or block, `scan-key` for the one key (with `held` while it repeats).
    static func scanClasses(_ scan: KeyboardScene.ScanHighlight, has item: Bool) -> [String] {
        guard item else { return [] }
        return scan.isGroup ? ["scan-group"] : ["scan-key"] + (scan.isHeld ? ["held"] : [])
    }

    /// The outline around the highlighted group (`scan-frame`; with `back` when the way out
    /// of it is highlighted), drawn over the keys so no key hides it.
    @MainActor
    public func paintScanFrame(_ cairo: OpaquePointer, _ frame: Rect, back: Bool) {
        let rect = frame.insetBy(dx: 1, dy: 1)
        guard let style else {
            roundedRectangle(cairo, rect)
            setColor(cairo, back ? Palette.scanBack : Palette.scan)
            cairo_set_line_width(cairo, 4)
            cairo_stroke(cairo)
            return
        }
        gtk_style_context_save(style)
        defer { gtk_style_context_restore(style) }
        gtk_style_context_add_class(style, "scan-frame")
        if back { gtk_style_context_add_class(style, "back") }
        gtk_render_frame(style, cairo, rect.x, rect.y, rect.width, rect.height)
    }

    /// Dwell's controls (`dwell-control` with `pause` or `long-press`, `:active` while on)
    /// and the ring (`dwell-ring`'s colour) that fills as the dwell time runs.
    @MainActor
    public func paintDwell(_ cairo: OpaquePointer, _ dwell: KeyboardScene.DwellState) {
        let controls: [(Rect, String, String, Bool)] = [
            (dwell.longPressControl, "long-press", "Hold", dwell.isLongPressArmed),
            (dwell.pauseControl, "pause", dwell.isPaused ? "Resume" : "Pause", dwell.isPaused),
        ]
        for (frame, name, label, on) in controls where Self.isVisible(frame, in: cairo) {
            let rect = frame.insetBy(dx: gap / 2, dy: gap / 2)
            let color = box(cairo, rect, classes: ["dwell-control", name], active: on, corner: cornerRadius,
                            fill: on ? Palette.pressed : Palette.functionKey, text: on ? Palette.pressedText : Palette.text)
            drawLabel(cairo, label, in: rect, color: color, scale: Self.longLabelScale)
        }
        guard let ring = dwell.ring, Self.isVisible(ring.frame, in: cairo) else { return }
        let color = themeColor(of: "dwell-ring", otherwise: Palette.scan)
        let radius = min(ring.frame.width, ring.frame.height) * 0.36
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, ring.frame.midX, ring.frame.midY, radius, -Double.pi / 2, -Double.pi / 2 + 2 * Double.pi * ring.fraction)
        setColor(cairo, color)
        cairo_set_line_width(cairo, max(3, radius * 0.18))
        cairo_stroke(cairo)
    }

    /// The trail of a swipe being drawn: its last points as a line in `.swipe-trail`'s colour,
    /// fading towards the oldest.
    @MainActor
    public func paintTrail(_ cairo: OpaquePointer, _ trail: [GestureDecoder.Point]) {
        let color = themeColor(of: "swipe-trail", otherwise: Palette.pressed)
        let shown = Array(trail.suffix(Self.trailLength))
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cairo, 6)
        for (index, (a, b)) in zip(shown, shown.dropFirst()).enumerated() {
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 0.15 + 0.75 * Double(index + 1) / Double(shown.count))
            cairo_move_to(cairo, a.x, a.y)
            cairo_line_to(cairo, b.x, b.y)
            cairo_stroke(cairo)
        }
    }

    /// The theme's `color` for a style class (what is drawn as a line, not a box), or the
    /// built-in one without a theme.
    @MainActor
    private func themeColor(of styleClass: String, otherwise fallback: Palette.Color) -> Palette.Color {
        guard let style else { return fallback }
        gtk_style_context_save(style)
        defer { gtk_style_context_restore(style) }
        gtk_style_context_add_class(style, styleClass)
        var rgba = GdkRGBA()
        gtk_style_context_get_color(style, GTK_STATE_FLAG_NORMAL, &rgba)
        return Palette.Color(red: rgba.red, green: rgba.green, blue: rgba.blue)
    }

    /// How many of a swipe's latest points its trail shows.
    static let trailLength = 60

    /// Draws a themed box (background and frame) and returns its text colour.
    @MainActor @discardableResult
    private func box(_ cairo: OpaquePointer, _ rect: Rect, classes: [String], active: Bool, corner: Double,
                     fill: Palette.Color, text: Palette.Color = Palette.text) -> Palette.Color {
        guard let style else {
            if corner > 0 { roundedRectangle(cairo, rect) } else { cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height) }
            setColor(cairo, fill)
            cairo_fill(cairo)
            return text
        }
        gtk_style_context_save(style)
        defer { gtk_style_context_restore(style) }
        for name in classes { gtk_style_context_add_class(style, name) }
        let state = active ? GTK_STATE_FLAG_ACTIVE : GTK_STATE_FLAG_NORMAL
        gtk_style_context_set_state(style, state)
        gtk_render_background(style, cairo, rect.x, rect.y, rect.width, rect.height)
        gtk_render_frame(style, cairo, rect.x, rect.y, rect.width, rect.height)
        var rgba = GdkRGBA()
        gtk_style_context_get_color(style, state, &rgba)
        return Palette.Color(red: rgba.red, green: rgba.green, blue: rgba.blue)
    }

    /// How much smaller than a one-character label longer ones are drawn ("Return", "123").
    static let longLabelScale = 0.72

    /// Draws `text` centred in `rect`, sized by the rectangle's height; `scale` fixes the
    /// size's factor (else one character is drawn full size, longer text smaller).
    @MainActor
    /// Draws `text` centred in `rect`; `fitting`: on one line cut short with an ellipsis to
    /// the rectangle's width (less a gap each side).
    private func drawLabel(_ cairo: OpaquePointer, _ text: String, in rect: Rect, color: Palette.Color, scale: Double? = nil,
                           fitting: Bool = false) {
        let font = pango_font_description_from_string("Sans")
        defer { pango_font_description_free(font) }
        let size = max(6, min(rect.height * 0.42, 22)) * (scale ?? (text.count > 1 ? Self.longLabelScale : 1))
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        let layout = pango_cairo_create_layout(cairo)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        if fitting {
            pango_layout_set_width(layout, Int32(max(1, rect.width - 2 * gap) * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_single_paragraph_mode(layout, 1)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if text == KeyAction.globeSymbol { return drawGlobe(cairo, in: rect, size: size, color: color) }
        if EmojiImages.shared.draw(cairo, layout: layout!, text: text, size: size, centredIn: rect) { return }
        var inkWidth: Int32 = 0
        var inkHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &inkWidth, &inkHeight)
        setColor(cairo, color)
        cairo_move_to(cairo, rect.midX - Double(inkWidth) / 2, rect.midY - Double(inkHeight) / 2)
        pango_cairo_show_layout(cairo, layout)
    }

    /// The globe key's symbol as a line drawing in the label's colour (a globe with its
    /// equator, two parallels and a meridian), as phone keyboards draw it; the colour emoji
    /// 🌐 would stand out from every other key's label.
    @MainActor
    private func drawGlobe(_ cairo: OpaquePointer, in rect: Rect, size: Double, color: Palette.Color) {
        let radius = size * 0.5
        let (x, y) = (rect.midX, rect.midY)
        setColor(cairo, color)
        cairo_save(cairo)
        cairo_set_line_width(cairo, max(1, size / 12))
        cairo_new_path(cairo)
        cairo_arc(cairo, x, y, radius, 0, 2 * Double.pi)
        cairo_stroke(cairo)
        // The meridian: an ellipse half as wide as the globe.
        cairo_save(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, 0.45, 1)
        cairo_arc(cairo, 0, 0, radius, 0, 2 * Double.pi)
        cairo_restore(cairo)
        cairo_stroke(cairo)
        cairo_move_to(cairo, x, y - radius)
        cairo_line_to(cairo, x, y + radius)
        for offset in [-0.5, 0.0, 0.5] {
            let half = (1 - offset * offset).squareRoot() * radius
            cairo_move_to(cairo, x - half, y + offset * radius)
            cairo_line_to(cairo, x + half, y + offset * radius)
        }
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    @MainActor
    private func roundedRectangle(_ cairo: OpaquePointer, _ rect: Rect) {
        addRoundedRectangle(cairo, rect, radius: cornerRadius)
    }

    @MainActor
    private func setColor(_ cairo: OpaquePointer, _ color: Palette.Color) {
        cairo_set_source_rgb(cairo, color.red, color.green, color.blue)
    }
}

/// The built-in light colours, for drawing without a GTK style context.
enum Palette {
    struct Color {
        var red, green, blue: Double
        init(_ hex: UInt32) {
            red = Double((hex >> 16) & 0xff) / 255
            green = Double((hex >> 8) & 0xff) / 255
            blue = Double(hex & 0xff) / 255
        }
        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    static let background = Color(0xD1D4DA)
    static let characterKey = Color(0xFFFFFF)
    static let functionKey = Color(0xADB3BC)
    static let pressed = Color(0x3B82F6)
    static let shadow = Color(0x898A8D)
    static let text = Color(0x111111)
    static let pressedText = Color(0xFFFFFF)
    static let scan = Color(0xF97316)
    static let scanBack = Color(0xDC2626)
}

extension KeyAction {
    /// The theme classes a key with this action carries besides `.key` (docs/themes.md).
    var styleClasses: [String] {
        switch self {
        case .insert: ["character"]
        case .space: ["character", "space"]
        case .tab: ["function", "tab"]
        case .backspace: ["delete"]
        case .return: ["return"]
        case .shift: ["modifier", "shift"]
        case .switchLayer: ["function", "layer"]
        case .nextKeyboard: ["next-keyboard"]
        case .previousKeyboard: ["function", "previous-keyboard"]
        case .cursorLeft, .cursorRight: ["function", "cursor"]
        case .changeForm: ["function", "change-form"]
        case .capsLock: ["modifier", "caps-lock"]
        case .modifier(let modifier): ["modifier", modifier.rawValue]
        case .key: ["function", "named"]
        case .edit(let command): ["function", "edit", command.rawValue]
        case .hands(let mode): ["function", "hands", mode.rawValue]
        case .dismiss: ["function", "dismiss"]
        }
    }
}
