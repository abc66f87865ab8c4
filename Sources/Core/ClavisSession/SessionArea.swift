import ClavisEngine
import ClavisLayout

/// The keyboard's area, the session's part: the size the host gives it, the shape of what
/// hosts it (which decides portrait or landscape), and the keys solved for both below the
/// bar's strip.
///
///     session.area.hostSize = (1280, 720)             // landscape
///     session.area.resize(width: 1280, height: 300)   // the keys are solved again
@MainActor
public final class SessionArea {
    unowned let session: KeyboardSession
    /// The layout solved for the current layer, size and orientation.
    private(set) var arrangement: KeyboardArrangement
    /// The area's size as last given (`resize`).
    private(set) var size: (width: Double, height: Double) = (0, 0)
    /// The layout problem last reported, so that each is said once.
    private var reportedError: LayoutErrors?

    init(session: KeyboardSession) {
        self.session = session
        arrangement = KeyboardArrangement(layout: session.controller.layout)
    }

    /// The size of what hosts the keyboard (the demo window while docked, the monitor),
    /// whose shape decides portrait or landscape.
    public var hostSize: (width: Double, height: Double) = (0, 0) {
        didSet { if hostSize != oldValue { relayout() } }
    }

    /// The keyboard's area has this size now.
    public func resize(width: Double, height: Double) {
        guard (width, height) != size else { return }
        size = (width, height)
        relayout()
    }

    /// The key frames for the current layer, size and orientation, below the bar's strip.
    var geometry: KeyboardGeometry { arrangement.geometry.movedDown(by: session.bar.height) }

    /// Another keyboard shows, its keys placed for the hands.
    func arrange(_ layout: KeyboardLayout, hands: HandPlacement) {
        arrangement = KeyboardArrangement(layout: layout)
        arrangement.hands = hands
    }

    /// The hands' placement changed: the keys move.
    func place(hands: HandPlacement) {
        arrangement.hands = hands
        relayout()
    }

    /// The controller's layer changed: its keys are solved (a touch survives it).
    func show(layer: String) {
        if arrangement.layerName != layer, arrangement.layout.id == session.controller.layout.id {
            arrangement.show(layer: layer)
        }
    }

    /// Re-solves for the current area and host shape (the host decides the orientation;
    /// until it is known, the area itself does).
    func relayout() {
        guard size.width > 0 else { return }
        let host = hostSize.width > 0 ? hostSize : size
        let orientation = Orientation(hostWidth: host.width, hostHeight: host.height)
        let bar = session.bar
        bar.layOut(over: nil)
        if bar.stripShown {
            // Solved once for the whole area to learn the row height the constraints give,
            // then again for the keys' share below a bar of that scale.
            arrangement.resize(width: size.width, height: size.height, orientation: orientation)
            bar.layOut(over: arrangement.geometry)
        }
        arrangement.resize(width: size.width, height: size.height - bar.height, orientation: orientation)
        if arrangement.layerName == session.controller.layout.layers.first?.name {
            session.activeMode?.keysArranged(arrangement.geometry)
        }
        if let error = arrangement.lastError, error != reportedError {
            reportedError = error
            session.report("\(error)")
        }
        session.redraw()
    }
}
