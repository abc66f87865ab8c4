import ClavisEngine
import GtkKit

extension KeyboardView {
    /// A press GNOME Shell handed over (`ShellTouchService`: the Shell held the input, so the
    /// window got none), in the window's coordinates: the same touch as the window's own.
    /// The pointer is the pointer; each finger gets an id no GDK touch sequence has.
    ///
    ///     keyboard.shellTouch(.init(id: 0, phase: .began, x: 40, y: 560))
    public func shellTouch(_ touch: ShellTouchService.Touch) {
        guard let window = gtk_widget_get_toplevel(widget) else { return }
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_translate_coordinates(window, widget, Int32(touch.x.rounded()), Int32(touch.y.rounded()), &x, &y) != 0 else { return }
        let id: TouchTracker.TouchID = touch.id == 0 ? TouchTracker.pointer : Self.shellTouchBase + TouchTracker.TouchID(touch.id)
        let (viewX, viewY) = (Double(x), Double(y))
        switch touch.phase {
        case .began: _ = session.touchBegan(id, x: viewX, y: viewY)
        case .moved: session.touchMoved(id, x: viewX, y: viewY)
        case .ended: session.touchEnded(id, x: viewX, y: viewY)
        case .cancelled: session.touchCancelled(id)
        }
    }

    /// Above every address a GDK sequence (a pointer) can have.
    static let shellTouchBase: TouchTracker.TouchID = 1 << 63
}
