import ClavisEngine
import GtkKit

extension KeyboardView {
    /// A press GNOME Shell handed over (`ShellHandover`: the Shell held the input, so the
    /// window got none), in the window's coordinates: the same touch as the window's own.
    ///
    ///     keyboard.handedTouch(HandedTouch(id: 0, phase: 0, x: 40, y: 560)!)
    public func handedTouch(_ touch: HandedTouch) {
        guard let window = gtk_widget_get_toplevel(widget) else { return }
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_translate_coordinates(window, widget, Int32(touch.x.rounded()), Int32(touch.y.rounded()), &x, &y) != 0 else { return }
        let (id, viewX, viewY) = (touch.trackerID, Double(x), Double(y))
        switch touch.phase {
        case .began: _ = session.touchBegan(id, x: viewX, y: viewY)
        case .moved: session.touchMoved(id, x: viewX, y: viewY)
        case .ended: session.touchEnded(id, x: viewX, y: viewY)
        case .cancelled: session.touchCancelled(id)
        }
    }
}
