import ClavisEngine
import ClavisLayout
import Foundation
import GtkKit

/// The keyboard as one GtkDrawingArea: paints the layout and turns mouse presses into key
/// activations.
///
/// One drawing area rather than a button per key (as Onboard and squeekboard do): the layout
/// decides every rectangle, every press reaches one widget, and hit testing gives the gaps
/// between keys to the nearest key. The area can never take keyboard focus, so the focused
/// text field keeps it while keys are clicked.
@MainActor
public final class KeyboardView {
    /// The drawing area; pack it into any container.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The enabled keyboards, in the order the globe key cycles through them.
    public let layouts: [KeyboardLayout]
    /// The index in `layouts` of the keyboard shown.
    public private(set) var layoutIndex = 0
    public private(set) var controller: KeyboardController
    /// The layout solved for the current layer, size and orientation.
    public private(set) var arrangement: KeyboardArrangement
    /// Where typed text goes (kept across keyboard switches).
    public var proxy: (any TextDocumentProxy)? {
        didSet { controller.proxy = proxy }
    }
    /// Called when the dismiss key is pressed.
    public var onDismiss: (() -> Void)?
    /// The size of what hosts the keyboard (the demo window while docked), whose shape
    /// decides portrait or landscape.
    public var hostSize: (width: Double, height: Double) = (0, 0) {
        didSet { if hostSize != oldValue { relayout() } }
    }
    /// The key frames for the current layer, size and orientation.
    public var geometry: KeyboardGeometry { arrangement.geometry }
    /// Called after each frame is drawn (the geometry export listens here).
    public var onDraw: (() -> Void)?
    private var tracker = PressTracker()
    private let painter = KeyPainter()

    public init(layouts: [KeyboardLayout]) {
        self.layouts = layouts.isEmpty ? [.fallback] : layouts
        controller = KeyboardController(layout: self.layouts[0])
        widget = gtk_drawing_area_new()
        arrangement = KeyboardArrangement(layout: self.layouts[0])
        gtk_widget_set_can_focus(widget, 0)
        gtk_widget_set_focus_on_click(widget, 0)
        gtk_widget_set_size_request(widget, 320, 200)
        gtk_widget_set_name(widget, "clavis-keyboard")
        gtk_widget_add_events(widget, Int32(
            GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_STRUCTURE_MASK.rawValue))

        Signal.connect(widget, "size-allocate") { [weak self] (allocation: GdkRectangle) in
            self?.resize(width: Double(allocation.width), height: Double(allocation.height))
        }
        Signal.connect(widget, "draw") { [weak self] (cairo: OpaquePointer) -> Bool in
            self?.draw(cairo)
            return true
        }
        Signal.connect(widget, "button-press-event") { [weak self] event in
            self?.buttonPressed(event.pointee.button) ?? false
        }
        Signal.connect(widget, "button-release-event") { [weak self] event in
            self?.buttonReleased(event.pointee.button) ?? false
        }
        Signal.connect(widget, "unmap") { [weak self] in
            self?.tracker.cancel()
        }
        wireController()
    }

    /// Shows the next enabled keyboard (the globe key), wrapping to the first.
    public func showNextLayout() {
        guard layouts.count > 1 else { return }
        layoutIndex = (layoutIndex + 1) % layouts.count
        tracker.cancel()
        controller = KeyboardController(layout: layouts[layoutIndex])
        controller.proxy = proxy
        arrangement = KeyboardArrangement(layout: layouts[layoutIndex])
        wireController()
        relayout()
    }

    private func wireController() {
        controller.onAppearanceChange = { [weak self] in
            guard let self else { return }
            self.tracker.cancel()
            self.arrangement.show(layer: self.controller.layer)
            self.redraw()
        }
        controller.onNextKeyboard = { [weak self] in self?.showNextLayout() }
        controller.onDismiss = { [weak self] in self?.onDismiss?() }
    }

    /// Repaints at the next frame (after a shift or focus change alters labels).
    public func redraw() {
        gtk_widget_queue_draw(widget)
    }

    /// The key at a point in the widget's coordinates.
    public func key(atX x: Double, y: Double) -> KeyDefinition? {
        geometry.key(atX: x, y: y)
    }

    private var areaSize: (width: Double, height: Double) = (0, 0)
    private var reportedError: LayoutErrors?

    private func resize(width: Double, height: Double) {
        guard (width, height) != areaSize else { return }
        areaSize = (width, height)
        relayout()
    }

    /// Re-solves for the current area and host shape (the host decides the orientation;
    /// until it is known, the area itself does).
    private func relayout() {
        guard areaSize.width > 0 else { return }
        let host = hostSize.width > 0 ? hostSize : areaSize
        arrangement.resize(width: areaSize.width, height: areaSize.height,
                           orientation: Orientation(hostWidth: host.width, hostHeight: host.height))
        if let error = arrangement.lastError, error != reportedError {
            reportedError = error
            FileHandle.standardError.write(Data("clavis: \(error)\n".utf8))
        }
        redraw()
    }

    private func draw(_ cairo: OpaquePointer) {
        painter.paint(cairo, geometry: geometry, label: controller.label(for:),
                      pressedKeyID: tracker.pressedKey?.id)
        onDraw?()
    }

    private func buttonPressed(_ event: GdkEventButton) -> Bool {
        // Double and triple clicks arrive as extra press events; each real press already came.
        guard event.button == 1, event.type == GDK_BUTTON_PRESS,
              let key = geometry.key(atX: event.x, y: event.y) else { return false }
        if let now = tracker.press(key) { controller.activate(now) }
        redraw()
        return true
    }

    private func buttonReleased(_ event: GdkEventButton) -> Bool {
        guard event.button == 1, tracker.pressedKey != nil else { return false }
        let inside = event.x >= 0 && event.y >= 0 && event.x < geometry.width && event.y < geometry.height
        if let key = tracker.release(over: inside ? geometry.key(atX: event.x, y: event.y) : nil) {
            controller.activate(key)
        }
        redraw()
        return true
    }
}
