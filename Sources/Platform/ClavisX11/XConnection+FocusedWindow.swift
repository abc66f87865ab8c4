import CX11

/// Where the user types on an X11 desktop, for the keyboard that follows the focus onto its
/// monitor: the centre of the active window (`_NET_ACTIVE_WINDOW`, which a window manager
/// keeps), or of the window with the X input focus where no window manager says.
///
///     window.focusLocation = { connection.focusedWindowCentre() }
extension XConnection {
    /// The focused window's centre in root coordinates; `nil` when no window has the focus.
    public func focusedWindowCentre() -> (x: Int32, y: Int32)? {
        trappingErrors { () -> (x: Int32, y: Int32)? in
            let root = XDefaultRootWindow(display)
            var focused = activeWindow(root: root) ?? 0
            if focused == 0 {
                var revert: Int32 = 0
                XGetInputFocus(display, &focused, &revert)
            }
            // None (0) and PointerRoot (1) are no window.
            guard focused > 1, focused != root else { return nil }
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display, focused, &attributes) != 0 else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            guard XTranslateCoordinates(display, focused, root, 0, 0, &x, &y, &child) != 0 else { return nil }
            return (x + attributes.width / 2, y + attributes.height / 2)
        } ?? nil
    }

    /// The window manager's `_NET_ACTIVE_WINDOW`, if it keeps one.
    private func activeWindow(root: Window) -> Window? {
        let property = XInternAtom(display, "_NET_ACTIVE_WINDOW", 1)
        guard property != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // (Type 33 is XA_WINDOW.)
        guard XGetWindowProperty(display, root, property, 0, 1, 0, Atom(33), &type, &format, &count, &remaining, &data) == Success,
              let data else { return nil }
        defer { XFree(data) }
        guard count == 1, format == 32 else { return nil }
        return data.withMemoryRebound(to: Window.self, capacity: 1) { $0.pointee }
    }
}
